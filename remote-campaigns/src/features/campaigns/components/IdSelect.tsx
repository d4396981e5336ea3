import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { SelectField } from 'shared-ui';
import { useFieldMessage } from '../field-messages';

/** A field holding one id of the website's items (tag, workspace, group, audience), or null for none. */
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
          // The form holds null for none; the select's own value for it is ''.
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value || null)}
          onBlur={field.onBlur}
          testId={testId}
        />
      )}
    />
  );
}
