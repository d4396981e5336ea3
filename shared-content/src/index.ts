/**
 * The content services' shared UI: what the campaigns remote, the settings remote
 * and the tours-checklists remote show alike. Its own package, not a shared-ui entry: it reads and
 * writes through shared-auth's query hooks, and shared-auth already imports shared-ui (a shared-ui
 * entry importing shared-auth would close a cycle). The workspace and targeting texts are in the
 * `common` namespace; the content list reads its texts in the kind's own namespace (CampaignKindScreens).
 */
export * from './workspaces';
export { campaignColumns, type CampaignColumnOptions } from './campaigns/campaign-columns';
export { TargetingFields, type TargetingOptions } from './targeting/TargetingFields';
export { CheckList } from './targeting/CheckList';
export { useEditorOptions, type EditorOptions } from './targeting/editor-options';
export * from './content-list';
export * from './lifecycle';
export * from './fields';
