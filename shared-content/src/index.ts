/**
 * The content services' shared UI (issue 11, item 6): what the campaigns remote, the settings remote
 * and the tours-checklists remote show alike. Its own package, not a shared-ui entry: it reads and
 * writes through shared-auth's query hooks, and shared-auth already imports shared-ui (a shared-ui
 * entry importing shared-auth would close a cycle). Texts are in the `common` namespace.
 */
export { WorkspaceIcon } from './workspaces/WorkspaceIcon';
export { WorkspaceSideList } from './workspaces/WorkspaceSideList';
export { NewWorkspaceDialog } from './workspaces/NewWorkspaceDialog';
export { useCreateWorkspace } from './workspaces/api/create-workspace';
export { campaignColumns, type CampaignColumnOptions } from './campaigns/campaign-columns';
export { TargetingFields, type TargetingOptions } from './targeting/TargetingFields';
export { CheckList } from './targeting/CheckList';
export { ContentListPage, type ContentList, type ContentListCalls, type ContentListPageProps } from './content-list/ContentListPage';
export { CommentsReactionsDialog } from './content-list/CommentsReactionsDialog';
export { ListFilters, type SelectFilter } from './content-list/ListFilters';
export * from './content-list/kinds';
export { useOwnerFilters, useValueFilters, STATUS_FILTER, PRIORITY_FILTER, type ValueFilterSpec } from './content-list/use-owner-filters';
export { usePickerQuery } from './content-list/use-picker-query';
export { listTags } from './content-list/api/list-tags';
export { listWorkspaces, useWorkspaces } from './content-list/api/list-workspaces';
