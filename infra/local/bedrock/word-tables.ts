/**
 * Language tables. Every word is matched after normaliseForSearch (case, accents, umlauts typed as
 * ä/ae/a, ß as ss), on whole words: "Größe", "Grösse" and "groesse" are one word. A `*` at the
 * end of a word allows any ending (plurals, German compounds: "versand*" is "Versandkosten" too),
 * at its start any beginning ("*jacke" is "Winterjacke"). Phrases match words in a row.
 */
import { normaliseForSearch } from '../../../shared/domain/search';

export interface Words {
  readonly en: readonly string[];
  readonly de: readonly string[];
}

/** What a question is about, first match wins in the order of `understand` (not of this table). */
// prettier-ignore
export const INTENT_WORDS = {
  /** Attempts to get the instructions, other people's data, admin data or passwords: a polite refusal. */
  refusal: {
    en: [
      'ignore all', 'ignore previous', 'ignore prior', 'ignore the above', 'ignore your', 'disregard*',
      'system prompt', 'your prompt', 'the prompt', 'initial prompt', 'your instructions', 'previous instructions',
      'prior instructions', 'system instructions', 'your rules', 'reveal*', 'repeat the text', 'jailbreak',
      'developer mode', 'other customer*', 'another customer*', 'all customers', 'customer list', 'customer data',
      'someone else*', 'her order*', 'his order*', 'their order*', 'orders of', 'admin*', 'password*',
      'credential*', 'api key*', 'secret key*', 'access token*',
    ],
    de: [
      'ignorier*', 'vergiss alle', 'vergiss deine', 'vergessen sie alle', 'systemprompt', 'anweisung*',
      'instruktion*', 'andere kunden', 'anderer kunden', 'anderen kunden', 'fremde bestellung*', 'alle kunden',
      'kundenliste', 'kundendaten', 'seine bestellung*', 'bestellungen von', 'bestellung von', 'admin*',
      'administrator*', 'passwort*', 'kennwort*', 'zugangsdaten',
    ],
  },
  /** The caller's own orders: `my_orders` when offered, else how to sign in. */
  orders: {
    en: [
      'where is my', 'wheres my', 'my order*', 'order status', 'status of my', 'order number', 'ordered',
      'tracking', 'track*', 'parcel*', 'package*', 'shipment*', 'my delivery', 'delivery status', 'my purchase*',
    ],
    de: [
      'wo ist mein*', 'wo bleibt', 'meine bestellung*', 'bestellt', 'bestellstatus', 'bestellnummer', 'paket*',
      'sendung*', 'meine lieferung', 'lieferstatus',
    ],
  },
  /** "order" on its own: the orders, but only when nothing else in the question fits better. */
  ordersLoosely: { en: ['order', 'orders', 'purchase*'], de: ['bestellung*', 'bestellen'] },
  /** A size question: `size_advice` with a measurement, else a question for the measurement. */
  size: {
    en: ['size', 'sizes', 'sizing', 'chest', 'waist', 'measure*', 'fit me', 'fits me', 'it fit', 'will fit', 'right fit'],
    de: ['grosse', 'grossen', 'konfektionsgrosse', 'brust*', 'taille*', 'bund', 'bundweite', 'passt', 'passen'],
  },
  /** Size questions about these use the waist (bottoms) table; all others the chest (tops). */
  bottoms: {
    en: ['waist', 'trousers', 'pants', 'jeans', 'chino*', 'slacks', 'bottoms', 'inseam'],
    de: ['taille*', 'bund', 'bundweite', '*hose', '*hosen', 'jeans', 'chino*'],
  },
  /** A product's sizes, colours or stock: after a search with one hit, `get_product` for it. */
  details: {
    en: ['sizes', 'come in', 'comes in', 'colour*', 'color*', 'stock', 'available', 'availability', 'sold out'],
    de: ['grossen', 'farbe*', 'verfugbar*', 'erhaltlich', 'lieferbar', 'vorratig', 'lager', 'ausverkauft', 'gibt es'],
  },
  /** `shop_policies`, topic `returns` (before orders: "return my order" is about returning). */
  returns: {
    en: ['return*', 'refund*', 'exchange*', 'send back', 'send it back', 'money back'],
    de: ['rucksend*', 'ruckgab*', 'umtausch*', 'zuruck*', 'ruckerstatt*', 'erstattung', 'retour*'],
  },
  /** `shop_policies`, topic `dispatch` (beats shipping: "how long does shipping take"). */
  dispatch: {
    en: ['dispatch*', 'how long', 'how soon', 'how fast', 'how quickly', 'delivery time*', 'arrive', 'processing time'],
    de: ['lieferzeit*', 'wie lange', 'wie schnell', 'versanddauer', 'versendet', 'verschickt', 'bearbeitungszeit', 'ankommt'],
  },
  /** `shop_policies`, topic `shipping`. */
  shipping: {
    en: ['shipping', 'ship', 'ships', 'postage', 'delivery', 'deliver', 'delivery cost*', 'abroad', 'international*', 'countr*'],
    de: ['versand*', 'lieferung', 'liefern', 'liefert', 'lieferkosten', 'porto', 'ausland', 'lander'],
  },
  /** `shop_policies`, topic `contact`: hours, how to reach the team. */
  contact: {
    en: [
      'contact*', 'opening hours', 'opening times', 'hours', 'open', 'phone', 'call you', 'email', 'e mail',
      'customer service', 'customer care', 'support', 'reach you', 'talk to', 'speak to', 'human',
    ],
    de: [
      'kontakt*', 'offnungszeit*', 'geoffnet', 'offen', 'erreich*', 'kundendienst', 'kundenservice', 'telefon*',
      'anrufen', 'mail', 'sprechen',
    ],
  },
  /** `shop_policies`, topic `all`. */
  policies: { en: ['policies', 'policy', 'terms', 'conditions'], de: ['agb', 'bedingungen', 'richtlinien'] },
  /** A product question even without a garment, colour or price in it: `search_products`. */
  products: {
    en: [
      'looking for', 'look for', 'do you have', 'have you got', 'do you sell', 'do you carry', 'show me',
      'recommend*', 'suggest*', 'search*', 'find', 'buy', 'want', 'need', 'id like', 'something',
    ],
    de: [
      'suche*', 'haben sie', 'habt ihr', 'hast du', 'gibt es', 'zeig*', 'empfehl*', 'brauche', 'kaufen', 'mochte',
      'verkaufen sie', 'etwas',
    ],
  },
  /** Only a greeting: what the assistant can do. */
  greeting: {
    en: ['hi', 'hello', 'hey', 'good morning', 'good afternoon', 'good evening'],
    de: ['hallo', 'gruezi', 'gruss gott', 'guten tag', 'guten morgen', 'guten abend', 'sali', 'hoi'],
  },
  /** Only thanks: you're welcome. */
  thanks: { en: ['thanks', 'thank you', 'thx', 'cheers'], de: ['danke', 'merci', 'vielen dank'] },
} as const satisfies Record<string, Words>;

