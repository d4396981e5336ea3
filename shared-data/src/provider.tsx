import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { sharedQueryClient } from './queries';

/**
 * The one query client: the host and a remote's standalone page both render this
 * once, inside shared-auth's `SessionProvider`, so every screen below shares one cache.
 */
export function DataProvider({ children, queryClient = sharedQueryClient }: { children?: ReactNode; queryClient?: QueryClient }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
