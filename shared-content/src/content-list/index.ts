export { ContentListPage, type ContentList, type ContentListCalls, type ContentListPageProps } from './ContentListPage';
export { CommentsReactionsDialog } from './CommentsReactionsDialog';
export { ListFilters, type SelectFilter } from './ListFilters';
export * from './kinds';
export { useOwnerFilters, useValueFilters, STATUS_FILTER, PRIORITY_FILTER, type ValueFilterSpec } from './use-owner-filters';
export { listWorkspaces, useWorkspaces } from './api/list-workspaces';
export { listFiltersOf, useListCallState, type ValueFilters } from './list-state';
export { contentListCalls } from './list-calls';
