import { Center } from 'shared-ui';
import { StatusScreen } from './StatusScreen';

/** Any unknown path. `standalone` when shown outside the main layout. */
export function NotFoundScreen({ standalone = false }: { standalone?: boolean }) {
  const panel = <StatusScreen code={404} page="notFound" back="home" to="/" />;
  return standalone ? <Center minH="100dvh">{panel}</Center> : panel;
}
