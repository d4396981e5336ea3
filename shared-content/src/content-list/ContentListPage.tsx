import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Ban, Copy, Eye, MessagesSquare, Pencil, Plus, Rocket, Trash2 } from 'lucide-react';
import { canAct, type CampaignRow, type Workspace } from 'contracts';
import { Button, Flex, PageHeader, Stack, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, RowActions, type ColumnDef, type RowAction } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { type ListUrlState } from 'shared-data';
import { campaignColumns, type CampaignColumnOptions } from '../campaigns/campaign-columns';
import { NewWorkspaceDialog } from '../workspaces/NewWorkspaceDialog';
import { WorkspaceSideList } from '../workspaces/WorkspaceSideList';
import { createPath, type CampaignKindScreens } from './kinds';
import { useWorkspaces } from './api/list-workspaces';
import { useOwnerFilters, useValueFilters, type ValueFilterSpec } from './use-owner-filters';
import { CommentsReactionsDialog } from './CommentsReactionsDialog';
import { ListFilters } from './ListFilters';
import { usePublishContent } from '../lifecycle';
import { PublishDialog } from '../lifecycle/PublishDialog';

/** The calls behind a list's row and bulk actions (the kind's mutation hooks, one api/ file each). */
export interface ContentListCalls {
  duplicate: (id: string) => Promise<unknown>;
  cancel: (id: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  removeMany: (ids: string[]) => Promise<unknown>;
}

/** The filters every content list has beside its own: the workspace (side list), the sender and the tag. */
type OwnerFilter = 'workSpace' | 'sender' | 'tag';

/** What the kind's list hook (`usePopups`…) gives: the URL's list state (its filters: the list call's) and the table's props. */
export interface ContentList<F extends string = string> {
  state: ListUrlState<F>;
  tableProps: Omit<React.ComponentProps<typeof DataTable<CampaignRow>>, 'columns' | 'testId'>;
}

export interface ContentListPageProps<F extends string = string> {
  kind: CampaignKindScreens<NoInfer<F | OwnerFilter>>;
  list: ContentList<F | OwnerFilter>;
  /** The list call's fixed-value filters, in the order shown, before the sender and tag filters: only filters the call accepts. */
  valueFilters: readonly ValueFilterSpec<NoInfer<F | OwnerFilter>>[];
  columns: CampaignColumnOptions;
  calls: ContentListCalls;
  /** Row actions of this service only (the popup's answers export), after comments and reactions. */
  extraActions?: (row: CampaignRow) => RowAction[];
}

const titleOf = (row: CampaignRow) => row.title;

/** One filter's change, as the URL state takes it. */
function change<K extends string>(name: K, value: string): Partial<Record<K, string>> {
  const changes: Partial<Record<K, string>> = {};
  changes[name] = value;
  return changes;
}
// The lifecycle (contracts) says which actions apply to a row now: an already cancelled item cannot
// be cancelled again; a draft, a cancelled item or unpublished changes can be published.
const canCancelRow = (row: CampaignRow) => canAct('cancel', row);
const canPublishRow = (row: CampaignRow) => canAct('publish', row);

/**
 * A campaign list (popups, banners, push notifications): the service's workspaces beside the table
 * (choosing one filters it; "Create" goes into the chosen one, or into none under "All workspaces":
 * a workspace helps organise, it is never required), the filters the list call accepts, paging, column toggles, and the row actions duplicate,
 * cancel and delete plus bulk delete of the selected rows, each shown only if the ability allows,
 * confirmed, announced by a toast and reflected in the list.
 */
export function ContentListPage<F extends string>({
  kind: campaignKind,
  list,
  valueFilters,
  columns: columnOptions,
  calls,
  extraActions,
}: ContentListPageProps<F>) {
  const { namespace, i18nKey: kind, service, subject, basePath, searchParam, feedback: feedbackCalls } = campaignKind;
  const { state } = list;
  const { t } = useTranslation(namespace);
  const format = useFormatters();
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  // The workspace, the title search and the filters are the list call's own query parameters, kept
  // in the URL (all three calls name the workspace filter workSpace).
  const workspaceId = state.filters.workSpace ?? '';
  const setWorkspaceId = (id: string) => state.setFilters(change<F | OwnerFilter>('workSpace', id));
  const [selection, setSelection] = useState<string[]>([]);
  const [creatingWorkspace, setCreatingWorkspace] = useState(false);
  const [feedbackOf, setFeedbackOf] = useState<CampaignRow | null>(null);
  const values = useValueFilters(valueFilters, namespace);
  const owners = useOwnerFilters(namespace);
  const filters = useMemo(() => [...values, ...owners], [values, owners]);
  const columns = useMemo(() => campaignColumns(t, format, columnOptions), [t, format, columnOptions]);
  const workspaces = useWorkspaces(service);
  const onSearch = useCallback((text: string) => state.setFilters(change(searchParam, text)), [state, searchParam]);

  const canCreate = useCan('create', subject);
  const canView = useCan('get', subject);
  const canUpdate = useCan('update', subject);
  const canDelete = useCan('delete', subject);
  // The duplicate permission's action is the kind's own (spells one `duplication_*`).
  const canDuplicate = useCan(campaignKind.duplicateAction, subject);
  const canCancel = useCan('cancel', subject);

  // The mutations read the list again themselves; only the selection forgets what is gone.
  const afterRemoval = useCallback((ids: string[]) => setSelection((current) => current.filter((id) => !ids.includes(id))), []);
  const duplication = useConfirmedAction<CampaignRow>({
    run: (row) => calls.duplicate(row._id),
    success: (row) => t(`${kind}.actions.duplicated`, { title: titleOf(row) }),
    errorFallback: t(`${kind}.actions.duplicateFailed`),
  });
  const cancellation = useConfirmedAction<CampaignRow>({
    run: (row) => calls.cancel(row._id),
    success: (row) => t(`${kind}.actions.cancelled`, { title: titleOf(row) }),
    errorFallback: t(`${kind}.actions.cancelFailed`),
  });
  const deletion = useConfirmedAction<CampaignRow>({
    run: (row) => calls.remove(row._id),
    success: (row) => t(`${kind}.actions.deleted`, { title: titleOf(row) }),
    errorFallback: t(`${kind}.actions.deleteFailed`),
    onDone: (row) => afterRemoval([row._id]),
  });
  const bulk = useConfirmedAction<string[]>({
    run: (ids) => calls.removeMany(ids),
    success: (ids) => t(`${kind}.actions.bulkDeleted`, { count: ids.length }),
    errorFallback: t(`${kind}.actions.deleteFailed`),
    onDone: (ids) => afterRemoval(ids),
  });
  const { mutateAsync: publish } = usePublishContent(campaignKind.lifecycle);
  const publication = useConfirmedAction<CampaignRow>({
    run: (row) => publish({ params: { id: row._id } }),
    success: (row) => tc('lifecycle.published', { title: titleOf(row) }),
    errorFallback: tc('lifecycle.publishFailed'),
  });
  const { ask: askPublish } = publication;
  const { ask: askDuplicate } = duplication;
  const { ask: askCancel } = cancellation;
  const { ask: askDelete } = deletion;

  const allColumns = useMemo<ColumnDef<CampaignRow>[]>(
    () => [
      ...columns,
      {
        id: 'action',
        header: t('columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => {
          const item = row.original;
          const title = titleOf(item);
          return (
            <RowActions
              actions={[
                {
                  label: t('list.view', { title }),
                  icon: <Eye />,
                  link: <RouterLink to={`${basePath}/${item._id}/view`} />,
                  testId: 'row-view',
                  hidden: !canView,
                },
                {
                  label: t('list.edit', { title }),
                  icon: <Pencil />,
                  link: <RouterLink to={`${basePath}/${item._id}/update`} />,
                  testId: 'row-edit',
                  hidden: !canUpdate,
                },
                {
                  label: t('list.feedback', { title }),
                  icon: <MessagesSquare />,
                  onClick: () => setFeedbackOf(item),
                  testId: 'row-feedback',
                  hidden: !feedbackCalls,
                },
                ...(extraActions?.(item) ?? []),
                {
                  label: tc('lifecycle.publishRow', { title }),
                  icon: <Rocket />,
                  onClick: () => askPublish(item),
                  testId: 'row-publish',
                  hidden: !canUpdate || !canPublishRow(item),
                },
                { label: t('list.duplicate', { title }), icon: <Copy />, onClick: () => askDuplicate(item), testId: 'row-duplicate', hidden: !canDuplicate },
                {
                  label: t('list.cancel', { title }),
                  icon: <Ban />,
                  onClick: () => askCancel(item),
                  testId: 'row-cancel',
                  hidden: !canCancel || !canCancelRow(item),
                },
                {
                  label: t('list.delete', { title }),
                  icon: <Trash2 />,
                  onClick: () => askDelete(item),
                  tone: 'danger',
                  testId: 'row-delete',
                  hidden: !canDelete,
                },
              ]}
            />
          );
        },
      },
    ],
    [
      columns,
      t,
      tc,
      basePath,
      canView,
      canUpdate,
      feedbackCalls,
      canDuplicate,
      canCancel,
      canDelete,
      extraActions,
      askPublish,
      askDuplicate,
      askCancel,
      askDelete,
    ],
  );

  const workspaceList = workspaces.data ?? [];
  const create = () => navigate(createPath(campaignKind, workspaceId));
  const onWorkspaceCreated = (ws: Workspace) => {
    setCreatingWorkspace(false);
    // The dialog's create-workspace mutation has already invalidated the workspaces area: the side list reads again.
    setWorkspaceId(ws._id);
  };

  const toolbar = (
    <Flex gap="2" wrap="wrap" align="center" justify="space-between" width="full">
      <ListFilters
        namespace={namespace}
        search={state.filters[searchParam] ?? ''}
        onSearch={onSearch}
        filters={filters}
        values={state.filters}
        onChange={(param, value) => state.setFilters(change(param, value))}
      />
      {canDelete && selection.length > 0 && (
        <Button size="sm" colorPalette="red" variant="outline" onClick={() => bulk.ask(selection)} data-testid={`${kind}-bulk-delete`}>
          <Trash2 size={14} aria-hidden />
          {t(`${kind}.actions.bulkDelete`, { count: selection.length })}
        </Button>
      )}
    </Flex>
  );

  return (
    <>
      <PageHeader
        title={t(`${kind}.list.title`)}
        description={t(`${kind}.list.description`)}
        actions={
          canCreate && (
            <Button colorPalette="brand" onClick={create} data-testid={`${kind}-create`}>
              <Plus />
              {t(`${kind}.list.create`)}
            </Button>
          )
        }
      />
      <Flex gap={{ base: '4', '2xl': '6' }} align={{ base: 'stretch', '2xl': 'start' }} direction={{ base: 'column', '2xl': 'row' }}>
        <WorkspaceSideList
          workspaces={workspaceList}
          loading={workspaces.isPending}
          value={workspaceId}
          onChange={setWorkspaceId}
          onNew={() => setCreatingWorkspace(true)}
        />
        <Stack flex="1" minW="0" gap="4">
          <DataTable
            testId={`${kind}-table`}
            columns={allColumns}
            {...list.tableProps}
            selectable={canDelete}
            selection={selection}
            onSelectionChange={setSelection}
            toolbar={toolbar}
            empty={{ title: t(`${kind}.list.empty`), description: t(`${kind}.list.emptyHelp`) }}
          />
        </Stack>
      </Flex>
      <NewWorkspaceDialog open={creatingWorkspace} service={service} onClose={() => setCreatingWorkspace(false)} onCreated={onWorkspaceCreated} />
      <PublishDialog
        {...publication.dialogProps}
        subject={subject}
        id={publication.target?._id ?? null}
        title={publication.target ? titleOf(publication.target) : ''}
      />
      <ConfirmDialog
        {...duplication.dialogProps}
        testId="duplicate-dialog"
        tone="primary"
        title={t('list.duplicateTitle')}
        description={t('list.duplicateConfirm', { title: duplication.target ? titleOf(duplication.target) : '' })}
        confirmLabel={t('list.duplicateConfirmButton')}
      />
      <ConfirmDialog
        {...cancellation.dialogProps}
        testId="cancel-dialog"
        title={t('list.cancelTitle')}
        description={t('list.cancelConfirm', { title: cancellation.target ? titleOf(cancellation.target) : '' })}
        confirmLabel={t('list.cancelConfirmButton')}
        // Not "Cancel" beside "Cancel it": the way out says it keeps the item as it is.
        cancelLabel={t('list.cancelKeepButton')}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        testId="delete-dialog"
        title={t('list.deleteTitle')}
        description={t('list.deleteConfirm', { title: deletion.target ? titleOf(deletion.target) : '' })}
        confirmLabel={tc('actions.delete')}
      />
      <ConfirmDialog
        {...bulk.dialogProps}
        testId="bulk-delete-dialog"
        title={t(`${kind}.actions.bulkDeleteTitle`, { count: bulk.target?.length ?? 0 })}
        description={t(`${kind}.actions.bulkDeleteConfirm`, { count: bulk.target?.length ?? 0 })}
        confirmLabel={tc('actions.delete')}
      />
      {feedbackCalls && <CommentsReactionsDialog namespace={namespace} calls={feedbackCalls} item={feedbackOf} onClose={() => setFeedbackOf(null)} />}
    </>
  );
}
