import { StatusScreen } from './StatusScreen';

/** Where a route without its permission lands. */
export function ForbiddenScreen() {
  return <StatusScreen code={403} page="forbidden" back="back" to="/dashboard" tone="warning" />;
}
