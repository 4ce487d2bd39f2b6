import { unsubscribe } from '../features/newsletter/api/subscribe';
import { NewsletterLinkPage } from '../features/newsletter/components/newsletter-link-page';

/** /unsubscribe?email=&token=&lang=: the link at the foot of every newsletter. */
export function UnsubscribeRoute() {
  return <NewsletterLinkPage texts="unsubscribe" act={unsubscribe} />;
}
