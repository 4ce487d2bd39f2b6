import { Shell } from '../components/layout/shell';
import { NewsletterSignup } from '../features/newsletter/components/newsletter-signup';

/** The shell with what the app composes into it (components do not import features). */
export function RootLayout() {
  return <Shell footerNewsletter={<NewsletterSignup variant="compact" />} />;
}
