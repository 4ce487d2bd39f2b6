import { confirmSubscription } from '../features/newsletter/api/subscribe';
import { NewsletterLinkPage } from '../features/newsletter/components/newsletter-link-page';

/** /newsletter/confirm?email=&token=&lang=: the link in the sign-up's confirmation email (double opt-in). */
export function NewsletterConfirmRoute() {
  return <NewsletterLinkPage texts="newsletterConfirm" act={confirmSubscription} />;
}
