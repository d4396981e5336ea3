import { useState, type ReactNode } from 'react';
import { Button, CloseButton, Portal, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Resolves when done (the dialog closes); rejects to keep it open (the caller shows the error). */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  testId?: string;
}

/** "Are you sure?" before a delete: the destructive button is red and shows progress. */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onClose, testId = 'confirm-dialog' }: ConfirmDialogProps) {
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
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t('actions.cancel')}
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={busy} data-testid="confirm-button">
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
