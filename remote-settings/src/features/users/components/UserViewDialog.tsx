import type { ReactNode } from 'react';
import { Avatar, Badge, CloseButton, HStack, Portal, Stack, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { useFormatters, useTranslation } from 'shared-i18n';
import type { UserRow } from '../api/list-admin-users';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** View a client account, as the list gives it (the public user object, never a password). */
export function UserViewDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  return (
    <Dialog.Root open={user !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-view">
            <Dialog.Header>
              <Dialog.Title>{t('users.viewTitle')}</Dialog.Title>
            </Dialog.Header>
            {user && (
              <Dialog.Body>
                <Stack gap="4">
                  <HStack gap="3">
                    <Avatar.Root size="md">
                      <Avatar.Fallback name={user.name} />
                      {user.avatar && <Avatar.Image src={user.avatar} />}
                    </Avatar.Root>
                    <Stack gap="0">
                      <Text fontWeight="semibold">{user.name}</Text>
                      <Text color="fg.muted" dir="ltr" textAlign="start">
                        {user.email}
                      </Text>
                    </Stack>
                  </HStack>
                  <Line label={t('users.columns.id')}>
                    <Text fontFamily="mono" fontSize="sm" dir="ltr" textAlign="start">
                      {user._id}
                    </Text>
                  </Line>
                  <Line label={t('users.columns.organisation')}>{user.organisation.name}</Line>
                  <Line label={t('users.columns.domain')}>
                    <Text as="span" dir="ltr">
                      {user.domain ?? '—'}
                    </Text>
                  </Line>
                  <Line label={t('users.columns.roles')}>
                    <HStack gap="1" wrap="wrap">
                      {user.roles.length ? user.roles.map((r) => <Badge key={r._id}>{r.name}</Badge>) : t('users.noRole')}
                    </HStack>
                  </Line>
                  <Line label={t('users.columns.createdAt')}>{format.date(user.createdAt)}</Line>
                </Stack>
              </Dialog.Body>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close', { ns: 'common' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
