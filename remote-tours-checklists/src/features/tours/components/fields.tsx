import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { SelectField, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useFieldMessage } from '../field-messages';

/** A yes/no field as a labelled checkbox. */
export function Toggle<T extends FieldValues>({ name, label, testId }: { name: Path<T>; label: string; testId?: string }) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
          <chakra.input
            type="checkbox"
            accentColor="brand.solid"
            checked={Boolean(field.value)}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            data-testid={testId}
          />
          {label}
        </chakra.label>
      )}
    />
  );
}

/** One value of a fixed list, labelled from `tours.values.{table}`. */
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
  const { t } = useTranslation('toursChecklists');
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

/** One id of the website's items (tag, workspace), or null for none. */
export function IdSelect<T extends FieldValues>({
  name,
  label,
  noneLabel,
  items,
  testId,
}: {
  name: Path<T>;
  label: string;
  noneLabel: string;
  items: readonly { _id: string; name: string }[];
  testId: string;
}) {
  const { control, formState } = useFormContext<T>();
  const message = useFieldMessage(formState.errors);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SelectField
          label={label}
          error={message(name)}
          placeholder={noneLabel}
          options={items.map((item) => ({ value: item._id, label: item.name }))}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value || null)}
          onBlur={field.onBlur}
          testId={testId}
        />
      )}
    />
  );
}
