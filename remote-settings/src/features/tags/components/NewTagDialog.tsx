import { HEX_COLOR, tagCreateBodySchema, type MessageCode } from 'contracts';
import { chakra, FormField, HStack, Input, useDialogForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

import { FormDialog } from 'shared-ui/overlays';
import { useCreateTag } from '../api/create-tag';
import { ColorSwatch } from './ColorSwatch';

const EMPTY = { name: '', color: '#1677ff' };
/** The dialog's wording of the contract's messages (the form checks with the call's own body schema, as the server). */
const MESSAGES: Partial<Record<MessageCode, MessageCode>> = {
  'validation.nameRequired': 'form.required',
  'validation.colorRequired': 'form.required',
  'validation.tagNameTooLong': 'form.tagNameTooLong',
  'validation.colorInvalid': 'form.colorInvalid',
};

/** New tag: a name and a colour (`#rrggbb`, picked or typed, previewed as a swatch). */
export function NewTagDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateTag();
  const { form, dialogProps } = useDialogForm({
    schema: tagCreateBodySchema,
    messages: MESSAGES,
    empty: EMPTY,
    fields: ['name', 'color'],
    save: (body) => create.mutateAsync({ body }),
    success: ({ data: tag }) => t('tags.created', { name: tag.name }),
    errorFallback: t('tags.createError'),
    onSaved: onCreated,
    onClose,
  });
  const { register, setValue, watch, formState } = form;
  const color = watch('color');
  const valid = HEX_COLOR.test(color);
  return (
    <FormDialog open={open} title={t('tags.add')} submitLabel={t('tags.form.submit')} testId="tag-form" {...dialogProps}>
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