export type CategoryId = 'basics' | 'outerwear' | 'bottoms' | 'accessories';

/**
 * Garment words, and the word passed to `search_products` for them: the catalogue's own word
 * (it searches English and German names alike), so "jumper" and "Pulli" find the sweaters. A
 * garment also names its category, which narrows the search ("coat" is in a sweater's description).
 */
// prettier-ignore
export const GARMENTS: ReadonlyArray<{ en: readonly string[]; de: readonly string[]; search: string; category: CategoryId }> = [
  { en: ['tee', 'tees', 't shirt', 't shirts', 'tshirt', 'tshirts'], de: ['t shirt', 't shirts', 'tshirt'], search: 'tee', category: 'basics' },
  { en: ['shirt', 'shirts', 'oxford', 'button down'], de: ['hemd', 'hemden', '*hemd'], search: 'shirt', category: 'basics' },
  {
    en: ['sweater', 'sweaters', 'jumper', 'jumpers', 'pullover', 'pullovers', 'knit', 'knitwear'],
    de: ['pullover', 'pulli', 'pullis', '*pullover', 'strick*'],
    search: 'pullover',
    category: 'basics',
  },
  { en: ['roll neck', 'rollneck', 'turtleneck', 'polo neck'], de: ['rollkragen*'], search: 'rollkragen', category: 'basics' },
  { en: ['hoodie', 'hoodies', 'hooded'], de: ['kapuzenpullover', 'hoodie'], search: 'hoodie', category: 'basics' },
  { en: ['jacket', 'jackets'], de: ['jacke', 'jacken', '*jacke', '*jacken'], search: 'jacke', category: 'outerwear' },
  {
    en: ['coat', 'coats', 'overcoat', 'overcoats', 'trench', 'trenchcoat', 'trench coat'],
    de: ['mantel', '*mantel', 'trenchcoat'],
    search: 'coat',
    category: 'outerwear',
  },
  { en: ['vest', 'vests', 'gilet', 'gilets'], de: ['weste', 'westen', '*weste'], search: 'vest', category: 'outerwear' },
  { en: ['trousers', 'pants', 'slacks'], de: ['hose', '*hose', '*hosen'], search: 'trousers', category: 'bottoms' },
  { en: ['chino', 'chinos'], de: ['chinohose', 'chinos'], search: 'chino', category: 'bottoms' },
  { en: ['jeans', 'denim'], de: ['jeans'], search: 'jeans', category: 'bottoms' },
  { en: ['scarf', 'scarves', 'scarfs'], de: ['schal', 'schals', '*schal'], search: 'scarf', category: 'accessories' },
  { en: ['beanie', 'beanies', 'hat', 'hats', 'cap', 'caps'], de: ['mutze', 'mutzen', '*mutze', 'kappe'], search: 'beanie', category: 'accessories' },
  { en: ['belt', 'belts'], de: ['gurtel', '*gurtel'], search: 'belt', category: 'accessories' },
  { en: ['tote', 'totes', 'bag', 'bags', 'tote bag'], de: ['tasche', 'taschen', '*tasche'], search: 'tote', category: 'accessories' },
  { en: ['sock', 'socks'], de: ['socke', 'socken'], search: 'socks', category: 'accessories' },
];

