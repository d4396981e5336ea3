import type { ComponentPropsWithRef, ReactNode } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import { FormField } from './form-field';

/** One choice of a select: the value the form holds and the text the user reads. */
export type SelectOption = { value: string; label: string };

/**
 * What the form wires to the select, as `FormField`'s children get it: the spread of react-hook-form's
 * `register(name)` (name, onChange, onBlur, ref), or a Controller's value and handlers.
 */
type SelectControlProps = Pick<ComponentPropsWithRef<'select'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

export type SelectFieldProps = SelectControlProps & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first option of value '' ("choose…", "none"): what the select shows before a choice. */
  placeholder?: string;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
};

/**
 * The labelled select of every form: a `FormField` (label, the field's message through
 * `useMessageText`, and through Chakra's field context the select's id, `aria-invalid`,
 * `aria-describedby` and `disabled`) around a native select built from `options`. A native select,
 * so a form ships no overlay code and the browser's own picker serves touch screens.
 */
export function SelectField({ label, options, placeholder, error, helper, required, disabled, testId, ...control }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} helper={helper} required={required} disabled={disabled}>
      <NativeSelect.Root>
        <NativeSelect.Field {...control} data-testid={testId}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
