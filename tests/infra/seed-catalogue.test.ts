/**
 * The seed catalogue speaks German too: every product passes the admin form's contract with its
 * German texts, has its own German name, description and colour names in Swiss spelling, and
 * German shoppers find it by the words they type.
 */
import { productInput } from '@linea/shared/contracts/products';
import { normaliseForSearch, searchProducts } from '@linea/shared/domain/search';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../infra/local/seed/catalogue';

/** The word a German shopper searches each product by, which its German name must contain. */
const GERMAN_SEARCH_WORD: Record<string, string> = {
  'essential-organic-tee': 'T-Shirt',
  'merino-crew-sweater': 'Pullover',
  'oxford-button-down-shirt': 'Hemd',
  'cashmere-roll-neck': 'Pullover',
  'tailored-wool-coat': 'Mantel',
  'cotton-gabardine-trench': 'Trenchcoat',
  'lightweight-down-vest': 'Weste',
  'canvas-chore-jacket': 'Jacke',
  'pleated-wide-trousers': 'Hose',
  'slim-cotton-chinos': 'Chino',
  'selvedge-straight-jeans': 'Jeans',
  'linen-drawstring-trousers': 'Hose',
  'ribbed-merino-beanie': 'Mütze',
  'vegetable-tanned-leather-belt': 'Gürtel',
  'organic-canvas-tote': 'Tasche',
  'lambswool-scarf': 'Schal',
  'organic-cotton-socks': 'Socken',
};

const ids = (query: string) => searchProducts(seedCatalogue, query).map((product) => product.id);
const idsWhere = (keep: (product: (typeof seedCatalogue)[number]) => boolean) =>
  seedCatalogue.filter(keep).map((product) => product.id);

describe('seed catalogue in German', () => {
  it('names a search word for every product', () => {
    expect(Object.keys(GERMAN_SEARCH_WORD).sort()).toEqual(seedCatalogue.map((product) => product.id).sort());
  });

  it.each(seedCatalogue)('$id is a valid product input, German texts included', (product) => {
    const { name, description, price, category, stockQuantity, featured, sizes, colors, images, translations } =
      product;
    const result = productInput.safeParse({
      name,
      description,
      price,
      category,
      stockQuantity,
      featured,
      sizes,
      colors,
      images,
      translations,
    });
    expect(result.error).toBeUndefined();
    // Nothing was trimmed or dropped on the way through.
    expect(result.data?.translations).toEqual(translations);
  });

  it.each(seedCatalogue)('$id has its own German name, description and colour names', (product) => {
    const de = product.translations?.de;
    expect(de?.name?.trim()).toBeTruthy();
    expect(de?.description?.trim()).toBeTruthy();
    expect(de?.name).not.toBe(product.name);
    expect(de?.description).not.toBe(product.description);
    expect(Object.keys(de?.colors ?? {}).sort()).toEqual([...product.colors].sort());
    for (const color of product.colors) expect(de?.colors?.[color]?.trim()).toBeTruthy();
  });

  it.each(seedCatalogue)('$id is written in Swiss spelling, without "ß"', (product) => {
    const de = product.translations?.de;
    const texts = [de?.name ?? '', de?.description ?? '', ...Object.values(de?.colors ?? {})];
    for (const text of texts) expect(text).not.toContain('ß');
  });

  it.each(seedCatalogue)('$id is found by its German word in its German name', (product) => {
    const word = GERMAN_SEARCH_WORD[product.id] ?? '';
    expect(normaliseForSearch(product.translations?.de?.name ?? '')).toContain(normaliseForSearch(word));
    expect(ids(word)).toContain(product.id);
  });
});

describe('searching the seed catalogue in German', () => {
  it('finds only trousers and jeans for "Hose", the trousers among them', () => {
    const found = searchProducts(seedCatalogue, 'Hose');
    expect(found.map((product) => product.category)).toEqual(found.map(() => 'Bottoms'));
    expect(found.map((product) => product.id)).toEqual(
      expect.arrayContaining(['pleated-wide-trousers', 'linen-drawstring-trousers']),
    );
    // The category is "Hosen" in German, so the whole category answers.
    expect(found.map((product) => product.id).sort()).toEqual(
      idsWhere((product) => product.category === 'Bottoms').sort(),
    );
  });

  it('finds the two sweaters for "Pullover"', () => {
    expect(ids('Pullover').sort()).toEqual(['cashmere-roll-neck', 'merino-crew-sweater']);
  });

  it('finds exactly the one-size products for "Groesse" ("Einheitsgrösse")', () => {
    expect(ids('Groesse').sort()).toEqual(idsWhere((product) => product.sizes.includes('One Size')).sort());
  });
});
