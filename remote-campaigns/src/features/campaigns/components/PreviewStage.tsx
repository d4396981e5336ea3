import { useState, type ReactNode } from 'react';
import { Moon, Sun } from 'lucide-react';
import { Box, Flex, HStack, IconButton, Stack, Text, useColorMode, type ColorMode } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/**
 * The visitor's window the live previews draw in: a sketch of a web page, in a light or dark theme
 * (starting from the console's own), with the campaign on top. The window is a visitor's page, not
 * the console: it keeps left-to-right page geometry (a popup at "topR" is at the top right whatever
 * language the console speaks), while the campaign's own text follows the console's direction.
 */
export function PreviewStage({
  children,
  minH = '560px',
  toolbar,
  testId = 'preview-stage',
}: {
  children: (theme: ColorMode) => ReactNode;
  minH?: string;
  toolbar?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('campaigns');
  const { colorMode } = useColorMode();
  const [theme, setTheme] = useState<ColorMode>(colorMode);
  const next: ColorMode = theme === 'dark' ? 'light' : 'dark';
  return (
    <Stack gap="2" data-testid={testId}>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold" fontSize="sm">
          {t('preview.title')}
        </Text>
        <HStack gap="2">
          {toolbar}
          <IconButton
            size="xs"
            variant="outline"
            aria-label={t('preview.theme', { theme: t(`preview.themes.${next}`) })}
            title={t('preview.theme', { theme: t(`preview.themes.${next}`) })}
            onClick={() => setTheme(next)}
            data-testid="preview-theme"
          >
            {theme === 'dark' ? <Sun /> : <Moon />}
          </IconButton>
        </HStack>
      </HStack>
      {/* The class scopes Chakra's colour tokens to the chosen theme inside the stage only. */}
      <Box
        className={theme}
        data-theme={theme}
        position="relative"
        dir="ltr"
        minH={minH}
        borderWidth="1px"
        borderRadius="lg"
        overflow="hidden"
        bg="bg.subtle"
        color="fg"
        aria-label={t('preview.window')}
        role="region"
      >
        <Flex gap="1.5" px="3" py="2" borderBottomWidth="1px" bg="bg.muted" aria-hidden>
          {['red.400', 'yellow.400', 'green.400'].map((c) => (
            <Box key={c} w="2.5" h="2.5" borderRadius="full" bg={c} />
          ))}
        </Flex>
        <Stack gap="3" p="6" aria-hidden>
          <Box h="4" w="40%" bg="bg.emphasized" borderRadius="sm" />
          <Box h="3" w="90%" bg="bg.muted" borderRadius="sm" />
          <Box h="3" w="75%" bg="bg.muted" borderRadius="sm" />
          <Box h="24" w="full" bg="bg.muted" borderRadius="md" />
          <Box h="3" w="60%" bg="bg.muted" borderRadius="sm" />
        </Stack>
        {children(theme)}
      </Box>
    </Stack>
  );
}
