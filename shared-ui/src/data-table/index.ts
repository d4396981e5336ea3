/** The data table, a singleton of its own: only list screens load it (never the sign-in page). */
export { DataTable, type DataTableProps, type ColumnDef } from './DataTable';
export { idColumn } from './columns';
export { RowActions, type RowAction } from './row-actions';
export { ListSearch, useDebouncedValue, type ListSearchProps } from './list-search';
