/** The one email frame: brand header, content, footer. Pure functions, so tests read the output. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface EmailContent {
  lang: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /**
   * Someone's own words, set apart below the paragraphs with their line breaks kept, e.g. the
   * shopper's contact message. `lang` marks their language when it differs from the email's.
   */
  quote?: { label: string; text: string; lang?: string };
  /** A one-time code (or temporary password), set large and spaced so it is found and typed at a glance. */
  code?: { label: string; value: string };
  /** Paragraphs after the quote, e.g. how to add to what was quoted. */
  closing?: string[];
  action?: { label: string; url: string };
  footer: string;
  /** A link under the footer text, e.g. a newsletter's unsubscribe link. */
  footerLink?: { label: string; url: string };
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const e = escapeHtml;
  const paragraphsHtml = (texts: string[] = []) =>
    texts.map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#262626">${e(p)}</p>`).join('');
  const paragraphs = paragraphsHtml(content.paragraphs);
  const quote = content.quote ? quoteHtml(content.quote) : '';
  const code = content.code
    ? `<p style="margin:24px 0 8px;font-size:13px;letter-spacing:0.04em;color:#57534e">${e(content.code.label)}</p>` +
      `<p style="margin:0 0 24px;font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:32px;letter-spacing:0.3em;color:#171717">${e(content.code.value)}</p>`
    : '';
  const closing = paragraphsHtml(content.closing);
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${e(content.action.url)}" style="display:inline-block;padding:12px 24px;background:#171717;color:#fafafa;text-decoration:none;font-size:14px;letter-spacing:0.04em">${e(content.action.label)}</a></p>`
    : '';
  const footerLink = content.footerLink
    ? `<br><br><a href="${e(content.footerLink.url)}" style="color:#57534e;text-decoration:underline">${e(content.footerLink.label)}</a>`
    : '';
  const html = `<!doctype html><html lang="${e(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff">
<tr><td style="padding:32px 40px 8px;font-size:20px;letter-spacing:0.4em;color:#171717">LINEA</td></tr>
<tr><td style="padding:24px 40px 32px"><h1 style="margin:0 0 16px;font-size:22px;font-weight:400;color:#171717">${e(content.heading)}</h1>${paragraphs}${code}${quote}${closing}${action}</td></tr>
<tr><td style="padding:16px 40px 32px;font-size:12px;color:#57534e;border-top:1px solid #e7e5e4">${e(content.footer)}${footerLink}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`${content.code.label}: ${content.code.value}`, ''] : []),
    ...(content.quote ? [`${content.quote.label}:`, ...quoteText(content.quote.text), ''] : []),
    ...(content.closing ?? []).flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    content.footer,
    ...(content.footerLink ? ['', `${content.footerLink.label}: ${content.footerLink.url}`] : []),
  ].join('\n');
  return { subject: content.subject, html, text };
}

type Quote = NonNullable<EmailContent['quote']>;

/** The label, then the words as a blockquote: each paragraph a <p>, each line break a <br>. */
function quoteHtml(quote: Quote): string {
  const e = escapeHtml;
  const paragraphs = quote.text
    .trim()
    .split(/(?:\r?\n[ \t]*){2,}/)
    .map((paragraph) => `<p style="margin:0 0 12px">${paragraph.split(/\r?\n/).map(e).join('<br>')}</p>`)
    .join('');
  const lang = quote.lang ? ` lang="${e(quote.lang)}"` : '';
  return (
    `<p style="margin:24px 0 8px;font-size:13px;letter-spacing:0.04em;color:#57534e">${e(quote.label)}</p>` +
    `<blockquote${lang} style="margin:0 0 16px;padding:4px 0 4px 16px;border-left:2px solid #d6d3d1;font-size:15px;line-height:1.6;color:#262626">${paragraphs}</blockquote>`
  );
}

/** The words as a plain-text mail client quotes them: every line behind "> ". */
function quoteText(text: string): string[] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line}` : '>'));
}

/** The texts of an email that says one thing and offers one link: a section of the server dictionary. */
export interface CallToActionTexts {
  readonly subject: string;
  readonly heading: string;
  readonly body: string;
  readonly cta: string;
}

/** An email of one paragraph and one link (the newsletter's confirmation, welcome and notes). */
export function callToActionEmail(
  lang: string,
  texts: CallToActionTexts,
  url: string,
  footer: string,
  closing?: string[],
): RenderedEmail {
  return renderEmail({
    lang,
    subject: texts.subject,
    heading: texts.heading,
    paragraphs: [texts.body],
    action: { label: texts.cta, url },
    ...(closing ? { closing } : {}),
    footer,
  });
}
