import { useCallMutation } from 'shared-data';
import type { LifecycleCalls } from './lifecycle-calls';

/** PUT /api/{kind}/{id}/versions/{number}/restore (update_*): a version becomes the unpublished changes. */
export const useRestoreContentVersion = (calls: LifecycleCalls) => useCallMutation(calls.restoreVersion);
