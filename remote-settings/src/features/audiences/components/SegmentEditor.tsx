import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { audienceSize, emptyAudience, segmentCreateBodySchema, type AudienceGroup } from 'contracts';
import { Button, Card, FormField, Heading, HStack, Input, Stack, Text, toaster, reportFormError, useContractForm } from 'shared-ui';
import { AudienceBuilder, audienceErrorsFrom, type AudienceAttribute } from 'shared-ui/audience-builder';
import { useTranslation } from 'shared-i18n';
import { fieldErrors } from 'shared-data';
import { useCan } from 'shared-auth';
import { useCreateSegment } from '../api/create-segment';
import { useUpdateSegment } from '../api/update-segment';
import type { SegmentRow } from '../api/list-segments';
import { missingValues } from '../audience-summary';
import { useAudiencePreview } from '../use-audience-preview';
import { AudiencePreviewPanel } from './AudiencePreviewPanel';
import { UnsavedChangesGuard } from 'shared-ui/overlays';

/**
 * The contract's own body schema (the server checks the same); the rules are checked by the
 * builder as they are built (missing values), not here.
 */
const SCHEMA = segmentCreateBodySchema.extend({ audience: z.custom<AudienceGroup>() });

export interface SegmentEditorProps {
  /** The segment being edited, or null for a new one. */
  segment: SegmentRow | null;
  attributes: readonly AudienceAttribute[];
  onSaved: (saved: SegmentRow, created: boolean) => void;
  onCancel: () => void;
}

/**
 * The create / edit form of a segment: a name and the rule builder, with the live preview of the
 * people the rules select beside it. Browser validation from the shared rules (name required,
 * values of valued comparisons required); the server's field messages land on the name and on the
 * very condition they are about; nothing built is lost when the save fails.
 */
export function SegmentEditor({ segment, attributes, onSaved, onCancel }: SegmentEditorProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  // The preview lists people: only for those who may see them (get_members), as the API.
  const canPreview = useCan('get', 'members');
  const { register, control, handleSubmit, setError, formState, watch } = useContractForm(SCHEMA, {
    // The form's wording of "please enter".
    messages: { 'validation.nameRequired': 'form.required' },
    defaultValues: { name: segment?.name ?? '', audience: segment?.audience ?? emptyAudience() },
  });
  const audience = watch('audience');
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const preview = useAudiencePreview(audience, { enabled: canPreview, fallbackError: t('audiences.preview.loadError') });
  // Messages of the last save attempt, cleared as soon as the rules change.
  // (Compared as JSON: react-hook-form hands the submit handler a copy of the tree.)
  const [saveErrors, setSaveErrors] = useState<{ tree: string; errors: Record<string, string> } | null>(null);
  const builderErrors = { ...preview.fieldErrors, ...(saveErrors?.tree === JSON.stringify(audience) ? saveErrors.errors : {}) };

  const submit = handleSubmit(async (values) => {
    const missing = missingValues(values.audience, tc('validation.required', { label: tc('audience.value') }));
    if (Object.keys(missing).length > 0) {
      setSaveErrors({ tree: JSON.stringify(values.audience), errors: missing });
      return;
    }
    const body = { name: values.name.trim(), audience: values.audience };
    try {
      const saved = segment ? await update.mutateAsync({ body: { ...body, _id: segment._id } }) : await create.mutateAsync({ body });
      toaster.create({ type: 'success', title: saved.message });
      onSaved(saved.data, !segment);
    } catch (error) {
      setSaveErrors({ tree: JSON.stringify(values.audience), errors: audienceErrorsFrom(fieldErrors(error), 'audience') });
      reportFormError(error, setError, ['name'], t(segment ? 'audiences.updateError' : 'audiences.createError'), { toastWhenPlaced: false });
    }
  });

  return (
    <Stack gap="4">
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h2" size="md">
            {segment ? t('audiences.editTitle', { name: segment.name }) : t('audiences.newTitle')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('audiences.form.help')}
          </Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={submit} noValidate data-testid="segment-form">
            <UnsavedChangesGuard when={formState.isDirty && !formState.isSubmitting} />
            <Stack gap="5">
              <FormField label={t('audiences.form.name')} error={formState.errors.name?.message} required>
                <Input maxW="md" autoComplete="off" data-testid="segment-name" {...register('name')} />
              </FormField>
              <Controller
                control={control}
                name="audience"
                render={({ field }) => <AudienceBuilder value={field.value} onChange={field.onChange} attributes={attributes} errors={builderErrors} />}
              />
              <HStack gap="3">
                <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} data-testid="segment-save">
                  {segment ? t('audiences.form.save') : t('audiences.form.submit')}
                </Button>
                <Button variant="outline" onClick={onCancel} data-testid="segment-cancel">
                  {tc('actions.cancel')}
                </Button>
              </HStack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
      {canPreview ? (
        <AudiencePreviewPanel preview={preview} everyone={audienceSize(audience).conditions === 0} />
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="audience-preview-denied">
          {t('audiences.preview.denied')}
        </Text>
      )}
    </Stack>
  );
}
