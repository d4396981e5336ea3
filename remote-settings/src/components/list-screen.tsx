import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Plus, Trash2 } from 'lucide-react';
import { Button, PageHeader, useConfirmedAction } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { ListUrlState } from 'shared-data';
import { ConfirmDialog, type ConfirmDialogProps } from 'shared-ui/overlays';
import { DataTable, ListSearch, RowActions, type ColumnDef, type DataTableProps, type RowAction } from 'shared-ui/data-table';

/** The list's search box: what it reads and writes is one filter of the list's URL state. */
export interface ListScreenSearch<F extends string> {
  state: Pick<ListUrlState<F>, 'filters' | 'setFilters'>;
  filter: F;
  label: string;
  placeholder?: string;
  testId: string;
}

export interface BulkDelete {
  selection: string[];
  onSelectionChange: (ids: string[]) => void;
  /** The button's text (it names how many are selected). */
  label: string;
  testId: string;
  /** Asks to delete the selection. */
  onDelete: () => void;
}

export interface ListScreenProps<T, F extends string> {
  title: string;
  description?: string;
  /** The header's buttons (see `AddButton`). */
  actions?: ReactNode;
  /** A search box above the table, its value in the URL's filters. */
  search?: ListScreenSearch<F>;
  /** Between the header and the table (what the last change asks the user to do next). */
  notice?: ReactNode;
  table: DataTableProps<T>;
  /** Row selection with a "delete the selected" button above the table; `false` when the user may not delete. */
  bulkDelete?: BulkDelete | false;
  /** The confirmations the screen may ask (a row's deletion, the selection's); `false` for one the user may not ask. */
  confirms?: (ConfirmDialogProps | false)[];
  /** The screen's own dialogs (create, edit, preview). */
  children?: ReactNode;
}

/**
 * The layout every settings list shares: header with its actions, optional search, the data table,
 * then the screen's dialogs and confirmations. A screen only says what differs: its texts, columns
 * and dialogs.
 */
export function ListScreen<T, F extends string = never>({
  title,
  description,
  actions,
  search,
  notice,
  table,
  bulkDelete,
  confirms = [],
  children,
}: ListScreenProps<T, F>) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {search && (
        <ListSearch
          value={search.state.filters[search.filter]}
          onSearch={(value) => {
            const changes: Partial<Record<F, string>> = {};
            changes[search.filter] = value;
            search.state.setFilters(changes);
          }}
          label={search.label}
          placeholder={search.placeholder}
          testId={search.testId}
        />
      )}
      {notice}
      <DataTable
        {...table}
        {...(bulkDelete && {
          selectable: true,
          selection: bulkDelete.selection,
          onSelectionChange: bulkDelete.onSelectionChange,
          toolbar: <BulkDeleteButton selection={bulkDelete.selection} label={bulkDelete.label} testId={bulkDelete.testId} onClick={bulkDelete.onDelete} />,
        })}
      />
      {children}
      {confirms.map((confirm) => confirm && <ConfirmDialog key={confirm.testId} {...confirm} />)}
    </>
  );
}

/** The header's "Add …" button: opens the screen's dialog (`onClick`) or goes to a create page (`to`). */
export function AddButton({ label, testId, onClick, to, icon }: { label: string; testId: string; onClick?: () => void; to?: string; icon?: ReactNode }) {
  const content = (
    <>
      {icon ?? <Plus size={16} aria-hidden />}
      {label}
    </>
  );
  if (to)
    return (
      <Button asChild colorPalette="brand" data-testid={testId}>
        <RouterLink to={to}>{content}</RouterLink>
      </Button>
    );
  return (
    <Button colorPalette="brand" onClick={onClick} data-testid={testId}>
      {content}
    </Button>
  );
}

/** The table's toolbar button that asks to delete the selected rows; nothing while none is selected. */
function BulkDeleteButton({ selection, label, testId, onClick }: { selection: string[]; label: string; testId: string; onClick: () => void }) {
  if (selection.length === 0) return undefined;
  return (
    <Button size="sm" colorPalette="red" variant="outline" onClick={onClick} data-testid={testId}>
      <Trash2 size={14} aria-hidden />
      {label}
    </Button>
  );
}

/** The "Created at" column of every list, as a date in the reader's format. */
export function createdAtColumn<T extends { createdAt: string }>(header: string, format: (value: string) => string): ColumnDef<T> {
  return { id: 'createdAt', header, cell: ({ row }) => format(row.original.createdAt) };
}

/** The pinned Action column at the row's end: the row's actions (see `deleteAction`). */
export function actionColumn<T>(header: string, actions: (row: T) => RowAction[]): ColumnDef<T> {
  return { id: 'action', header, meta: { alwaysVisible: true, align: 'end' }, cell: ({ row }) => <RowActions actions={actions(row.original)} /> };
}

/** A row's delete button (it asks first: `onClick` opens the confirmation). */
export function deleteAction(label: string, onClick: () => void, testId: string, hidden = false): RowAction {
  return { label, icon: <Trash2 size={16} aria-hidden />, onClick, tone: 'danger', testId, hidden };
}

/** A column that cannot be hidden (the row's name, which says what the row is). */
export function titleColumn<T>(id: string, header: string, cell: (row: T) => ReactNode): ColumnDef<T> {
  return { id, header, meta: { alwaysVisible: true }, cell: ({ row }) => cell(row.original) };
}

/**
 * A row's deletion, asked first, its texts the resource's (keys by resource, as react-admin's):
 * `<resource>.deleted` and `.deleteError` for the outcome, `.deleteTitle`, `.deleteConfirm` and
 * `.deleteAction` for the confirmation, each given `params(row)`. `ask(row)` opens it; spread
 * `confirm` into the list's `confirms`.
 */
export function useRowDeletion<T>(
  resource: string,
  run: (row: T) => Promise<unknown>,
  { params, testId, onDone }: { params: (row: T) => Record<string, string>; testId: string; onDone?: (row: T) => void },
) {
  const { t } = useTranslation('settings');
  const action = useConfirmedAction<T>({ run, success: (row) => t(`${resource}.deleted`, params(row)), errorFallback: t(`${resource}.deleteError`), onDone });
  const { target } = action;
  const confirm: ConfirmDialogProps = {
    ...action.dialogProps,
    title: t(`${resource}.deleteTitle`),
    description: target === null ? '' : t(`${resource}.deleteConfirm`, params(target)),
    confirmLabel: t(`${resource}.deleteAction`),
    testId,
  };
  return { ask: action.ask, target, confirm };
}
