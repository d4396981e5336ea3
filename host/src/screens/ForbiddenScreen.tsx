import { StatusScreen } from './StatusScreen';

/** Where a route without its permission lands (spec sections 2 and 6). */
export function ForbiddenScreen() {
  return <StatusScreen code={403} page="forbidden" back="back" to="/dashboard" tone="warning" />;
}
