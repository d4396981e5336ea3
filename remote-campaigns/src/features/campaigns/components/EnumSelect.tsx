import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FormField, NativeSelect } from 'shared-ui';
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
    <FormField label={label} error={message(name)}>
      <NativeSelect.Root>
        <NativeSelect.Field {...register(name)} data-testid={testId}>
          {values.map((v) => (
            <option key={v} value={v}>
              {t(`values.${table}.${v}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
