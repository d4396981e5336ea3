import { useEffect } from 'react';
import { Box } from 'shared-ui';
import { loadAllManifests } from '../federation/remotes';
import { RemoteContent } from '../federation/RemoteContent';

/** Full-screen layout without sidebar or header (/pretour). */
export function BareArea() {
  useEffect(() => loadAllManifests(), []);
  return (
    <Box minH="100dvh" bg="bg">
      <RemoteContent layout="bare" />
    </Box>
  );
}
