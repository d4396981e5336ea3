import type { ReactNode } from 'react';
import { Box, Card, Center, Flex, Heading, Image, NativeSelect, Stack, Text } from 'shared-ui';
import { LANGUAGES, changeLanguage, useTranslation } from 'shared-i18n';

/** Language picker of the public pages: a native select, so the sign-in page ships no overlay code. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('common');
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('header.language')}
        data-testid="language-select"
        value={i18n.language}
        onChange={(e) => void changeLanguage(e.currentTarget.value)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Frame of the sign-in, password and invitation pages. */
export function AuthLayout({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Flex minH="100dvh" direction="column" bg="bg.subtle">
      <Flex justify="space-between" align="center" px="6" py="4">
        <Flex align="center" gap="2">
          <Image src="/favicon.svg" alt="" boxSize="8" />
          <Text fontWeight="bold" fontSize="lg">
            Signpost
          </Text>
        </Flex>
        <LanguageSelect />
      </Flex>
      <Center flex="1" px="4" pb="16">
        <Card.Root w="full" maxW="md" variant="elevated">
          <Card.Body>
            <Stack gap="6">
              <Stack gap="1">
                <Heading as="h1" size="2xl">
                  {title}
                </Heading>
                {subtitle && <Text color="fg.muted">{subtitle}</Text>}
              </Stack>
              <Box>{children}</Box>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Center>
    </Flex>
  );
}
