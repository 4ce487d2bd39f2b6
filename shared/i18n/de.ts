import type { Dictionary } from './en';

export const de: Dictionary = {
  brand: {
    name: 'LINEA',
    tagline: 'Zeitlose Essentials, schlichtes Design',
  },
  email: {
    footer: 'LINEA · Zeitlose Essentials, schlichtes Design · Zürich, Schweiz',
    newsletterWelcome: {
      subject: 'Willkommen bei LINEA',
      heading: 'Danke für Ihre Anmeldung',
      body: 'Sie erfahren als Erste von neuen Essentials, limitierten Editionen und Geschichten aus unserem Atelier. Kein Lärm, nur das Wesentliche.',
      cta: 'Kollektion entdecken',
    },
  },
};
