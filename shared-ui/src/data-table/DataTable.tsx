import { useMemo, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData, type RowSelectionState, type VisibilityState } from '@tanstack/react-table';
import { Box, Button, Checkbox, HStack, IconButton, Portal, Skeleton, Stack, Table, Text, Menu } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../chrome/states';
import { usePersistedColumnVisibility } from './column-visibility';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column cannot be hidden (spec: User, Role name, Action columns). */
    alwaysVisible?: boolean;
    /** Hidden until the user shows it (spec: Id, Domain columns). */
    hiddenByDefault?: boolean;
    /** Text of the column in the column-toggle menu (defaults to the header if it is a string). */
    label?: string;
    align?: 'start' | 'end' | 'center';
    /** Stays in view at the table's inline end while a wide table scrolls sideways (the Action column always does). */
    sticky?: 'end';
  }
}

export type { ColumnDef } from '@tanstack/react-table';

/**
 * A wide table (the popup list has 13 columns) scrolls sideways on a laptop screen; its row actions
 * must not scroll out of reach, so the Action column is pinned at the inline end (right in ltr, left
 * in rtl), with its own background and an edge shadow, as Ant Design's fixed columns do.
 */
function pinnedEnd(columnId: string, meta: { sticky?: 'end' } | undefined, background: string) {
  if (meta?.sticky !== 'end' && columnId !== 'action') return {};
  return { position: 'sticky' as const, insetInlineEnd: 0, zIndex: 1, bg: background, boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)' };
}

export interface DataTableProps<T> {
  // TanStack's own idiom: a column list mixes value types, which `unknown` cannot express.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  /** Row key (`_id` by default). */
  getRowId?: (row: T) => string;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  empty?: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  /** Enables row checkboxes; the selection is reported by id. */
  selectable?: boolean;
  selection?: string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Above the table, at the end of the toolbar (bulk actions, filters). */
  toolbar?: ReactNode;
  testId?: string;
}

/**
 * The data table of every list in the console (TanStack Table under Chakra's table): column
 * toggles (with columns that cannot be hidden and columns hidden by default), server-side paging,
 * optional row selection, and the loading, empty and error states.
 */
