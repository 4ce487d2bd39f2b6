/**
 * The product's texts in English: the source language. Every key here must exist in de.ts
 * (the `Dictionary` type makes a missing one a compile error). The web app and the emails
 * read from these same dictionaries.
 */
export const en = {
  brand: {
    name: 'LINEA',
    tagline: 'Elevated essentials, timeless design',
  },
  email: {
    footer: 'LINEA · Elevated essentials, timeless design · Zürich, Switzerland',
    newsletterWelcome: {
      subject: 'Welcome to LINEA',
      heading: 'Thank you for subscribing',
      body: 'You will be the first to hear about new essentials, limited editions and stories from our studio. No noise, only what matters.',
      cta: 'Discover the collection',
    },
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every translation must have: en's keys, any strings. */
export type Dictionary = Widen<typeof en>;
