import { passwordUpdateBodySchema, profileUpdateBodySchema, type MessageCode } from 'contracts';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FormField,
  Grid,
  Heading,
  HStack,
  Input,
  PageHeader,
  Stack,
  Text,
  toaster,
  applyServerFieldErrors,
  useContractForm,
} from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { setUser, useSession } from 'shared-auth';
import { PASSWORD_FORM_MESSAGES, PasswordPairFields } from '../auth/password-pair';
import { useUpdatePassword } from './api/update-password';
import { useUpdateProfile } from './api/update-profile';

const sameEmail = (a: string | undefined, b: string | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

const DETAILS_MESSAGES = {
  'validation.nameRequired': 'form.required',
  'validation.emailRequired': 'form.required',
} satisfies Partial<Record<MessageCode, MessageCode>>;

function ProfileDetails() {
  const { t } = useTranslation('host');
  const { user } = useSession();
  // A new e-mail waits for the link mailed to it: shown until the user follows it.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /**
   * The call's own body schema (the values go as typed, the server normalises them with it). Two
   * things are the form's: an empty avatar field (sent as null), and the current password, asked
   * only when the e-mail changes (the server checks it too).
   */
  const schema = useMemo(
    () =>
      profileUpdateBodySchema
        .extend({ avatar: z.union([z.literal(''), profileUpdateBodySchema.shape.avatar]) })
        .refine((v) => sameEmail(v.email, user?.email) || (v.currentPassword ?? '').length > 0, {
          path: ['currentPassword'],
          message: t('profile.currentPasswordRequired'),
        }),
    [t, user?.email],
  );
  const { register, handleSubmit, setError, formState, reset, watch } = useContractForm(schema, {
    raw: true,
    messages: DETAILS_MESSAGES,
    values: { name: user?.name ?? '', email: user?.email ?? '', avatar: user?.avatar ?? '', currentPassword: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const changingEmail = !sameEmail(watch('email'), user?.email);
  const update = useUpdateProfile();
  const onSubmit = handleSubmit(async (values) => {
    const { currentPassword, ...details } = values;
    try {
      const data = await update.mutateAsync({
        body: { ...details, avatar: details.avatar || null, ...(changingEmail ? { currentPassword } : {}) },
      });
      setUser(data.data);
      // The e-mail shown stays the current one until the link is followed. keepDirtyValues (the form's
      // resetOptions, so a user refresh does not wipe what is being typed) is turned off here.
      reset({ ...values, email: data.data.email, currentPassword: '' }, { keepDirtyValues: false });
      setPendingEmail(data.pendingEmail ?? null);
      toaster.create({
        type: 'success',
        title: data.pendingEmail ? t('profile.emailConfirmationSent', { email: data.pendingEmail }) : t('profile.saved'),
      });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['name', 'email', 'avatar', 'currentPassword']))
        toaster.create({ type: 'error', title: errorMessage(error, t('errors.generic')) });
    }
  });
  return (
    <Card.Root>
      <Card.Header>
        <HStack gap="3">
          <Avatar.Root size="lg" colorPalette="brand">
            <Avatar.Fallback name={user?.name} />
            {user?.avatar && <Avatar.Image src={user.avatar} />}
          </Avatar.Root>
          <Stack gap="0">
            <Heading size="md">{t('profile.details')}</Heading>
            <Text color="fg.muted" fontSize="sm">
              {user?.organisation.name}
            </Text>
          </Stack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate data-testid="profile-form">
          <Stack gap="4">
            <FormField label={t('profile.name')} error={formState.errors.name?.message} required>
              <Input autoComplete="name" {...register('name')} />
            </FormField>
            <FormField label={t('login.email')} error={formState.errors.email?.message} required>
              <Input type="email" autoComplete="email" {...register('email')} />
            </FormField>
            {pendingEmail && (
              <Alert.Root status="info" data-testid="pending-email">
                <Alert.Indicator />
                <Alert.Title>{t('profile.emailPending', { email: pendingEmail })}</Alert.Title>
              </Alert.Root>
            )}
            {changingEmail && (
              <FormField label={t('password.current')} error={formState.errors.currentPassword?.message} helper={t('profile.currentPasswordHelp')} required>
                <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
              </FormField>
            )}
            <FormField label={t('profile.avatar')} error={formState.errors.avatar?.message} helper={t('profile.avatarHelp')}>
              <Input type="url" {...register('avatar')} />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              {t('actions.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function PasswordUpdate() {
  const { t } = useTranslation('host');
  const { register, handleSubmit, setError, formState, reset } = useContractForm(passwordUpdateBodySchema, {
    raw: true,
    messages: PASSWORD_FORM_MESSAGES,
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const updatePassword = useUpdatePassword();
  const onSubmit = handleSubmit(async (values) => {
    try {
      await updatePassword.mutateAsync({ body: values });
      reset();
      toaster.create({ type: 'success', title: t('password.updated') });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['currentPassword', 'password', 'confirmPassword']))
        toaster.create({ type: 'error', title: errorMessage(error, t('errors.generic')) });
    }
  });
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{t('password.title')}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('password.hint')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate data-testid="password-form">
          <Stack gap="4">
            <FormField label={t('password.current')} error={formState.errors.currentPassword?.message} required>
              <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
            </FormField>
            <PasswordPairFields register={register} errors={formState.errors} />
            <Button type="submit" colorPalette="brand" alignSelf="start" loading={formState.isSubmitting}>
              {t('password.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** /profile: the user's details and password update; open to every signed-in user. */
export function ProfileScreen() {
  const { t } = useTranslation('host');
  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
        <ProfileDetails />
        <PasswordUpdate />
      </Grid>
    </>
  );
}
