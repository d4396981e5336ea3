import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { FormField, NativeSelect } from 'shared-ui';
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
        <FormField label={label} error={message(name)}>
          <NativeSelect.Root>
            <NativeSelect.Field value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value || null)} onBlur={field.onBlur} data-testid={testId}>
              <option value="">{noneLabel}</option>
              {items.map((item) => (
                <option key={item._id} value={item._id}>
                  {item.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
    />
  );
}
