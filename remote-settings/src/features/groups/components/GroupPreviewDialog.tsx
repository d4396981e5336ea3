import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, CloseButton, HStack, Portal, Skeleton, Stack, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { DataTable, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage, useApiList } from 'shared-auth';
import type { GroupPreview } from 'contracts';
import { groupMembersUrl, previewGroup, type ClientMember, type GroupRow } from '../api/groups';

const PAGE_SIZE = 10;

/**
 * The preview of a group (GET /api/group/{id}): its name, count and creation date, and its members
 * (spec: Clients/reports columns) paged through GET /api/groups/{groupId}/members.
 */
export function GroupPreviewDialog({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  return (
    <Dialog.Root open={group !== null} onOpenChange={(e) => !e.open && onClose()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="group-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('groups.preview.title', { name: group?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{group && <PreviewBody group={group} />}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {tc('actions.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PreviewBody({ group }: { group: GroupRow }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const [summary, setSummary] = useState<{ data: GroupPreview | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    let live = true;
    previewGroup(group._id)
      .then((data) => live && setSummary({ data, error: null }))
      .catch((error) => live && setSummary({ data: null, error: errorMessage(error, t('groups.preview.loadError')) }));
    return () => {
      live = false;
    };
  }, [group._id, t]);
  const members = useApiList<ClientMember>(groupMembersUrl(group._id), { pageSize: PAGE_SIZE, fallbackError: t('groups.preview.loadError') });
  const columns = useMemo<ColumnDef<ClientMember>[]>(
    () => [
      idColumn<ClientMember>(t('groups.columns.id')),
      {
        id: 'memberId',
        header: t('groups.members.memberId'),
        cell: ({ row }) => (
          <Text as="span" fontFamily="mono" fontSize="sm" dir="ltr">
            {row.original.memberId}
          </Text>
        ),
      },
      { id: 'username', header: t('groups.members.name'), cell: ({ row }) => row.original.username ?? '—' },
      { id: 'division', header: t('groups.members.division'), cell: ({ row }) => row.original.division ?? '—' },
      { id: 'state', header: t('groups.members.state'), cell: ({ row }) => row.original.state ?? '—' },
      {
        id: 'domain',
        header: t('groups.members.domain'),
        cell: ({ row }) => (
          <Text as="span" dir="ltr">
            {row.original.domain ?? '—'}
          </Text>
        ),
      },
    ],
    [t],
  );
  const data = summary.data;
  return (
    <Stack gap="4">
      {data ? (
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette="brand" data-testid="group-preview-count">
            {t('groups.members.count', { count: data.membersCount })}
          </Badge>
          <Text color="fg.muted" fontSize="sm">
            {t('groups.preview.createdAt', { date: format.date(data.createdAt) })}
          </Text>
        </HStack>
      ) : summary.error ? (
        <Text color="fg.error" role="alert">
          {summary.error}
        </Text>
      ) : (
        <Skeleton h="6" maxW="xs" />
      )}
      <DataTable testId="group-preview-members" columns={columns} {...members.tableProps} empty={{ title: t('groups.preview.empty') }} />
    </Stack>
  );
}
