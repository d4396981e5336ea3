import { Controller, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { chakra } from 'shared-ui';

/** A yes/no field of a form (show sender, dismiss button, open in a new tab…) as a labelled checkbox. */
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
