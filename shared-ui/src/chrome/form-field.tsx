import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

/**
 * A labelled form control with its error text: every form of the console uses it, so browser
 * validation messages and the server's field messages appear in the same place.
 */
export function FormField({
  label,
  error,
  helper,
  required,
  children,
}: {
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
