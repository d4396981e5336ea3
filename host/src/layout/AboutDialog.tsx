import { Badge, Button, CloseButton, HStack, Portal, Stack, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { useRemotes } from '../federation/useRemotes';

/** Which build of the host and of each remote is live: a redeploy shows here after a reload. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const remotes = useRemotes();
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="about-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('about.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <HStack justify="space-between">
                  <Text>{t('about.host')}</Text>
                  <Text fontFamily="mono" fontSize="sm">
                    {process.env.SIGNPOST_APP_VERSION}
                  </Text>
                </HStack>
                {remotes.map(({ remote, state, manifest }) => (
                  <HStack key={remote.name} justify="space-between" data-testid={`about-${remote.section}`}>
                    <Text>{t(`nav.section.${remote.section}`)}</Text>
                    {manifest ? (
                      <Text fontFamily="mono" fontSize="sm" data-testid={`version-${remote.section}`}>
                        {manifest.version}
                      </Text>
                    ) : (
                      <Badge colorPalette={state.status === 'failed' ? 'red' : 'gray'}>{t(`about.state.${state.status}`)}</Badge>
                    )}
                  </HStack>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('actions.close')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
