import { X } from 'lucide-react';
import { textOnColor, type BannerDocumentInput } from 'contracts';
import { Box, Button, Flex, HStack, Stack, Text } from 'shared-ui';
import { useSession } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { PreviewStage } from '../../campaigns/components/PreviewStage';
import { ACCESSIBLE_BRAND_COLOR } from 'contracts';

/**
 * The banner as a visitor sees it: across the top or bottom of the page, inline (a full-width bar)
 * or floating (a rounded card above the page), in its background colour, with the sender, its action
 * (a link button or reaction emojis) and the dismiss button when enabled.
 */
export function BannerPreview({ banner }: { banner: BannerDocumentInput }) {
  const { t } = useTranslation('campaigns');
  const { user } = useSession();
  const settings = banner.settings ?? {};
  const background = settings.backgroundColor ?? ACCESSIBLE_BRAND_COLOR;
  const color = textOnColor(background);
  const floating = settings.bannerStyle === 'floating';
  const bottom = settings.bannerPosition === 'bottom';
  const action = banner.actions ?? { type: 'none' };
  return (
    <PreviewStage minH="360px" testId="banner-preview-stage">
      {() => (
        <Box
          position="absolute"
          insetInline={floating ? '4' : '0'}
          top={bottom ? undefined : floating ? '12' : '9'}
          bottom={bottom ? (floating ? '4' : '0') : undefined}
          bg={background}
          color={color}
          borderRadius={floating ? 'lg' : '0'}
          boxShadow={floating ? 'lg' : undefined}
          px="4"
          py="3"
          data-testid="banner-preview"
          data-style={settings.bannerStyle ?? 'inline'}
          data-position={settings.bannerPosition ?? 'top'}
        >
          <Flex gap="3" align="center" wrap="wrap" dir="auto">
            <Stack gap="0.5" flex="1" minW="40">
              <Text fontWeight="semibold" data-testid="banner-preview-title">
                {banner.titleOfBanner || t('preview.emptyTitle')}
              </Text>
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {banner.content || t('preview.emptyText')}
              </Text>
              {banner.showSender && (
                <Text fontSize="xs" opacity={0.8} data-testid="banner-preview-sender">
                  {t('preview.from', { name: user?.name ?? '' })}
                </Text>
              )}
            </Stack>
            {action.type === 'url' && (
              <Button size="sm" bg={color} color={background} data-testid="banner-preview-link" title={action.url}>
                {action.urlText || t('preview.emptyButton')}
              </Button>
            )}
            {action.type === 'reactions' && (
              <HStack gap="2" fontSize="xl" data-testid="banner-preview-reactions">
                {(action.reactionsList ?? []).map((e, i) => (
                  <span key={i}>{e}</span>
                ))}
              </HStack>
            )}
            {banner.dismissButton !== false && <X size={16} aria-label={t('preview.close')} data-testid="banner-preview-dismiss" />}
          </Flex>
        </Box>
      )}
    </PreviewStage>
  );
}