/** "hose" is the German garment word for trousers, and the catalogue's own ("Chinohose", "Hosen"). */
export const GERMAN_SEARCH: Partial<Record<string, string>> = { trousers: 'hose' };

/** Categories named as such ("accessories", "Hosen"): the search's `category`. */
// prettier-ignore
export const CATEGORY_WORDS: Record<CategoryId, Words> = {
  basics: { en: ['basics', 'essentials'], de: ['basics'] },
  outerwear: { en: ['outerwear', 'outer wear'], de: ['oberbekleidung'] },
  bottoms: { en: ['bottoms'], de: ['hosen'] },
  accessories: { en: ['accessories', 'accessory'], de: ['accessoires', 'zubehor'] },
};

/**
 * Colour words and the `color` passed for them; the tool matches it inside the English and the
 * German colour names, so "blau" finds "Hellblau" and "Marineblau". More specific rows first.
 */
// prettier-ignore
export const COLOURS: ReadonlyArray<Words & { color: string }> = [
  { en: ['light blue', 'pale blue', 'sky blue'], de: ['hellblau*'], color: 'Pale Blue' },
  { en: ['navy', 'dark blue', 'navy blue'], de: ['marineblau*', 'dunkelblau*', 'navy'], color: 'Navy' },
  { en: ['blue'], de: ['blau*'], color: 'blau' },
  { en: ['black'], de: ['schwarz*'], color: 'Black' },
  { en: ['white', 'off white', 'chalk'], de: ['weiss*', 'kreideweiss*'], color: 'Chalk' },
  { en: ['ecru', 'cream', 'natural', 'off-white'], de: ['ecru', 'creme*', 'naturweiss*'], color: 'Ecru' },
  { en: ['grey', 'gray', 'charcoal'], de: ['grau*', 'anthrazit*'], color: 'Charcoal' },
  { en: ['beige', 'sand'], de: ['beige*', 'sand*'], color: 'Sand' },
  { en: ['stone'], de: ['stein*'], color: 'Stone' },
  { en: ['brown', 'camel'], de: ['braun*', 'camel*'], color: 'Camel' },
  { en: ['cognac', 'tan'], de: ['cognac*'], color: 'Cognac' },
  { en: ['green', 'olive', 'khaki'], de: ['grun*', 'oliv*', 'khaki'], color: 'Olive' },
  { en: ['indigo'], de: ['indigo'], color: 'Indigo' },
  { en: ['red'], de: ['rot', 'rote', 'roten', 'roter', 'rotes'], color: 'red' },
  { en: ['pink'], de: ['rosa', 'pink'], color: 'pink' },
  { en: ['yellow'], de: ['gelb*'], color: 'yellow' },
  { en: ['purple', 'violet', 'lilac'], de: ['lila', 'violett*'], color: 'purple' },
];

/** Materials and other product words: they make a question a product question on their own. */
// prettier-ignore
export const MATERIALS: Words = {
  en: ['merino', 'wool', 'woollen', 'cashmere', 'linen', 'cotton', 'organic', 'leather', 'canvas', 'lambswool', 'down', 'selvedge'],
  de: ['merino*', 'wolle', 'woll*', 'kaschmir', 'leinen*', 'baumwoll*', 'bio', 'leder*', 'canvas', 'lammwolle', 'daunen*'],
};

