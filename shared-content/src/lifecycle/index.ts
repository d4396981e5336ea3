export type { LifecycleCalls } from './api/lifecycle-calls';
export { LifecycleBar, type LifecycleItem } from './LifecycleBar';
export { StatusBadge } from './StatusBadge';
export { VersionsPanel } from './VersionsPanel';
export { ScheduleDialog } from './ScheduleDialog';
export { usePublishContent } from './api/publish-content';
export { useDeliverySettings } from './api/get-delivery-settings';
export { formatInstant, instantToZoned, zonedToInstant } from './time-zone';
export { CheckVisitorPanel } from './CheckVisitorPanel';
