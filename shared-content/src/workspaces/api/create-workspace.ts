import { createWorkspaceCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/workspaces (create_workspaces, inside the active website): 201 { message, data }. */
export const useCreateWorkspace = () => useCallMutation(createWorkspaceCall);
