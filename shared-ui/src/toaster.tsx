import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { LIBRARY_NOTIFICATION } from 'contracts';

/** Toasts at the top, 3 s, one at a time, offset 8. */
export const TOAST_DURATION_MS = 3000;
export const toaster = createToaster({
  placement: 'top',
  duration: TOAST_DURATION_MS,
  max: 1,
  offsets: '8px',
  pauseOnPageIdle: true,
});

/**
 * The "library notification": a second, longer-lived kind for messages the user may want
 * to read twice (e.g. what to do next). Stacks up to `threshold` at the top end, 4.5 s each.
 */
export const notifier = createToaster({
  placement: 'top-end',
  duration: LIBRARY_NOTIFICATION.durationMs,
  max: LIBRARY_NOTIFICATION.threshold,
  offsets: `${LIBRARY_NOTIFICATION.offset}px`,
  gap: LIBRARY_NOTIFICATION.gap,
  pauseOnPageIdle: true,
});

export function Toaster() {
  return (
    <>
      <ToasterOf toaster={toaster} />
      <ToasterOf toaster={notifier} />
    </>
  );
}

function ToasterOf({ toaster }: { toaster: typeof notifier }) {
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

/** The data layer's error notices (shared-data `setErrorNotifier`): one toast per id while it shows. */
export function toastErrorNotice({ id, title }: { id: string; title: string }): void {
  if (!toaster.isVisible(id)) toaster.create({ id, type: 'error', title });
}
