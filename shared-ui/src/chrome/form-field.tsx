import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';
import { useMessageText } from './message-text';

/**
 * A labelled form control with its error text: every form of the console uses it, so browser
 * validation messages and the server's field messages appear in the same place. A message code of
 * the contracts' catalogue (a contract schema's message) shows in the reader's language.
 */
export function FormField({
  label,
  error,
  helper,
  required,
  disabled,
  children,
}: {
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  /** Disables the control (and greys the label) through Chakra's field context. */
  disabled?: boolean;
  children: ReactNode;
}) {
  // A form's own message may name the field (`form.required`: "Please enter {{label}}").
  const text = useMessageText()(error, typeof label === 'string' ? { label } : undefined);
  return (
    <Field.Root invalid={Boolean(text)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !text && <Field.HelperText>{helper}</Field.HelperText>}
      {text && <Field.ErrorText>{text}</Field.ErrorText>}
    </Field.Root>
  );
}
