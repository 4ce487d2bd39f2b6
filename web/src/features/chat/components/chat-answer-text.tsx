import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { opensElsewhere } from '../opens-elsewhere';

/**
 * The shop's own pages the assistant may point to (its brief names /contact and /auth, its
 * answers the size guide and the like): pages without parameters, never a shopper's own data.
 * Only these become links; any other path or address in an answer stays text, so a model
 * tricked into writing a link elsewhere cannot make one.
 */
const LINKABLE_PAGES: readonly string[] = [
  paths.products,
  paths.about,
  paths.contact,
  paths.auth,
  paths.dashboard,
  paths.wishlist,
  paths.cart,
  paths.sizeGuide,
  paths.shippingReturns,
  paths.faq,
  paths.terms,
  paths.privacy,
].map((page) => page.path);

// A path on its own: at the start or after a space or an opening bracket (the first group), and
// before a space, punctuation or the end. `/contact` in "/contact-us", "/products?q=x" or
// "shop.ch/contact" is not one.
// (No lookbehind: Safari before 16.4 cannot parse one, and the chunk would not load.)
const PAGE_IN_TEXT = new RegExp(
  `(^|[\\s(])(${LINKABLE_PAGES.map((page) => page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=$|[\\s,;:!)]|[.?](?:\\s|$))`,
  'g',
);

/** An answer's text with the shop's pages it names as links. */
export function ChatAnswerText({ text, onFollow }: { text: string; onFollow: () => void }): ReactNode {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(PAGE_IN_TEXT)) {
    const [, before = '', page = ''] = match;
    const start = match.index + before.length;
    // Keys by kind and offset: text before a path at offset 0 would share a bare 0 with its link.
    parts.push(<Fragment key={`text-${from}`}>{text.slice(from, start)}</Fragment>);
    parts.push(
      <Link
        key={`link-${start}`}
        to={page}
        onClick={(event) => {
          if (!opensElsewhere(event)) onFollow();
        }}
      >
        {page}
      </Link>,
    );
    from = start + page.length;
  }
  if (!parts.length) return text;
  parts.push(<Fragment key={`text-${from}`}>{text.slice(from)}</Fragment>);
  return parts;
}
