import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Box, Button, Grid, HStack, Stack, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * An editor: the form beside its live preview (the preview stays in view while the form scrolls;
 * below 1280 px they stack). In read-only mode the whole form is one disabled fieldset, so nothing can
 * be changed and nothing is sent. The save bar comes after the form and, when they stack, after the
 * preview too: what is saved is seen before saving. Its buttons belong to the form by its id.
 */
/** The value of the "Save as draft" submit button. */
export const DRAFT_INTENT = 'draft';

export function EditorLayout({
  onSubmit,
  readOnly,
  submitting,
  submitLabel,
  draftLabel,
  onCancel,
  preview,
  children,
  testId,
  extraActions,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  /** "Save as draft" beside the main submit (create only). */
  draftLabel?: string;
  onCancel: () => void;
  preview: ReactNode;
  children: ReactNode;
  testId: string;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation('common');
  const formId = useId();
  return (
    <Grid
      templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 560px' }}
      templateAreas={{ base: '"form" "preview" "actions"', xl: '"form preview" "actions preview"' }}
      templateRows={{ xl: 'auto 1fr' }}
      columnGap="6"
      rowGap={{ base: '6', xl: '0' }}
      alignItems="start"
    >
      <form id={formId} onSubmit={onSubmit} noValidate data-testid={testId} style={{ gridArea: 'form', minWidth: 0 }}>
        <chakra.fieldset disabled={readOnly} minW="0" border="0" p="0" m="0">
          <Stack gap="5">{children}</Stack>
        </chakra.fieldset>
      </form>
      <Box gridArea="preview" position={{ xl: 'sticky' }} top="0" data-testid="editor-preview">
        {preview}
      </Box>
      <HStack gridArea="actions" gap="3" mt={{ xl: '6' }} justify="flex-start" flexWrap="wrap" data-testid="editor-actions">
        {!readOnly && (
          <Button type="submit" form={formId} colorPalette="brand" loading={submitting} data-testid="editor-submit">
            {submitLabel}
          </Button>
        )}
        {!readOnly && draftLabel && (
          <Button type="submit" form={formId} name="intent" value={DRAFT_INTENT} variant="outline" disabled={submitting} data-testid="editor-save-draft">
            {draftLabel}
          </Button>
        )}
        <Button variant="outline" onClick={onCancel} disabled={submitting} data-testid="editor-cancel">
          {readOnly ? t('editor.backToList') : tc('actions.cancel')}
        </Button>
        {extraActions}
      </HStack>
    </Grid>
  );
}
