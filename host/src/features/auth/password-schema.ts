import { useMemo } from 'react';
import { z } from 'zod';
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
            .min(8, t('validation.passwordMin', { count: 8 }))
            .max(128, t('validation.passwordMax', { count: 128 })),
          confirmPassword: z.string().min(1, t('validation.required', { label: t('password.confirm') })),
        })
        .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: t('validation.passwordsMatch') }),
    [t],
  );
}
export type PasswordPair = { password: string; confirmPassword: string };
