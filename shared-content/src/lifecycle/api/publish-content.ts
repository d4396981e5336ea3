import { useCallMutation } from 'shared-data';
import type { LifecycleCalls } from './lifecycle-calls';

/** PUT /api/{kind}/publish/{id} (update_*): the working copy goes live now, as a new version. */
export const usePublishContent = (calls: LifecycleCalls) => useCallMutation(calls.publish);
