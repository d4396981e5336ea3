import { useMemo, useState } from 'react';
import { Badge, PageHeader, Text } from 'shared-ui';
import { DataTable, type ColumnDef } from 'shared-ui/data-table';
import { useTranslation } from 'shared-i18n';
import { useApiList, useSession } from 'shared-auth';
import { LIST_WEBSITES_URL, type WebsiteRow } from './api/list-websites';

const PAGE_SIZE = 10;

/** /websites (get_websites): the websites of the organisation; the active one is marked. */
export default function WebsiteListScreen() {
  const { t } = useTranslation('settings');
  const { activeWebsite } = useSession();
  const [page, setPage] = useState(1);
  const list = useApiList<WebsiteRow>(LIST_WEBSITES_URL, { page, pageSize: PAGE_SIZE }, t('websites.loadError'));
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
      { id: '_id', header: t('websites.columns.id'), meta: { hiddenByDefault: true }, cell: ({ row }) => <Text fontFamily="mono" fontSize="xs">{row.original._id}</Text> },
      { id: 'domain', header: t('websites.columns.domain'), cell: ({ row }) => row.original.domain },
      { id: 'createdAt', header: t('websites.columns.createdAt'), cell: ({ row }) => new Date(row.original.createdAt).toLocaleDateString() },
    ],
    [t, activeWebsite?._id],
  );
  return (
    <>
      <PageHeader title={t('websites.title')} description={t('websites.description')} />
      <DataTable
        testId="websites-table"
        columns={columns}
        data={list.docs}
        total={list.total}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={list.loading}
        error={list.error}
        onRetry={list.reload}
        empty={{ title: t('websites.empty') }}
      />
    </>
  );
}
