import { useEffect } from 'react';
import { ATTRIBUTE_TYPES, attributeBodySchema, type AttributeType } from 'contracts';
import { FormField, Input, SelectField, toaster, reportFormError, useContractForm } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';

import { useCreateAttribute } from '../api/create-attribute';
import type { AttributeRow } from '../api/list-attributes';
import { useUpdateAttribute } from '../api/update-attribute';

type AttributeForm = { name: string; type: AttributeType | '' };
const EMPTY: AttributeForm = { name: '', type: '' };
/** The contract's own body schema (the server checks the same), with the dialog's wording of its messages. */
const FORM_MESSAGES = {
  'validation.nameRequired': 'form.required',
  'validation.typeRequired': 'form.required',
  'validation.attributeNameTooLong': 'form.attributeNameTooLong',
} as const;

/** New or edited attribute: a name (a key in the website's code) and a type. */
export function AttributeFormDialog({
  open,
  attribute,
  onClose,
  onSaved,
}: {
  open: boolean;
  attribute: AttributeRow | null;
  onClose: () => void;
  onSaved: (saved: AttributeRow, created: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const { register, handleSubmit, setError, formState, reset } = useContractForm(attributeBodySchema, {
    messages: FORM_MESSAGES,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(attribute ? { name: attribute.name, type: attribute.type } : EMPTY);
  }, [open, attribute, reset]);
  const create = useCreateAttribute();
  const update = useUpdateAttribute();
  const onSubmit = handleSubmit(async (values) => {
    const body = { name: values.name.trim(), type: values.type as AttributeType };
    try {
      const saved = attribute ? await update.mutateAsync({ params: { id: attribute._id }, body }) : await create.mutateAsync({ body });
      toaster.create({ type: 'success', title: saved.message });
      onSaved(saved.data, !attribute);
    } catch (error) {
      reportFormError(error, setError, ['name', 'type'], t(attribute ? 'peopleData.updateError' : 'peopleData.createError'));
    }
  });
  return (
    <FormDialog
      open={open}
      title={attribute ? t('peopleData.editTitle') : t('peopleData.add')}
      submitLabel={attribute ? t('peopleData.form.save') : t('peopleData.form.submit')}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="attribute-form"
    >
      <FormField label={t('peopleData.form.name')} error={formState.errors.name?.message} helper={t('peopleData.form.nameHelp')} required>
        <Input {...register('name')} dir="ltr" textAlign="start" placeholder="plan" autoComplete="off" data-testid="attribute-name" />
      </FormField>
      <SelectField
        label={t('peopleData.form.type')}
        error={formState.errors.type?.message}
        required
        placeholder={t('peopleData.form.typePlaceholder')}
        options={ATTRIBUTE_TYPES.map((type) => ({ value: type, label: t(`peopleData.types.${type}`) }))}
        testId="attribute-type"
        {...register('type')}
      />
    </FormDialog>
  );
}
