import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { ADMIN_NAMESPACE } from '../i18n';
import { ADMIN_TABS, tabFrom, type AdminTab } from '../lib/admin-tabs';
import { ActivityLogTab } from './activity-log-tab';
import { AnalyticsTab } from './analytics-tab';
import { OrdersTab } from './orders-tab';
import { NewsletterTab } from './newsletter-tab';
import { OverviewTab } from './overview-tab';
import { ProductsTab } from './products-tab';
import { PromoCodesTab } from './promo-codes-tab';

function AdminSignOut() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSessionStore((state) => state.signOut);
  const sessionEnded = useSessionStore((state) => state.sessionEnded);
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    setBusy(true);
    try {
      await signOut();
    } catch {
      sessionEnded(); // Amplify could not finish (offline): the local session goes all the same
    }
    queryClient.removeQueries();
    toast.success(t('shell.signedOut'));
    await navigate(paths.adminLogin.getHref(), { replace: true });
  }

  return (
    <Button variant="secondary" onClick={() => void handleClick()} disabled={busy}>
      {busy ? t('shell.signingOut') : t('shell.signOut')}
    </Button>
  );
}

/**
 * The back office (spec §2 /admin): title, subtitle, sign-out and the seven sections as tabs.
 * The open tab, and within it the search or the open order, live in the URL: a reload or a
 * shared link opens the same view.
 */
export function AdminShell() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params);

  const select = (value: string) => {
    if (!(ADMIN_TABS as readonly string[]).includes(value)) return;
    // Each tab's own parameters (search, open order, period) belong to it alone.
    setParams(value === 'overview' ? {} : { tab: value }, { replace: false });
  };

  const panel = (name: AdminTab) => {
    switch (name) {
      case 'overview':
        return <OverviewTab />;
      case 'orders':
        return <OrdersTab />;
      case 'analytics':
        return <AnalyticsTab />;
      case 'products':
        return <ProductsTab />;
      case 'newsletter':
        return <NewsletterTab />;
      case 'promoCodes':
        return <PromoCodesTab />;
      case 'activityLogs':
        return <ActivityLogTab />;
    }
  };

  return (
    <div className="page admin">
      <div className="page-header admin-header">
        <div>
          <h1>{t('shell.title')}</h1>
          <p className="admin-subtitle">{t('shell.subtitle')}</p>
        </div>
        <AdminSignOut />
      </div>
      <Tabs value={tab} onValueChange={select} className="admin-tabs" activationMode="manual">
        <TabsList aria-label={t('shell.tabsLabel')} className="admin-tab-list">
          {ADMIN_TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {t(`shell.tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map((name) => (
          <TabsContent key={name} value={name}>
            {name === tab ? panel(name) : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
