import { Bell, Volume2, VolumeX } from 'lucide-react';
import type { PushNotificationDocumentInput } from 'contracts';
import { Box, Flex, HStack, Image, Stack, Text } from 'shared-ui';
import { useSession } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { PreviewStage } from '../../campaigns/components/PreviewStage';

/**
 * The push notification as the visitor's system shows it: a notification card in the corner of the
 * screen with the icon, the title and body, the website it comes from, whether it plays a sound,
 * and where clicking it goes.
 */
export function PushPreview({ push }: { push: PushNotificationDocumentInput }) {
  const { t } = useTranslation('campaigns');
  const { activeWebsite } = useSession();
  return (
    <PreviewStage minH="320px" testId="push-preview-stage">
      {() => (
        <Box
          position="absolute"
          top="12"
          right="4"
          w="340px"
          maxW="calc(100% - 32px)"
          bg="bg.panel"
          color="fg"
          borderWidth="1px"
          borderRadius="xl"
          boxShadow="xl"
          p="3"
          data-testid="push-preview"
        >
          <Flex gap="3" align="start" dir="auto">
            <Box w="10" h="10" borderRadius="md" overflow="hidden" flexShrink={0} bg="bg.muted" display="flex" alignItems="center" justifyContent="center">
              {push.icon ? (
                <Image src={push.icon} alt="" w="full" h="full" objectFit="cover" data-testid="push-preview-icon" />
              ) : (
                <Bell size={20} aria-hidden />
              )}
            </Box>
            <Stack gap="0.5" flex="1" minW="0">
              <HStack justify="space-between" gap="2">
                <Text fontSize="xs" color="fg.muted" truncate dir="ltr">
                  {activeWebsite?.domain ?? ''}
                </Text>
                <HStack gap="1" color="fg.muted" fontSize="xs">
                  {push.audio ? <Volume2 size={12} aria-label={t('push.preview.sound')} /> : <VolumeX size={12} aria-label={t('push.preview.silent')} />}
                  <span>{t('push.preview.now')}</span>
                </HStack>
              </HStack>
              <Text fontWeight="semibold" fontSize="sm" truncate data-testid="push-preview-title">
                {push.title || t('preview.emptyTitle')}
              </Text>
              <Text fontSize="sm" lineClamp={3} data-testid="push-preview-body">
                {push.body || t('preview.emptyText')}
              </Text>
              {push.action?.url && (
                <Text fontSize="xs" color="brand.fg" truncate dir="ltr" data-testid="push-preview-url">
                  {push.action.url}
                </Text>
              )}
            </Stack>
          </Flex>
        </Box>
      )}
    </PreviewStage>
  );
}
