/** German in Swiss spelling (ss, never ß), addressing the shopper as "Sie". */
import type { ChatToolProduct } from '../../../shared/contracts/chat';
import type { Language } from './language';

const listed = (items: readonly string[], language: Language): string => {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${language === 'de' ? 'und' : 'and'} ${items[items.length - 1]}`;
};

/** Every sentence the stand-in says, in both languages. */
export const TEXTS = {
  en: {
    refusal:
      "I'm sorry, I can't help with that: I don't share my instructions, and I can't show data of other customers or of the shop's administration. I'm happy to help with our products, sizes, shipping and returns, or your own orders.",
    signIn:
      'To see your orders, please sign in at /auth. Once you are signed in, I can tell you their status and tracking here.',
    notUnderstood:
      "Sorry, I didn't understand that. I can help you find products, choose a size, and answer questions about shipping, returns and your orders. For anything else, our team is happy to help on the contact page (/contact).",
    thanks: "You're welcome! Is there anything else I can help you with?",
    greeting:
      "Hello! I'm LINEA's shop assistant. I can help you find products, choose a size, and answer questions about shipping, returns and your orders. What are you looking for?",
    cannotLookUp: "I can't look that up at the moment. Our team is happy to help on the contact page (/contact).",
    toolError:
      "I'm sorry, I couldn't look that up just now. Please try again in a moment, or ask our team on the contact page (/contact).",
    askMeasurement: (table: 'tops' | 'bottoms') =>
      table === 'bottoms'
        ? 'Happy to help with the size. What is your waist measurement, in cm or inches? Measure around your natural waist. Our size guide is at /size-guide.'
        : 'Happy to help with the size. What is your chest measurement, in cm or inches? Measure around the fullest part of your chest. Our size guide is at /size-guide.',
    found: (items: readonly string[]) => `Here is what I found: ${listed(items, 'en')}.`,
    moreFound: (total: number) => ` ${total} products match in all; /products shows the whole range.`,
    nothingFound:
      "I couldn't find anything matching that in our shop. You can browse the whole range at /products, or ask our team on the contact page (/contact).",
    productLine: (p: ChatToolProduct, details: boolean) =>
      `${p.name} (${p.priceText}${details ? `; sizes ${p.sizes.join(', ')}; colours ${p.colors.join(', ')}` : ''}${p.inStock ? '' : '; sold out'})`,
    product: (p: ChatToolProduct) =>
      `${p.name} costs ${p.priceText}. Sizes: ${p.sizes.join(', ')}; colours: ${p.colors.join(', ')}. ${p.inStock ? 'It is in stock.' : 'It is sold out at the moment.'}`,
    productGone: 'I could not find that product in our shop any more. You can browse the whole range at /products.',
    measured: (what: 'chest' | 'waist' | 'none') => (what === 'waist' ? 'waist' : 'chest'),
    sizeIs: (what: string, measurement: string, size: string, range: string) =>
      `For a ${what} of ${measurement}, our size guide recommends size ${size} (${range}).`,
    between: (what: string, measurement: string, larger: string, smaller: string) =>
      `A ${what} of ${measurement} is right between two sizes: ${larger} for a relaxed fit, or ${smaller} for a closer fit.`,
    below: (what: string, measurement: string, size: string, range: string) =>
      `A ${what} of ${measurement} is below our smallest size, ${size} (${range}). Our team is happy to advise on the contact page (/contact).`,
    above: (what: string, measurement: string, size: string, range: string) =>
      `A ${what} of ${measurement} is above our largest size, ${size} (${range}). Our team is happy to advise on the contact page (/contact).`,
    noTable:
      'Our size guide covers tops and bottoms; for anything else our team is happy to help on the contact page (/contact).',
    guideLink: ' The full size guide is at /size-guide.',
    shipping: (fee: string, countries: readonly string[]) =>
      `Shipping costs ${fee}. We deliver to ${listed(countries, 'en')}.`,
    dispatch: (min: number, max: number) =>
      `We dispatch orders within ${min === max ? min : `${min}–${max}`} business days.`,
    returns: (days: number) => `You can return items within ${days} days.`,
    contact: (hours: readonly string[], replyHours: number, page: string) =>
      `Our customer service hours are ${listed(hours, 'en')} (Zürich time). We reply within ${replyHours} hours; you can write to us on the contact page (${page}).`,
    noOrders: "I can't find any orders in your account yet. Once you have ordered, I can tell you their status here.",
    latestOrder: (number: string, day: string, total: string, status: string) =>
      `Your latest order, ${number} from ${day} (${total}), has the status “${status}”.`,
    tracking: (carrier?: string, trackingNumber?: string, url?: string) =>
      ` It is on its way${carrier ? ` with ${carrier}` : ''}${trackingNumber ? `, tracking number ${trackingNumber}` : ''}${url ? `: ${url}` : ''}.`,
    otherOrders: (count: number) =>
      ` You have ${count} other recent ${count === 1 ? 'order' : 'orders'}; all of them are in your account (/dashboard).`,
  },
  de: {
    refusal:
      'Das kann ich leider nicht: Meine Anweisungen gebe ich nicht weiter, und Daten anderer Kundinnen und Kunden oder der Shop-Verwaltung kann ich nicht zeigen. Gern helfe ich Ihnen bei unseren Produkten, Grössen, Versand und Rücksendungen oder Ihren eigenen Bestellungen.',
    signIn:
      'Um Ihre Bestellungen zu sehen, melden Sie sich bitte unter /auth an. Danach kann ich Ihnen hier Status und Sendungsverfolgung nennen.',
    notUnderstood:
      'Entschuldigung, das habe ich nicht verstanden. Ich helfe Ihnen gern, Produkte zu finden und die richtige Grösse zu wählen, und beantworte Fragen zu Versand, Rücksendungen und Ihren Bestellungen. Für alles andere hilft Ihnen unser Team gern über die Kontaktseite (/contact).',
    thanks: 'Gern geschehen! Kann ich Ihnen sonst noch helfen?',
    greeting:
      'Grüezi! Ich bin der Shop-Assistent von LINEA. Ich helfe Ihnen gern, Produkte zu finden und die richtige Grösse zu wählen, und beantworte Fragen zu Versand, Rücksendungen und Ihren Bestellungen. Was suchen Sie?',
    cannotLookUp:
      'Das kann ich im Moment nicht nachschlagen. Unser Team hilft Ihnen gern über die Kontaktseite (/contact).',
    toolError:
      'Das konnte ich leider gerade nicht nachschlagen. Bitte versuchen Sie es gleich noch einmal, oder fragen Sie unser Team über die Kontaktseite (/contact).',
    askMeasurement: (table: 'tops' | 'bottoms') =>
      table === 'bottoms'
        ? 'Gern helfe ich bei der Grösse. Wie viel misst Ihre Taille, in cm oder Zoll? Messen Sie an der natürlichen Taille. Unsere Grössentabelle finden Sie unter /size-guide.'
        : 'Gern helfe ich bei der Grösse. Wie viel misst Ihr Brustumfang, in cm oder Zoll? Messen Sie an der breitesten Stelle der Brust. Unsere Grössentabelle finden Sie unter /size-guide.',
    found: (items: readonly string[]) => `Das habe ich gefunden: ${listed(items, 'de')}.`,
    moreFound: (total: number) =>
      ` Insgesamt passen ${total} Produkte; das ganze Sortiment finden Sie unter /products.`,
    nothingFound:
      'Dazu habe ich in unserem Sortiment leider nichts gefunden. Das ganze Sortiment finden Sie unter /products, oder fragen Sie unser Team über die Kontaktseite (/contact).',
    productLine: (p: ChatToolProduct, details: boolean) =>
      `${p.name} (${p.priceText}${details ? `; Grössen ${p.sizes.join(', ')}; Farben ${p.colors.join(', ')}` : ''}${p.inStock ? '' : '; ausverkauft'})`,
    product: (p: ChatToolProduct) =>
      `${p.name} kostet ${p.priceText}. Grössen: ${p.sizes.join(', ')}; Farben: ${p.colors.join(', ')}. ${p.inStock ? 'Der Artikel ist an Lager.' : 'Der Artikel ist zurzeit ausverkauft.'}`,
    productGone:
      'Dieses Produkt finde ich in unserem Sortiment nicht mehr. Das ganze Sortiment finden Sie unter /products.',
    measured: (what: 'chest' | 'waist' | 'none') => (what === 'waist' ? 'Taillenumfang' : 'Brustumfang'),
    sizeIs: (what: string, measurement: string, size: string, range: string) =>
      `Bei einem ${what} von ${measurement} empfiehlt unsere Grössentabelle Grösse ${size} (${range}).`,
    between: (what: string, measurement: string, larger: string, smaller: string) =>
      `Mit einem ${what} von ${measurement} liegen Sie genau zwischen zwei Grössen: ${larger} für eine lockere, ${smaller} für eine körpernahe Passform.`,
    below: (what: string, measurement: string, size: string, range: string) =>
      `Ein ${what} von ${measurement} liegt unter unserer kleinsten Grösse ${size} (${range}). Unser Team berät Sie gern über die Kontaktseite (/contact).`,
    above: (what: string, measurement: string, size: string, range: string) =>
      `Ein ${what} von ${measurement} liegt über unserer grössten Grösse ${size} (${range}). Unser Team berät Sie gern über die Kontaktseite (/contact).`,
    noTable:
      'Unsere Grössentabelle gilt für Oberteile und Hosen; für alles andere hilft Ihnen unser Team gern über die Kontaktseite (/contact).',
    guideLink: ' Die ganze Grössentabelle finden Sie unter /size-guide.',
    shipping: (fee: string, countries: readonly string[]) =>
      `Der Versand kostet ${fee}. Lieferländer: ${listed(countries, 'de')}.`,
    dispatch: (min: number, max: number) =>
      `Wir versenden Bestellungen innert ${min === max ? min : `${min}–${max}`} Werktagen.`,
    returns: (days: number) => `Sie können Artikel innert ${days} Tagen zurücksenden.`,
    contact: (hours: readonly string[], replyHours: number, page: string) =>
      `Unser Kundendienst ist zu diesen Zeiten für Sie da: ${listed(hours, 'de')} (Zürcher Zeit). Wir antworten innert ${replyHours} Stunden; schreiben Sie uns über die Kontaktseite (${page}).`,
    noOrders:
      'In Ihrem Konto finde ich noch keine Bestellungen. Sobald Sie bestellt haben, kann ich Ihnen hier den Status nennen.',
    latestOrder: (number: string, day: string, total: string, status: string) =>
      `Ihre neueste Bestellung ${number} vom ${day} (${total}) hat den Status «${status}».`,
    tracking: (carrier?: string, trackingNumber?: string, url?: string) =>
      ` Sie ist unterwegs${carrier ? ` mit ${carrier}` : ''}${trackingNumber ? `, Sendungsnummer ${trackingNumber}` : ''}${url ? `: ${url}` : ''}.`,
    otherOrders: (count: number) =>
      ` Dazu haben Sie ${count} ${count === 1 ? 'weitere Bestellung' : 'weitere Bestellungen'}; alle finden Sie in Ihrem Konto (/dashboard).`,
  },
} satisfies Record<Language, unknown>;
