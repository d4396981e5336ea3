import { useCallback, useState } from 'react';
import { toaster } from '../toaster';
import { errorMessage } from 'shared-data';

/**
 * An action on one row that asks first (delete, duplicate, cancel…): `ask(row)` opens the
 * confirmation, `confirm()` runs the call, announces the outcome with a toast (the server's message
 * on failure) and calls `onDone`. On failure it rejects, so `<ConfirmDialog>` stays
 * open for a retry. Spread `dialogProps` into `<ConfirmDialog>`.
 */
export function useConfirmedAction<T>({
  run,
  success,
  errorFallback,
  onDone,
}: {
  run: (target: T) => Promise<unknown>;
  success: string | ((target: T) => string);
  errorFallback: string;
  onDone?: (target: T) => void | Promise<void>;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const close = useCallback(() => setTarget(null), []);
  const confirm = async () => {
    if (target === null) return;
    try {
      await run(target);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error, errorFallback) });
      throw error;
    }
    toaster.create({ type: 'success', title: typeof success === 'function' ? success(target) : success });
    await onDone?.(target);
  };
  return { target, ask: setTarget, close, dialogProps: { open: target !== null, onConfirm: confirm, onClose: close } };
}