/** Words that carry no product meaning, in both languages: never passed as a search query. */
// prettier-ignore
export const STOPWORDS = new Set(
  [
    // English
    'a', 'an', 'the', 'i', 'im', 'ive', 'id', 'me', 'my', 'mine', 'you', 'your', 'we', 'our', 'us', 'it', 'its',
    'is', 'are', 'am', 'was', 'were', 'be', 'been', 'do', 'does', 'did', 'dont', 'doesnt', 'have', 'has', 'had',
    'got', 'any', 'some', 'something', 'anything', 'for', 'to', 'of', 'in', 'on', 'at', 'with', 'and', 'or', 'but',
    'please', 'can', 'could', 'would', 'will', 'should', 'may', 'might', 'want', 'need', 'like', 'looking', 'look',
    'find', 'show', 'see', 'get', 'buy', 'sell', 'carry', 'recommend', 'recommendation', 'recommendations',
    'suggest', 'suggestion', 'suggestions', 'search', 'there', 'this', 'that', 'these', 'those', 'what', 'which',
    'who', 'how', 'where', 'when', 'why', 'one', 'ones', 'nice', 'good', 'great', 'new', 'also', 'too', 'very',
    'really', 'just', 'under', 'below', 'less', 'than', 'over', 'up', 'most', 'max', 'maximum', 'cheaper', 'within',
    'chf', 'fr', 'sfr', 'franc', 'francs', 'hi', 'hello', 'hey', 'thanks', 'thank', 'maybe', 'kind', 'sort', 'type',
    'available', 'stock', 'offer', 'gift', 'present', 'wife', 'husband', 'girlfriend', 'boyfriend', 'man', 'men',
    'mens', 'woman', 'women', 'womens', 'shop', 'store', 'item', 'items', 'product', 'products', 'piece', 'pieces',
    'let', 'lets', 'tell', 'about', 'from', 'all', 'more', 'other', 'else', 'much', 'many', 'cheap', 'price',
    'prices', 'cost', 'budget', 'size', 'sizes', 'colour', 'colours', 'color', 'colors', 'come', 'comes', 'fit',
    'fits', 'wear', 'id', 'them', 'they', 'their', 'if', 'so', 'not', 'no', 'yes', 'still', 'now', 'today', 'idea',
    'ideas', 'order', 'orders', 'ordering',
    // German
    'ich', 'mir', 'mich', 'mein', 'meine', 'meinen', 'meiner', 'sie', 'ihr', 'ihre', 'ihnen', 'ihren', 'du', 'dir',
    'dich', 'wir', 'uns', 'unser', 'unsere', 'es', 'er', 'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine',
    'einen', 'einem', 'einer', 'eines', 'und', 'oder', 'aber', 'bitte', 'danke', 'haben', 'habt', 'hast', 'hat',
    'gibt', 'sind', 'ist', 'bin', 'kann', 'konnen', 'konnten', 'mochte', 'mochten', 'will', 'wollen', 'suche',
    'suchen', 'sucht', 'zeigen', 'zeige', 'zeig', 'empfehlen', 'empfehlung', 'empfehlungen', 'empfiehlst', 'brauche',
    'brauchen', 'kaufen', 'verkaufen', 'fur', 'mit', 'von', 'aus', 'zu', 'zum', 'zur', 'im', 'an', 'auf', 'bei',
    'nach', 'unter', 'uber', 'bis', 'als', 'weniger', 'maximal', 'hochstens', 'franken', 'was', 'welche', 'welcher',
    'welches', 'wie', 'wo', 'wann', 'etwas', 'irgendwas', 'gern', 'gerne', 'schon', 'schone', 'schonen', 'gut',
    'gute', 'guten', 'neu', 'neue', 'hallo', 'noch', 'auch', 'sehr', 'mal', 'doch', 'ja', 'nein', 'nicht', 'kein',
    'keine', 'so', 'diese', 'dieser', 'dieses', 'man', 'herren', 'damen', 'frau', 'mann', 'geschenk', 'artikel',
    'produkt', 'produkte', 'sortiment', 'angebot', 'preis', 'kosten', 'kostet', 'billig', 'gunstig', 'gunstiger',
    'billiger', 'teuer', 'alle', 'alles', 'andere', 'mehr', 'grosse', 'grossen', 'farbe', 'farben', 'verfugbar',
    'erhaltlich', 'lieferbar', 'vorratig', 'lager', 'passt', 'euch', 'ihr', 'tragen', 'idee', 'ideen',
    'bestellen', 'bestellung',
  ].map(normaliseForSearch),
);
