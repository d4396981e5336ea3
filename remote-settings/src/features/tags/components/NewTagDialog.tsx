import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { HEX_COLOR } from 'contracts';
import { chakra, FormField, HStack, Input, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { reportFormError } from 'shared-auth';
import { FormDialog } from 'shared-ui/overlays';
import { useCreateTag } from '../api/create-tag';
import { ColorSwatch } from './ColorSwatch';

type NewTagForm = { name: string; color: string };
const EMPTY: NewTagForm = { name: '', color: '#1677ff' };

/** New tag: a name and a colour (`#rrggbb`, picked or typed, previewed as a swatch). */
export function NewTagDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateTag();
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('validation.required', { ns: 'common', label: t('tags.form.name') }))
          .max(60, t('websites.form.tooLong', { max: 60 })),
        color: z
          .string()
          .trim()
          .min(1, t('validation.required', { ns: 'common', label: t('tags.form.color') }))
          .regex(HEX_COLOR, t('tags.form.colorInvalid')),
      }),
    [t],
  );
  const { register, handleSubmit, setError, setValue, watch, formState, reset } = useForm<NewTagForm>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const color = watch('color');
  const valid = HEX_COLOR.test(color);
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data: tag } = await create.mutateAsync({ body: values });
      toaster.create({ type: 'success', title: t('tags.created', { name: tag.name }) });
      reset(EMPTY);
      onCreated();
    } catch (error) {
      reportFormError(error, setError, ['name', 'color'], t('tags.createError'));
    }
  });
  return (
    <FormDialog
      open={open}
      title={t('tags.add')}
      submitLabel={t('tags.form.submit')}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={close}
      testId="tag-form"
    >
      <FormField label={t('tags.form.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" />
      </FormField>
      <FormField label={t('tags.form.color')} error={formState.errors.color?.message} helper={t('tags.form.colorHelp')} required>
        <HStack gap="2" width="full">
          {/* A bare input: the field's label belongs to the hex text box, the picker has its own name. */}
          <chakra.input
            type="color"
            aria-label={t('tags.form.picker')}
            data-testid="tag-color-picker"
            value={valid ? color.toLowerCase() : '#000000'}
            onChange={(e) => setValue('color', e.target.value, { shouldValidate: true, shouldDirty: true })}
            width="12"
            height="10"
            padding="1"
            borderWidth="1px"
            borderRadius="l2"
            bg="transparent"
            cursor="pointer"
            flexShrink={0}
          />
          <Input {...register('color')} dir="ltr" textAlign="start" fontFamily="mono" maxLength={7} autoComplete="off" />
          {valid && <ColorSwatch color={color} size="6" />}
        </HStack>
      </FormField>
    </FormDialog>
  );
}
