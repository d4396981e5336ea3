import { Link as RouterLink } from 'react-router-dom';
import { useCan, useSession } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { Box, Card, Code, Heading, Link, Skeleton, Stack, Text } from 'shared-ui';
import { useInstallSnippet } from '../api/get-install-snippet';

/**
 * The empty state: nothing happened in the range, so show the website script's snippet (the one the
 * installation guide shows, from the API) and link to the guide for the other ways to install it and
 * its live check. The snippet holds the website's key, so it needs get_websites (as the API).
 */
export function InstallSnippet() {
  const { t } = useTranslation('dashboard');
  const { activeWebsite } = useSession();
  const canSeeWebsites = useCan('get', 'websites');
  const query = useInstallSnippet(activeWebsite?._id, canSeeWebsites);
  const snippet: string | null | 'failed' = query.isError ? 'failed' : (query.data ?? null);

  return (
    <Card.Root data-testid="stats-empty" borderStyle="dashed">
      <Card.Header>
        <Heading size="md">{t('empty.title')}</Heading>
        <Text color="fg.muted">{t('empty.description', { website: activeWebsite?.name ?? '' })}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {canSeeWebsites && snippet !== 'failed' ? (
            <>
              <Text fontWeight="medium">{t('empty.step')}</Text>
              {snippet === null ? (
                <Skeleton height="16" />
              ) : (
                // Code reads left to right in every language; it scrolls sideways on narrow screens,
                // so it is focusable (a keyboard can scroll it too).
                <Box dir="ltr" textAlign="left" overflowX="auto" bg="bg.muted" borderRadius="md" p="3" tabIndex={0} role="region" aria-label={t('empty.step')}>
                  <Code as="pre" data-testid="install-snippet" bg="transparent" fontSize="xs" whiteSpace="pre">
                    {snippet}
                  </Code>
                </Box>
              )}
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="install-snippet-missing">
              {snippet === 'failed' ? t('empty.snippetFailed') : t('empty.snippetHidden')}
            </Text>
          )}
          <Link asChild fontWeight="medium" data-testid="install-guide-link">
            <RouterLink to="/installation-guide">{t('empty.guide')}</RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {t('empty.hint')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
