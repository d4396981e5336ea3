import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { SelectField } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useFieldMessage } from '../field-messages';

/** A field holding one value of a fixed list (status, priority, position…), labelled from `values.{table}`. */
export function EnumSelect<T extends FieldValues>({
  name,
  values,
  label,
  table,
  testId,
}: {
  name: Path<T>;
  values: readonly string[];
  label: string;
  table: string;
  testId: string;
}) {
  const { t } = useTranslation('campaigns');
  const { register, formState } = useFormContext<T>();
  const message = useFieldMessage(formState.errors);
  return (
    <SelectField
      label={label}
      error={message(name)}
      options={values.map((v) => ({ value: v, label: t(`values.${table}.${v}`) }))}
      testId={testId}
      {...register(name)}
    />
  );
}
