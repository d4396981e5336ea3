import type { ReactNode } from 'react';
import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { system } from './system';
import { Toaster } from './toaster';

/**
 * The one Chakra provider of the console. The host renders it once; remotes render inside it and
 * so use the host's system and context (they never create their own, except when standalone).
 * `locale` drives the direction of Chakra's positioning and components (ar is right-to-left).
 */
export function UiProvider({ children, locale = 'en' }: { children: ReactNode; locale?: string }) {
  return (
    <UiProviderWithoutToasts locale={locale}>
      {children}
      <Toaster />
    </UiProviderWithoutToasts>
  );
}

/**
 * The same provider without the toast region, for a page that raises no toast (the sign-in page):
 * the toast machine is some 8 KB gzip of its JavaScript.
 */
export function UiProviderWithoutToasts({ children, locale = 'en' }: { children: ReactNode; locale?: string }) {
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={locale}>{children}</LocaleProvider>
    </ChakraProvider>
  );
}
