import type { FormEventHandler, ReactNode } from 'react';
import { Button, CloseButton, Portal, Stack, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  submitLabel: ReactNode;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}

/** A create form in a dialog (add website, new tag, new workspace). */
export function FormDialog({ open, title, submitLabel, submitting, onSubmit, onClose, children, testId }: FormDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate data-testid={testId}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={submitting} data-testid="cancel-button">
                  {t('actions.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={submitting} data-testid="submit-button">
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
