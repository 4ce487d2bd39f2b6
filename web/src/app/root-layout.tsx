import { useLocation } from 'react-router-dom';
import { Shell } from '../components/layout/shell';
import { paths } from '../config/paths';
import { LazyChatWidget } from '../features/chat/components/lazy-chat-widget';
import { NewsletterSignup } from '../features/newsletter/components/newsletter-signup';

/** The back office (/admin, /admin-login) is no storefront page: no shop assistant there. */
const isBackOffice = (pathname: string) =>
  pathname === paths.admin.path || pathname.startsWith(`${paths.admin.path}/`) || pathname === paths.adminLogin.path;

/**
 * The shell with what the app composes into it (components do not import features). The shop
 * assistant is mounted once here, so its conversation stays from page to page; its code loads
 * after the page (see LazyChatWidget).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <Shell
      footerNewsletter={<NewsletterSignup variant="compact" />}
      floating={isBackOffice(pathname) ? null : <LazyChatWidget />}
    />
  );
}
