import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { StatusMessage } from '../../../components/ui/status-message';
import { useLocale } from '../../../i18n/i18n';
import { auditQuery } from '../api/admin-api';
import { ADMIN_NAMESPACE } from '../i18n';
import { changeSummary, shortRecordId } from '../lib/audit-changes';
import { TableScroll } from './table-scroll';

/** Activity Logs (spec §2): every admin change, newest first, 100 a page. */
export function ActivityLogTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const locale = useLocale();
  const log = useInfiniteQuery(auditQuery());
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const dateTime = new Intl.DateTimeFormat(`${locale}-CH`, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Zurich',
  });

  return (
    <section className="admin-panel" aria-labelledby="admin-activity-heading">
      <h2 id="admin-activity-heading">{t('activity.heading')}</h2>
      <p className="admin-note">{t('activity.intro')}</p>
      {log.isPending ? (
        <StatusMessage>{t('activity.loading')}</StatusMessage>
      ) : log.isError ? (
        <ErrorMessage error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <p className="admin-empty">{t('activity.empty')}</p>
      ) : (
        <TableScroll label={t('activity.heading')} className="admin-activity">
          <table>
            <caption className="visually-hidden">{t('activity.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('activity.date')}</th>
                <th scope="col">{t('activity.action')}</th>
                <th scope="col">{t('activity.table')}</th>
                <th scope="col">{t('activity.recordId')}</th>
                <th scope="col">{t('activity.changes')}</th>
                <th scope="col">{t('activity.actor')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.createdAt}>{dateTime.format(new Date(entry.createdAt))}</time>
                  </td>
                  <td>{t(`activity.actions.${entry.action}`)}</td>
                  <td>{entry.tableName}</td>
                  <td>
                    <abbr title={entry.recordId}>{shortRecordId(entry.recordId)}</abbr>
                  </td>
                  <td>
                    <ul className="admin-changes">
                      {changeSummary(entry).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </td>
                  <td>{entry.actorEmail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {log.hasNextPage ? (
        <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? t('activity.loadingMore') : t('activity.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}
