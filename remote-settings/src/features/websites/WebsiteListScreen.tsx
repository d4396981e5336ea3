import { useMemo, useState } from 'react';
import { Badge, Text } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan, useSession } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
import { useWebsites, type WebsiteRow } from './api/list-websites';
import { useDeleteWebsites } from './api/delete-websites';
import { AddWebsiteDialog } from './components/AddWebsiteDialog';

/**
 * /websites (get_websites): the websites of the organisation; the active one is marked. Adding and
 * deleting need create_websites (the API requires it for both). After either, the session's websites
 * are read again so the header's switcher lists them (and a deleted active website is switched away).
 */
export default function WebsiteListScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const { activeWebsite } = useSession();
  const canManage = useCan('create', 'websites');
  // Deleting a website deletes its content: its own permission.
  const canDelete = useCan('delete', 'websites');
  const [adding, setAdding] = useState(false);
  const list = useWebsites(t('websites.loadError'));
  const remove = useDeleteWebsites();
  const deletion = useRowDeletion<WebsiteRow>('websites', (row) => remove.mutateAsync({ body: { websites: [row._id] } }), {
    params: (site) => ({ name: site.name, domain: site.domain }),
    testId: 'delete-website-dialog',
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<WebsiteRow>[]>(
    () => [
      titleColumn<WebsiteRow>('name', t('websites.columns.name'), (row) => (
        <Text fontWeight="medium" textAlign="start">
          {row.name}{' '}
          {row._id === activeWebsite?._id && (
            <Badge colorPalette="green" ms="2" data-testid="active-website">
              {t('websites.active')}
            </Badge>
          )}
        </Text>
      )),
      idColumn<WebsiteRow>(t('websites.columns.id')),
      {
        id: 'domain',
        header: t('websites.columns.domain'),
        cell: ({ row }) => (
          <Text as="span" dir="ltr">
            {row.original.domain}
          </Text>
        ),
      },
      createdAtColumn<WebsiteRow>(t('websites.columns.createdAt'), format.date),
      ...(canDelete
        ? [
            actionColumn<WebsiteRow>(t('websites.actionColumn'), (site) => [
              deleteAction(t('websites.deleteLabel', { name: site.name }), () => askDelete(site), `delete-website-${site.domain}`),
            ]),
          ]
        : []),
    ],
    [t, activeWebsite?._id, format, canDelete, askDelete],
  );

  return (
    <ListScreen
      title={t('websites.title')}
      description={t('websites.description')}
      actions={canManage && <AddButton label={t('websites.add')} testId="add-website" onClick={() => setAdding(true)} />}
      table={{ testId: 'websites-table', columns, ...list.tableProps, empty: { title: t('websites.empty') } }}
      confirms={[canManage && deletion.confirm]}
    >
      {canManage && <AddWebsiteDialog open={adding} onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />}
    </ListScreen>
  );
}
