export { WorkspaceIcon } from './WorkspaceIcon';
export { WorkspaceSideList } from './WorkspaceSideList';
export { NewWorkspaceDialog } from './NewWorkspaceDialog';
export { useCreateWorkspace } from './api/create-workspace';
