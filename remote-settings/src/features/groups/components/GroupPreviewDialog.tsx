import { useMemo } from 'react';
import { Badge, Button, CloseButton, HStack, Portal, Skeleton, Stack, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { DataTable, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage, useListUrlState, type ListUrlState } from 'shared-data';
import type { GroupRow } from '../api/list-groups';
import type { ClientMember } from '../api/list-client-members';
import { useGroupPreview } from '../api/preview-group';
import { useGroupMembers } from '../api/list-group-members';

/**
 * The preview of a group (GET /api/group/{id}): its name, count and creation date, and its members
 * (spec: Clients/reports columns) paged through GET /api/groups/{groupId}/members.
 */
export function GroupPreviewDialog({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  // The members table's page is in the URL (`preview.page`) like every list's, and leaves it on close.
  const membersPage = useListUrlState([], 'preview.');
  const close = () => {
    if (membersPage.page !== 1) membersPage.setPage(1);
    onClose();
  };
  return (
    <Dialog.Root open={group !== null} onOpenChange={(e) => !e.open && close()} size="xl">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="group-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('groups.preview.title', { name: group?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{group && <PreviewBody group={group} membersPage={membersPage} />}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
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

function PreviewBody({ group, membersPage }: { group: GroupRow; membersPage: ListUrlState<never> }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const summary = useGroupPreview(group._id);
  const members = useGroupMembers(group._id, membersPage, t('groups.preview.loadError'));
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
  return (
    <Stack gap="4">
      {summary.data ? (
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette="brand" data-testid="group-preview-count">
            {t('groups.members.count', { count: summary.data.membersCount })}
          </Badge>
          <Text color="fg.muted" fontSize="sm">
            {t('groups.preview.createdAt', { date: format.date(summary.data.createdAt) })}
          </Text>
        </HStack>
      ) : summary.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(summary.error, t('groups.preview.loadError'))}
        </Text>
      ) : (
        <Skeleton h="6" maxW="xs" />
      )}
      <DataTable testId="group-preview-members" columns={columns} {...members.tableProps} empty={{ title: t('groups.preview.empty') }} />
    </Stack>
  );
}
