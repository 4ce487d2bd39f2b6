import type { ChatDictionary } from './en';

/** Swiss Standard German: ss, never ß; the shopper is addressed as "Sie". */
export const chatDe: ChatDictionary = {
  launcher: 'Shop-Assistent öffnen',
  title: 'Shop-Assistent',
  close: 'Shop-Assistent schliessen',
  greeting:
    'Hallo! Ich helfe Ihnen gern, die perfekte Kleidung zu finden, und beantworte Ihre Fragen zu unseren Produkten. Wonach suchen Sie heute?',
  conversation: 'Unterhaltung mit dem Shop-Assistenten',
  fromYou: 'Sie:',
  fromAssistant: 'Assistent:',
  typing: 'Der Assistent schreibt',
  products: 'Produkte in dieser Antwort',
  inputLabel: 'Ihre Nachricht',
  placeholder: 'Fragen zu Produkten, Grössen, Bestellungen...',
  inputHint: 'Enter sendet, Umschalt+Enter beginnt eine neue Zeile.',
  send: 'Nachricht senden',
  failedTitle: 'Fehler',
  failedDescription: 'KI-Assistent vorübergehend nicht verfügbar',
};
