/** The seven sections of the back office (spec §2), in the spec's order. */
export const ADMIN_TABS = [
  'overview',
  'orders',
  'analytics',
  'products',
  'newsletter',
  'promoCodes',
  'activityLogs',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tab a URL names (`?tab=`), the overview when it names none or an unknown one. */
export function tabFrom(params: URLSearchParams): AdminTab {
  const requested = params.get('tab');
  return (ADMIN_TABS as readonly string[]).includes(requested ?? '') ? (requested as AdminTab) : 'overview';
}
