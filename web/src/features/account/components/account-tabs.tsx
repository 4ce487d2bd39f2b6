import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AddressesPanel } from './addresses-panel';
import { OrdersPanel } from './orders-panel';
import { ProfilePanel } from './profile-panel';

export const ACCOUNT_TABS = ['orders', 'profile', 'addresses'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

const isTab = (value: string | null): value is AccountTab => ACCOUNT_TABS.includes(value as AccountTab);

/**
 * The account's three sections (spec §2 /dashboard). The open tab lives in the URL (`?tab=`), so
 * a reload or a shared link opens the same one; Orders when the URL names none.
 */
export function AccountTabs() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AccountTab = isTab(requested) ? requested : 'orders';

  const select = (value: string) => {
    if (!isTab(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'orders') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={tab} onValueChange={select} className="account-tabs">
      <TabsList aria-label={t('dashboard.tabsLabel')}>
        {ACCOUNT_TABS.map((name) => (
          <TabsTrigger key={name} value={name}>
            {t(`dashboard.tabs.${name}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="orders">
        <OrdersPanel />
      </TabsContent>
      <TabsContent value="profile">
        <ProfilePanel />
      </TabsContent>
      <TabsContent value="addresses">
        <AddressesPanel />
      </TabsContent>
    </Tabs>
  );
}
