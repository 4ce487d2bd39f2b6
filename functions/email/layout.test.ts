import { describe, expect, it } from 'vitest';
import { renderEmail } from './layout';
import { newsletterWelcomeEmail } from './newsletter-welcome';

describe('renderEmail', () => {
  it('escapes every text it puts into HTML', () => {
    const email = renderEmail({
      lang: 'en',
      subject: 'Hi <b>',
      heading: '<script>alert(1)</script>',
      paragraphs: ['"quoted" & more'],
      action: { label: 'Go', url: 'https://x.ch/?a=1&b="2"' },
      footer: 'f',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('&quot;quoted&quot; &amp; more');
    expect(email.html).toContain('href="https://x.ch/?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('newsletterWelcomeEmail', () => {
  it('writes English and German versions with a link to the collection', () => {
    const en = newsletterWelcomeEmail('en', 'https://shop.linea.ch/');
    expect(en.subject).toBe('Welcome to LINEA');
    expect(en.text).toContain('Discover the collection: https://shop.linea.ch/products');
    expect(newsletterWelcomeEmail('de', 'https://shop.linea.ch').html).toContain('lang="de"');
  });
});
