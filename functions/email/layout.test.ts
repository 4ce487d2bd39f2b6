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

describe('renderEmail with a quote', () => {
  it('quotes typed words escaped, with their line breaks, and marks their language', () => {
    const email = renderEmail({
      lang: 'en',
      subject: 's',
      heading: 'h',
      paragraphs: ['p'],
      quote: { label: 'Message', text: '  Hi <there>\nline two\n\n\n& more  ', lang: 'de' },
      closing: ['Reply to add more.'],
      footer: 'f',
    });
    expect(email.html).toContain(
      '<blockquote lang="de" style="margin:0 0 16px;padding:4px 0 4px 16px;border-left:2px solid #d6d3d1;font-size:15px;line-height:1.6;color:#262626"><p style="margin:0 0 12px">Hi &lt;there&gt;<br>line two</p><p style="margin:0 0 12px">&amp; more</p></blockquote>',
    );
    expect(email.html.indexOf('</blockquote>')).toBeLessThan(email.html.indexOf('Reply to add more.'));
    expect(email.text).toBe(
      'h\n\np\n\nMessage:\n> Hi <there>\n> line two\n>\n>\n> & more\n\nReply to add more.\n\n--\nf',
    );
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
