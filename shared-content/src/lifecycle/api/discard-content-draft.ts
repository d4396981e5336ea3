import { useCallMutation } from 'shared-data';
import type { LifecycleCalls } from './lifecycle-calls';

/** DELETE /api/{kind}/draft/{id} (update_*): drops a live item's unpublished changes. */
export const useDiscardContentDraft = (calls: LifecycleCalls) => useCallMutation(calls.discardDraft);
