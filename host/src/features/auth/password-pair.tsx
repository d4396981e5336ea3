import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { MessageCode } from 'contracts';
import { FormField, Input } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * How the password forms (reset, invitation, profile) word the contract schemas' messages: an empty
 * field says "Please enter {label}"; too short, too long and not matching are the contract's own.
 * Each form validates with its call's body schema (`withFormMessages(zodResolver(schema), …)`).
 */
export const PASSWORD_FORM_MESSAGES = {
  'validation.passwordRequired': 'form.required',
  'validation.confirmPasswordRequired': 'form.required',
  'validation.currentPasswordRequired': 'form.required',
} satisfies Partial<Record<MessageCode, MessageCode>>;
export type PasswordPair = { password: string; confirmPassword: string };

/** The new-password and confirmation fields, shared by the reset, invitation and profile forms. */
export function PasswordPairFields<T extends PasswordPair>({
  register,
  errors,
  autoFocus = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('host');
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  const errs = errors as FieldErrors<PasswordPair>;
  return (
    <>
      <FormField label={t('password.new')} error={errs.password?.message} required>
        <Input type="password" autoComplete="new-password" autoFocus={autoFocus} {...reg('password')} />
      </FormField>
      <FormField label={t('password.confirm')} error={errs.confirmPassword?.message} required>
        <Input type="password" autoComplete="new-password" {...reg('confirmPassword')} />
      </FormField>
    </>
  );
}
