import type { LoginBody, LoginResponse } from 'contracts';
import { useEffect, useEffectEvent, useState, type FormEvent, type ReactElement } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Alert, Button, FormField, Input, Link, Separator, Stack, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { AuthLayout } from './AuthLayout';
import { IdentityProviderButton, useIdentityProviderReturn } from './IdentityProviderButton';
import { loadLoginAction } from './load-login-action';
import { useCountdown } from './use-countdown';

export type LoginFormValues = LoginBody;

/**
 * The login body's schema lives in the action chunk (login-action.ts, with zod and the API client),
 * which the form starts loading at its first keystroke or pointer press: validating waits for it only when
 * a submit comes first.
 */
const resolver: Resolver<LoginFormValues> = async (values, context, options) => (await loadLoginAction()).loginResolver(values, context, options);

/**
 * The sign-in page without any router: used by the console's /login route (LoginScreen) and by the
 * light sign-in bundle (src/sign-in), which must not carry react-router, the federation runtime or
 * the layout. `forgotLink` is the anchor to /forget-password (a router link or a plain one);
 * `onSignedIn` runs once the session is stored; `initialValues`, what was typed into the prerendered page.
 */
export function LoginForm({
  forgotLink,
  onSignedIn,
  initialValues,
}: {
  forgotLink: ReactElement;
  onSignedIn: (response: LoginResponse) => void;
  initialValues?: Partial<LoginFormValues>;
}) {
  const { t } = useTranslation('host');
  const [formError, setFormError] = useState<string | null>(null);
  // A refused attempt (429): the wait the server's Retry-After gives, counted down, in the reader's
  // language; the alert goes once it is over.
  const wait = useCountdown();
  const waitMessage =
    wait.seconds === 0
      ? null
      : wait.seconds < 60
        ? t('login.waitSeconds', { count: wait.seconds })
        : t('login.waitMinutes', { count: Math.ceil(wait.seconds / 60) });
  const shownError = waitMessage ?? formError;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({ resolver, defaultValues: { email: '', password: '', ...initialValues } });
  const identity = useIdentityProviderReturn();

  const finish = async (response: LoginResponse) => {
    (await loadLoginAction()).signIn(response);
    onSignedIn(response);
  };

  // The identity provider's answer arrives once: finish with the latest `onSignedIn`, which is no
  // reason to run again by itself.
  const finishWithIdentityProvider = useEffectEvent((response: LoginResponse) => void finish(response));
  useEffect(() => {
    if (identity.response) finishWithIdentityProvider(identity.response);
    if (identity.error) setFormError(identity.error);
  }, [identity.response, identity.error]);

  const submitValid = handleSubmit(async (values) => {
    const { applyServerFieldErrors, errorMessage, httpStatus, login, retryAfterSeconds } = await loadLoginAction();
    try {
      await finish(await login(values));
    } catch (error) {
      const seconds = httpStatus(error) === 429 ? retryAfterSeconds(error) : undefined;
      if (seconds) wait.start(seconds);
      else if (!applyServerFieldErrors(error, setError, ['email', 'password'])) setFormError(errorMessage(error, t('errors.generic')));
    }
  });
  // Each new attempt clears the last answer's message, even when the browser's checks stop it there.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    wait.stop();
    return submitValid(event);
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form
        onSubmit={onSubmit}
        onInput={() => void loadLoginAction()}
        onKeyDown={() => void loadLoginAction()}
        onPointerDown={() => void loadLoginAction()}
        noValidate
        data-testid="login-form"
      >
        <Stack gap="4">
          {shownError && (
            <Alert.Root status="error" data-testid="form-error">
              <Alert.Indicator />
              {/* The alert is announced when it appears; not again at every tick of the countdown. */}
              <Alert.Title aria-live={waitMessage ? 'off' : undefined}>{shownError}</Alert.Title>
            </Alert.Root>
          )}
          <FormField label={t('login.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="username" autoFocus {...register('email')} />
          </FormField>
          <FormField label={t('login.password')} error={errors.password?.message} required>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Link asChild alignSelf="end" fontSize="sm" color="brand.fg">
            {forgotLink}
          </Link>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <IdentityProviderButton>
            {(button) => (
              <>
                <Stack direction="row" align="center" gap="3">
                  <Separator flex="1" />
                  <Text fontSize="sm" color="fg.muted">
                    {t('login.or')}
                  </Text>
                  <Separator flex="1" />
                </Stack>
                {button}
              </>
            )}
          </IdentityProviderButton>
        </Stack>
      </form>
    </AuthLayout>
  );
}
