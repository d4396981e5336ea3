import { useState, type ReactNode } from 'react';
import { Button, CloseButton, Portal, Text, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** The button that closes without acting ("Cancel" unless the action is itself a cancel, or leaving). */
  cancelLabel?: ReactNode;
  /** Resolves when done (the dialog closes); rejects to keep it open (the caller shows the error). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  testId?: string;
  /** The confirm button's colour: red for destructive actions (the default), brand otherwise. */
  tone?: 'danger' | 'primary';
  /** Not yet confirmable (what the question names is still being read). */
  confirmDisabled?: boolean;
}

/**
 * "Are you sure?" before an action (delete, duplicate, cancel…): the button shows progress, and the
 * dialog stays open when the action fails so the user can retry or cancel.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
  tone = 'danger',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller reported the failure; the dialog stays open so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text textAlign="start">{description}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy} data-testid="dismiss-button">
                {cancelLabel ?? t('actions.cancel')}
              </Button>
              <Button
                colorPalette={tone === 'danger' ? 'red' : 'brand'}
                onClick={confirm}
                loading={busy}
                disabled={confirmDisabled}
                data-testid="confirm-button"
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
