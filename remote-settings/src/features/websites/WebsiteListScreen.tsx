import { useMemo } from 'react';
import { Badge, PageHeader, Text } from 'shared-ui';
import { DataTable, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useApiList, useSession } from 'shared-auth';
import { LIST_WEBSITES_URL, type WebsiteRow } from './api/list-websites';

/** /websites (get_websites): the websites of the organisation; the active one is marked. */
export default function WebsiteListScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const { activeWebsite } = useSession();
  const list = useApiList<WebsiteRow>(LIST_WEBSITES_URL, { fallbackError: t('websites.loadError') });
  const columns = useMemo<ColumnDef<WebsiteRow>[]>(
    () => [
      {
        id: 'name',
        header: t('websites.columns.name'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <Text fontWeight="medium">
            {row.original.name}{' '}
            {row.original._id === activeWebsite?._id && (
              <Badge colorPalette="green" ms="2">
                {t('websites.active')}
              </Badge>
            )}
          </Text>
        ),
      },
      {
        id: '_id',
        header: t('websites.columns.id'),
        meta: { hiddenByDefault: true },
        cell: ({ row }) => (
          <Text fontFamily="mono" fontSize="xs">
            {row.original._id}
          </Text>
        ),
      },
      { id: 'domain', header: t('websites.columns.domain'), cell: ({ row }) => row.original.domain },
      { id: 'createdAt', header: t('websites.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
    ],
    [t, activeWebsite?._id, format],
  );
  return (
    <>
      <PageHeader title={t('websites.title')} description={t('websites.description')} />
      <DataTable testId="websites-table" columns={columns} {...list.tableProps} empty={{ title: t('websites.empty') }} />
    </>
  );
}
