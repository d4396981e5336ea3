import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

/** Spec sections 8 and 9: toasts at the top, 3 s, one at a time, offset 8. */
export const TOAST_DURATION_MS = 3000;
export const toaster = createToaster({
  placement: 'top',
  duration: TOAST_DURATION_MS,
  max: 1,
  offsets: '8px',
  pauseOnPageIdle: true,
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
