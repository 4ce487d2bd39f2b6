import { documentHtml, escapeHtml } from './page-document';
import { TEXTS, type PageLanguage } from './page-texts';

export type MessageKind = 'complete' | 'expired' | 'not_found' | 'bad_request';

/** The page for a session that cannot be paid (complete, expired, unknown) or a broken form post. */
export function renderMessagePage(language: PageLanguage, kind: MessageKind, link: string | null = null): string {
  const texts = TEXTS[language];
  const messages: Record<MessageKind, { title: string; text: string }> = {
    complete: { title: texts.completeTitle, text: texts.completeText },
    expired: { title: texts.expiredTitle, text: texts.expiredText },
    not_found: { title: texts.notFoundTitle, text: texts.notFoundText },
    bad_request: { title: texts.badRequestTitle, text: texts.badRequestText },
  };
  const { title, text } = messages[kind];
  const body = `<header><h1>${escapeHtml(title)}</h1><span class="badge">${escapeHtml(texts.testMode)}</span></header>
<p>${escapeHtml(text)}</p>
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(texts.backToShop)}</a></p>` : ''}`;
  return documentHtml(language, title, body);
}
