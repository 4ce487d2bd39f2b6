import type { Product } from '../../../functions/data/product-repository';

/**
 * The LINEA seed catalogue: what a fresh local shop (and every test that seeds it) sells.
 * Prices are integer Rappen, VAT included. Higher sortOrder shows first. Exactly four products
 * are featured (the home page shows three) and two are sold out, so both limits are visible.
 * Every image is an original SVG under web/public/images/products, one per colour.
 * Every product also carries its German name, description and colour names, in Swiss spelling (no "ß").
 */

const TOPS = ['XS', 'S', 'M', 'L', 'XL'];
const BOTTOMS = ['XS', 'S', 'M', 'L', 'XL'];
const ONE_SIZE = ['One Size'];

/** The German name of every colour the seed uses, keyed by the colour's English name. */
const GERMAN_COLOUR_NAMES: Record<string, string> = {
  Chalk: 'Kreideweiss',
  Ecru: 'Ecru',
  Sand: 'Sand',
  Stone: 'Stein',
  Camel: 'Camel',
  Cognac: 'Cognac',
  Olive: 'Oliv',
  'Pale Blue': 'Hellblau',
  Indigo: 'Indigo',
  Navy: 'Marineblau',
  Charcoal: 'Anthrazit',
  Black: 'Schwarz',
};

/** Colour key → German name for `colors`; throws on a colour without one, so none ships in English. */
function deColors(colors: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    colors.map((color) => {
      const german = GERMAN_COLOUR_NAMES[color];
      if (german === undefined) throw new Error(`The seed colour "${color}" has no German name`);
      return [color, german];
    }),
  );
}

/** The product with its German name and description, and German names for its own colours. */
function withGerman(
  product: Omit<Product, 'translations' | 'active'>,
  de: { name: string; description: string },
): Product {
  return { ...product, active: true, translations: { de: { ...de, colors: deColors(product.colors) } } };
}

function images(id: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `/images/products/${id}-${i + 1}.svg`);
}

