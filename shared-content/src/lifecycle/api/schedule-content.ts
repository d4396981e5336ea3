import { useCallMutation } from 'shared-data';
import type { LifecycleCalls } from './lifecycle-calls';

/** PUT /api/{kind}/schedule/{id} (update_*): published, shown from a start until an optional end. */
export const useScheduleContent = (calls: LifecycleCalls) => useCallMutation(calls.schedule);