export function DataTable<T>({
  columns,
  data,
  getRowId = (row) => (row as { _id: string })._id,
  total,
  page,
  pageSize,
  onPageChange,
  loading = false,
  error = null,
  onRetry,
  empty,
  selectable = false,
  selection = [],
  onSelectionChange,
  toolbar,
  testId = 'data-table',
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const initialVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(columns.filter((c) => c.meta?.hiddenByDefault).map((c) => [String(c.id ?? (c as { accessorKey?: string }).accessorKey), false])),
    [columns],
  );
  // Remembered per table across reloads.
  const [columnVisibility, setColumnVisibility] = usePersistedColumnVisibility(testId, initialVisibility);
  const rowSelection = useMemo<RowSelectionState>(() => Object.fromEntries(selection.map((id) => [id, true])), [selection]);

  const table = useReactTable({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    state: { columnVisibility, rowSelection },
    onColumnVisibilityChange: setColumnVisibility,
    enableRowSelection: selectable,
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      onSelectionChange?.(Object.keys(next).filter((id) => next[id]));
    },
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  });

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const hideable = table.getAllLeafColumns().filter((c) => !c.columnDef.meta?.alwaysVisible);
  const visibleCount = table.getVisibleLeafColumns().length + (selectable ? 1 : 0);
  const allSelected = data.length > 0 && data.every((row) => selection.includes(getRowId(row)));
  const someSelected = !allSelected && data.some((row) => selection.includes(getRowId(row)));

  return (
    <Stack gap="3" data-testid={testId}>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm" data-testid="table-total">
          {t('table.total', { count: total })}
        </Text>
        <HStack gap="2">
          {toolbar}
          {hideable.length > 0 && (
            <Menu.Root closeOnSelect={false}>
              <Menu.Trigger asChild>
                <Button variant="outline" size="sm" data-testid="column-toggle">
                  {t('table.columns')}
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {hideable.map((column) => {
                      const label = column.columnDef.meta?.label ?? (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id);
                      return (
                        <Menu.CheckboxItem
                          key={column.id}
                          value={column.id}
                          checked={column.getIsVisible()}
                          onCheckedChange={(checked) => column.toggleVisibility(Boolean(checked))}
                          data-testid={`toggle-column-${column.id}`}
                        >
                          {label}
                          <Menu.ItemIndicator />
                        </Menu.CheckboxItem>
                      );
                    })}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </HStack>
      </HStack>
      <Box borderWidth="1px" rounded="md" overflowX="auto" bg="bg.panel">
        <Table.Root size="sm" interactive aria-busy={loading}>
          <Table.Header>
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id} bg="bg.subtle">
                {selectable && (
                  <Table.ColumnHeader w="10">
                    <Checkbox.Root
                      size="sm"
                      checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                      onCheckedChange={(e) => onSelectionChange?.(e.checked ? data.map(getRowId) : [])}
                      aria-label={t('table.selectAll')}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                )}
                {group.headers.map((header) => (
                  <Table.ColumnHeader
                    key={header.id}
                    textAlign={header.column.columnDef.meta?.align ?? 'start'}
                    data-column={header.column.id}
                    {...pinnedEnd(header.column.id, header.column.columnDef.meta, 'bg.subtle')}
                  >
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {loading &&
              Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
                <Table.Row key={`skeleton-${i}`} data-testid="table-skeleton">
                  {Array.from({ length: visibleCount }, (__, j) => (
                    <Table.Cell key={j}>
                      <Skeleton h="4" />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            {!loading &&
              !error &&
              table.getRowModel().rows.map((row) => (
                <Table.Row key={row.id} data-selected={row.getIsSelected() || undefined} data-testid="table-row">
                  {selectable && (
                    <Table.Cell>
                      <Checkbox.Root
                        size="sm"
                        checked={row.getIsSelected()}
                        onCheckedChange={(e) => row.toggleSelected(Boolean(e.checked))}
                        aria-label={t('table.selectRow')}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                  )}
                  {row.getVisibleCells().map((cell) => (
                    <Table.Cell
                      key={cell.id}
                      textAlign={cell.column.columnDef.meta?.align ?? 'start'}
                      data-column={cell.column.id}
                      {...pinnedEnd(cell.column.id, cell.column.columnDef.meta, 'bg.panel')}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
          </Table.Body>
        </Table.Root>
        {!loading && error && (
          <StatePanel
            testId="table-error"
            tone="danger"
            title={t('table.errorTitle')}
            description={error}
            action={onRetry && <Button onClick={onRetry}>{t('actions.retry')}</Button>}
          />
        )}
        {!loading && !error && data.length === 0 && (
          <StatePanel testId="table-empty" title={empty?.title ?? t('table.emptyTitle')} description={empty?.description} action={empty?.action} />
        )}
      </Box>
      {pageCount > 1 && (
        <HStack justify="end" gap="2" data-testid="table-pagination">
          <IconButton size="sm" variant="outline" aria-label={t('table.previous')} disabled={page <= 1 || loading} onClick={() => onPageChange(page - 1)}>
            <span aria-hidden style={{ display: 'inline-block', transform: 'scaleX(var(--dir-flip, 1))' }}>
              ‹
            </span>
          </IconButton>
          <Text fontSize="sm" data-testid="table-page">
            {t('table.pageOf', { page, count: pageCount })}
          </Text>
          <IconButton size="sm" variant="outline" aria-label={t('table.next')} disabled={page >= pageCount || loading} onClick={() => onPageChange(page + 1)}>
            <span aria-hidden style={{ display: 'inline-block', transform: 'scaleX(var(--dir-flip, 1))' }}>
              ›
            </span>
          </IconButton>
        </HStack>
      )}
    </Stack>
  );
}
