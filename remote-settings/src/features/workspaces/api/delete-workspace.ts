import { deleteWorkspaceCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/workspaces/{id} (delete_workspaces, inside the active website). */
export const useDeleteWorkspace = () => useCallMutation(deleteWorkspaceCall);