export const seedCatalogue: Product[] = [
  // Basics
  withGerman(
    {
      id: 'essential-organic-tee',
      name: 'Essential Organic Tee',
      description:
        'Cut from a dense 220 g/m² jersey of GOTS-certified organic cotton, knitted and garment-dyed in Portugal. A straight, slightly relaxed fit with a narrow ribbed neckline that keeps its shape wash after wash. Machine wash at 30 °C inside out and dry flat.',
      price: 4900,
      category: 'Basics',
      stockQuantity: 48,
      featured: true,
      sizes: TOPS,
      colors: ['Chalk', 'Black', 'Stone'],
      images: images('essential-organic-tee', 3),
      sortOrder: 170,
      createdAt: '2026-01-12T09:00:00.000Z',
    },
    {
      name: 'T-Shirt aus Bio-Baumwolle',
      description:
        'Aus einem dichten Jersey mit 220 g/m² aus GOTS-zertifizierter Bio-Baumwolle, in Portugal gestrickt und stückgefärbt. Eine gerade, leicht lockere Passform mit einem schmalen, gerippten Halsausschnitt, der Wäsche um Wäsche seine Form behält. Auf links gedreht bei 30 °C in der Maschine waschen und liegend trocknen.',
    },
  ),
  withGerman(
    {
      id: 'merino-crew-sweater',
      name: 'Merino Crew Sweater',
      description:
        'Fully fashioned from extra-fine 18.5-micron merino, spun in Biella and knitted in a family workshop in Scotland. A regular fit with ribbed collar, cuffs and hem, light enough to layer under a coat and warm enough to wear alone. Hand wash cold or use the wool cycle; dry flat.',
      price: 14900,
      category: 'Basics',
      stockQuantity: 32,
      featured: true,
      sizes: TOPS,
      colors: ['Charcoal', 'Sand', 'Navy'],
      images: images('merino-crew-sweater', 3),
      sortOrder: 160,
      createdAt: '2026-09-02T08:30:00.000Z',
    },
    {
      name: 'Merino-Pullover mit Rundhalsausschnitt',
      description:
        'Vollständig formgestrickt aus extrafeiner Merinowolle mit 18,5 Mikron, gesponnen in Biella und gestrickt in einem Familienbetrieb in Schottland. Eine reguläre Passform mit Rippstrick an Ausschnitt, Bündchen und Saum, leicht genug, um ihn unter einem Mantel zu tragen, und warm genug, um ihn allein zu tragen. Kalt von Hand oder im Wollprogramm waschen; liegend trocknen.',
    },
  ),
  withGerman(
    {
      id: 'oxford-button-down-shirt',
      name: 'Oxford Button-Down Shirt',
      description:
        'Woven from a soft two-ply cotton oxford and sewn in Italy with single-needle seams and mother-of-pearl buttons. A tailored yet easy fit, with a button-down collar that rolls naturally and a curved hem to wear in or out. Machine wash at 40 °C and iron while slightly damp.',
      price: 11900,
      category: 'Basics',
      stockQuantity: 27,
      featured: false,
      sizes: TOPS,
      colors: ['Chalk', 'Pale Blue'],
      images: images('oxford-button-down-shirt', 2),
      sortOrder: 150,
      createdAt: '2026-03-18T10:15:00.000Z',
    },
    {
      name: 'Oxford-Hemd mit Button-down-Kragen',
      description:
        'Aus einem weichen, zweifach gezwirnten Baumwoll-Oxford gewebt und in Italien mit einnadligen Nähten und Perlmuttknöpfen genäht. Eine körpernahe und doch bequeme Passform, mit einem Button-down-Kragen, der sich natürlich wölbt, und einem abgerundeten Saum, der sich eingesteckt wie offen tragen lässt. Bei 40 °C in der Maschine waschen und leicht feucht bügeln.',
    },
  ),
  withGerman(
    {
      id: 'cashmere-roll-neck',
      name: 'Cashmere Roll Neck',
      description:
        'Knitted from grade-A Mongolian cashmere and finished in Scotland for a dense, soft hand that only improves with wear. A relaxed fit with a generous folded roll neck and long ribbed cuffs. Hand wash cold with a wool detergent, dry flat and store folded.',
      price: 24900,
      category: 'Basics',
      stockQuantity: 0,
      featured: false,
      sizes: TOPS,
      colors: ['Camel', 'Black'],
      images: images('cashmere-roll-neck', 2),
      sortOrder: 140,
      createdAt: '2026-10-06T09:45:00.000Z',
    },
    {
      name: 'Kaschmir-Rollkragenpullover',
      description:
        'Aus mongolischem Kaschmir der Güteklasse A gestrickt und in Schottland veredelt, für einen dichten, weichen Griff, der mit jedem Tragen noch gewinnt. Eine lockere Passform mit einem grosszügigen, umgeschlagenen Rollkragen und langen Rippbündchen. Kalt von Hand mit Wollwaschmittel waschen, liegend trocknen und gefaltet aufbewahren.',
    },
  ),

  // Outerwear
  withGerman(
    {
      id: 'tailored-wool-coat',
      name: 'Tailored Wool Coat',
      description:
        'A single-breasted overcoat in a dense wool and cashmere melton, woven in Italy and tailored in Portugal. Cut long and clean through the body, with notch lapels, flap pockets, horn buttons and a full cupro lining. Dry clean only; brush after wear and keep on a shaped hanger.',
      price: 49900,
      category: 'Outerwear',
      stockQuantity: 12,
      featured: true,
      sizes: TOPS,
      colors: ['Camel', 'Charcoal'],
      images: images('tailored-wool-coat', 2),
      sortOrder: 130,
      createdAt: '2026-09-22T08:00:00.000Z',
    },
    {
      name: 'Einreihiger Wollmantel',
      description:
        'Ein einreihiger Mantel aus dichtem Melton aus Wolle und Kaschmir, in Italien gewebt und in Portugal geschneidert. Lang und mit klarer Linie geschnitten, mit Stufenrevers, Pattentaschen, Hornknöpfen und einem durchgehenden Futter aus Cupro. Nur chemisch reinigen; nach dem Tragen ausbürsten und auf einem Formbügel aufbewahren.',
    },
  ),
  withGerman(
    {
      id: 'cotton-gabardine-trench',
      name: 'Cotton Gabardine Trench',
      description:
        'Made in Portugal from a tightly woven, water-repellent cotton gabardine, with every classic detail: gun flap, epaulettes, buckled cuff straps and a full belt. Double-breasted, with a relaxed and slightly A-line fit that sits easily over tailoring. Professional clean only.',
      price: 42900,
      category: 'Outerwear',
      stockQuantity: 9,
      featured: false,
      sizes: TOPS,
      colors: ['Sand', 'Navy'],
      images: images('cotton-gabardine-trench', 2),
      sortOrder: 120,
      createdAt: '2026-03-04T11:00:00.000Z',
    },
    {
      name: 'Trenchcoat aus Baumwollgabardine',
      description:
        'In Portugal aus einer dicht gewebten, wasserabweisenden Baumwollgabardine gefertigt, mit allen klassischen Details: Sturmpasse, Schulterklappen, Ärmelriegel mit Schnalle und ein durchgehender Gürtel. Zweireihig, mit einer lockeren, leicht ausgestellten A-Linie, die sich mühelos über Sakko und Anzug tragen lässt. Nur professionell reinigen lassen.',
    },
  ),
  withGerman(
    {
      id: 'lightweight-down-vest',
      name: 'Lightweight Down Vest',
      description:
        'Filled with RDS-certified 90/10 down in a featherlight recycled nylon shell with a water-repellent finish. A trim, layerable fit with a stand collar, two-way zip and zipped hand pockets. Machine wash at 30 °C on a gentle cycle and tumble dry low to restore the loft.',
      price: 18900,
      category: 'Outerwear',
      stockQuantity: 0,
      featured: false,
      sizes: TOPS,
      colors: ['Olive', 'Black'],
      images: images('lightweight-down-vest', 2),
      sortOrder: 110,
      createdAt: '2026-10-20T09:30:00.000Z',
    },
    {
      name: 'Leichte Daunenweste',
      description:
        'Gefüllt mit RDS-zertifizierten Daunen (90/10) in einer federleichten Hülle aus recyceltem Nylon mit wasserabweisender Ausrüstung. Eine schmale Passform, die sich gut in Lagen tragen lässt, mit Stehkragen, Zwei-Wege-Reissverschluss und Eingrifftaschen mit Reissverschluss. Bei 30 °C im Schonwaschgang in der Maschine waschen und bei niedriger Temperatur im Tumbler trocknen, damit die Daunen ihre Bauschkraft zurückgewinnen.',
    },
  ),
  withGerman(
    {
      id: 'canvas-chore-jacket',
      name: 'Canvas Chore Jacket',
      description:
        'An unlined work jacket in 12 oz organic cotton canvas, woven and garment-washed in Portugal for a soft, lived-in feel from the first day. Boxy and easy, with a point collar, corozo buttons and three patch pockets. Machine wash at 30 °C; it softens and fades gracefully over time.',
      price: 22900,
      category: 'Outerwear',
      stockQuantity: 18,
      featured: false,
      sizes: TOPS,
      colors: ['Stone', 'Navy'],
      images: images('canvas-chore-jacket', 2),
      sortOrder: 100,
      createdAt: '2026-04-15T10:00:00.000Z',
    },
    {
      name: 'Arbeitsjacke aus Canvas',
      description:
        'Eine ungefütterte Arbeitsjacke aus Bio-Baumwoll-Canvas mit 12 oz, in Portugal gewebt und stückgewaschen, für einen weichen, eingetragenen Griff vom ersten Tag an. Kastig und bequem geschnitten, mit Spitzkragen, Corozo-Knöpfen und drei aufgesetzten Taschen. Bei 30 °C in der Maschine waschen; mit der Zeit wird sie weicher und bleicht schön aus.',
    },
  ),

  // Bottoms
  withGerman(
    {
      id: 'pleated-wide-trousers',
      name: 'Pleated Wide Trousers',
      description:
        'Tailored in Italy from a fluid wool-blend twill with a fine, dry handle. A high waist with double forward pleats falls into a wide, straight leg with a sharp pressed crease. Dry clean or hand wash cold; steam to refresh the crease.',
      price: 16900,
      category: 'Bottoms',
      stockQuantity: 24,
      featured: true,
      sizes: BOTTOMS,
      colors: ['Stone', 'Black'],
      images: images('pleated-wide-trousers', 2),
      sortOrder: 90,
      createdAt: '2026-05-08T09:00:00.000Z',
    },
    {
      name: 'Weite Bundfaltenhose',
      description:
        'In Italien aus einem fliessenden Twill aus Wollmischung mit feinem, trockenem Griff geschneidert. Ein hoher Bund mit doppelten, nach innen gelegten Bundfalten geht in ein weites, gerades Bein mit scharfer Bügelfalte über. Chemisch reinigen oder kalt von Hand waschen; die Bügelfalte mit Dampf auffrischen.',
    },
  ),
  withGerman(
    {
      id: 'slim-cotton-chinos',
      name: 'Slim Cotton Chinos',
      description:
        'Sewn in Portugal from a compact cotton twill with a touch of stretch for comfort through a long day. A slim, tapered leg with a mid rise, slanted side pockets and a neat turn-up at the hem. Machine wash at 30 °C and hang to dry.',
      price: 12900,
      category: 'Bottoms',
      stockQuantity: 41,
      featured: false,
      sizes: BOTTOMS,
      colors: ['Sand', 'Navy', 'Olive'],
      images: images('slim-cotton-chinos', 3),
      sortOrder: 80,
      createdAt: '2026-02-10T08:45:00.000Z',
    },
    {
      name: 'Schmale Chinohose aus Baumwolle',
      description:
        'In Portugal aus einem kompakten Baumwolltwill mit etwas Stretch genäht, für Komfort auch an langen Tagen. Ein schmales, zulaufendes Bein mit mittlerer Leibhöhe, schrägen Seitentaschen und einem sauberen Umschlag am Saum. Bei 30 °C in der Maschine waschen und hängend trocknen.',
    },
  ),
  withGerman(
    {
      id: 'selvedge-straight-jeans',
      name: 'Selvedge Straight Jeans',
      description:
        'Cut from 13.5 oz Japanese selvedge denim, rope-dyed and woven on vintage shuttle looms in Okayama. A classic five-pocket straight leg with copper rivets and contrast stitching. Wash rarely, inside out and cold, and let the fades develop.',
      price: 15900,
      category: 'Bottoms',
      stockQuantity: 36,
      featured: false,
      sizes: BOTTOMS,
      colors: ['Indigo', 'Black'],
      images: images('selvedge-straight-jeans', 2),
      sortOrder: 70,
      createdAt: '2026-06-03T10:30:00.000Z',
    },
    {
      name: 'Gerade Selvedge-Jeans',
      description:
        'Aus japanischem Selvedge-Denim mit 13,5 oz, im Rope-Dyeing-Verfahren gefärbt und in Okayama auf historischen Schützenwebstühlen gewebt. Ein klassischer Five-Pocket-Schnitt mit geradem Bein, Kupfernieten und Kontrastnähten. Selten, auf links gedreht und kalt waschen, damit sich mit der Zeit die typischen Ausbleichungen entwickeln.',
    },
  ),
  withGerman(
    {
      id: 'linen-drawstring-trousers',
      name: 'Linen Drawstring Trousers',
      description:
        'Woven from European flax and garment-washed in Lithuania for a soft, relaxed drape. A loose, easy leg with an elasticated waist, a cotton drawstring and deep side pockets. Machine wash at 30 °C; the natural creases are part of the character.',
      price: 13900,
      category: 'Bottoms',
      stockQuantity: 15,
      featured: false,
      sizes: BOTTOMS,
      colors: ['Ecru', 'Olive'],
      images: images('linen-drawstring-trousers', 2),
      sortOrder: 60,
      createdAt: '2026-05-26T09:15:00.000Z',
    },
    {
      name: 'Leinenhose mit Tunnelzug',
      description:
        'Aus europäischem Flachs gewebt und in Litauen stückgewaschen, für einen weichen, lässigen Fall. Ein weites, bequemes Bein mit elastischem Bund, einem Tunnelzug aus Baumwolle und tiefen Seitentaschen. Bei 30 °C in der Maschine waschen; die natürlichen Knitterfalten gehören zum Charakter.',
    },
  ),

  // Accessories
  withGerman(
    {
      id: 'ribbed-merino-beanie',
      name: 'Ribbed Merino Beanie',
      description:
        'Knitted in Scotland from soft, non-itch extra-fine merino in a deep rib. A close, comfortable fit with a generous turn-up to wear high or low. Hand wash cold and dry flat.',
      price: 4500,
      category: 'Accessories',
      stockQuantity: 55,
      featured: false,
      sizes: ONE_SIZE,
      colors: ['Charcoal', 'Camel', 'Olive'],
      images: images('ribbed-merino-beanie', 3),
      sortOrder: 50,
      createdAt: '2026-10-13T08:00:00.000Z',
    },
    {
      name: 'Merino-Mütze in Rippstrick',
      description:
        'In Schottland aus weicher, nicht kratzender extrafeiner Merinowolle in tiefem Rippstrick gestrickt. Eine anliegende, bequeme Passform mit grosszügigem Umschlag, um sie höher oder tiefer zu tragen. Kalt von Hand waschen und liegend trocknen.',
    },
  ),
  withGerman(
    {
      id: 'vegetable-tanned-leather-belt',
      name: 'Vegetable-Tanned Leather Belt',
      description:
        'Cut from a single strip of vegetable-tanned Tuscan leather with hand-finished edges and a solid brass buckle. Thirty-five millimetres wide, for denim and tailoring alike, and adjustable to fit waists from 76 to 96 cm. It deepens to a rich patina with wear; wipe with a dry cloth and condition now and then.',
      price: 8900,
      category: 'Accessories',
      stockQuantity: 22,
      featured: false,
      sizes: ONE_SIZE,
      colors: ['Cognac', 'Black'],
      images: images('vegetable-tanned-leather-belt', 2),
      sortOrder: 40,
      createdAt: '2026-07-14T10:00:00.000Z',
    },
    {
      name: 'Gürtel aus pflanzlich gegerbtem Leder',
      description:
        'Aus einem einzigen Streifen pflanzlich gegerbten toskanischen Leders geschnitten, mit von Hand veredelten Kanten und einer Schnalle aus massivem Messing. Fünfunddreissig Millimeter breit, zu Denim ebenso wie zum Anzug, und verstellbar für einen Taillenumfang von 76 bis 96 cm. Mit dem Tragen entwickelt er eine tiefe, satte Patina; mit einem trockenen Tuch abwischen und ab und zu mit Lederpflege behandeln.',
    },
  ),
  withGerman(
    {
      id: 'organic-canvas-tote',
      name: 'Organic Canvas Tote',
      description:
        'A sturdy everyday tote in 16 oz organic cotton canvas, sewn in Portugal with box-stitched handles long enough for the shoulder. Roomy enough for a laptop and the weekly market. Spot clean or machine wash cold, then air dry.',
      price: 6900,
      category: 'Accessories',
      stockQuantity: 60,
      featured: false,
      sizes: ONE_SIZE,
      colors: ['Ecru', 'Black'],
      images: images('organic-canvas-tote', 2),
      sortOrder: 30,
      createdAt: '2026-04-02T09:00:00.000Z',
    },
    {
      name: 'Canvas-Tasche aus Bio-Baumwolle',
      description:
        'Eine robuste Tasche für jeden Tag aus Bio-Baumwoll-Canvas mit 16 oz, in Portugal genäht, mit quadratisch aufgesteppten Henkeln, die lang genug für die Schulter sind. Geräumig genug für einen Laptop und den Einkauf auf dem Wochenmarkt. Punktuell reinigen oder kalt in der Maschine waschen, dann an der Luft trocknen.',
    },
  ),
  withGerman(
    {
      id: 'lambswool-scarf',
      name: 'Lambswool Scarf',
      description:
        'Woven in a Scottish mill from soft Geelong lambswool in a fine twill, then gently brushed for light, airy warmth. Generously sized at 190 × 35 cm, with hand-twisted fringes. Hand wash cold or dry clean; dry flat.',
      price: 9900,
      category: 'Accessories',
      stockQuantity: 19,
      featured: false,
      sizes: ONE_SIZE,
      colors: ['Camel', 'Charcoal'],
      images: images('lambswool-scarf', 2),
      sortOrder: 20,
      createdAt: '2026-11-03T08:30:00.000Z',
    },
    {
      name: 'Schal aus Lammwolle',
      description:
        'In einer schottischen Weberei aus weicher Geelong-Lammwolle in feinem Twill gewebt und anschliessend sanft gebürstet, für leichte, luftige Wärme. Grosszügig bemessen mit 190 × 35 cm, mit von Hand gedrehten Fransen. Kalt von Hand waschen oder chemisch reinigen; liegend trocknen.',
    },
  ),
  withGerman(
    {
      id: 'organic-cotton-socks',
      name: 'Organic Cotton Socks',
      description:
        'Knitted in Italy from long-staple organic cotton, with a reinforced heel and a hand-linked, seamless toe. A ribbed leg that stays up without pinching; one pair fits EU sizes 39 to 46. Machine wash at 40 °C.',
      price: 2400,
      category: 'Accessories',
      stockQuantity: 4,
      featured: false,
      sizes: ONE_SIZE,
      colors: ['Chalk', 'Charcoal', 'Navy'],
      images: images('organic-cotton-socks', 3),
      sortOrder: 10,
      createdAt: '2026-01-27T09:00:00.000Z',
    },
    {
      name: 'Socken aus Bio-Baumwolle',
      description:
        'In Italien aus langstapliger Bio-Baumwolle gestrickt, mit verstärkter Ferse und von Hand gekettelter, nahtloser Spitze. Ein gerippter Schaft, der hält, ohne einzuschneiden; ein Paar passt für die EU-Grössen 39 bis 46. Bei 40 °C in der Maschine waschen.',
    },
  ),
];
