import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, Input } from 'shared-ui';
import { z } from 'zod';
import { LIMITS } from 'contracts';
import { useTranslation } from 'shared-i18n';

/** New password + confirmation, with the same bounds as the server's schema (contracts). */
export function usePasswordPairSchema() {
  const { t } = useTranslation('host');
  return useMemo(
    () =>
      z
        .object({
          password: z
            .string()
            .min(1, t('validation.required', { label: t('password.new') }))
            .min(LIMITS.passwordMin, t('validation.passwordMin', { count: LIMITS.passwordMin }))
            .max(LIMITS.passwordMax, t('validation.passwordMax', { count: LIMITS.passwordMax })),
          confirmPassword: z.string().min(1, t('validation.required', { label: t('password.confirm') })),
        })
        .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: t('validation.passwordsMatch') }),
    [t],
  );
}
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
