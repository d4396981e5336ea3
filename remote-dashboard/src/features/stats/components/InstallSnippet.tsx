import { useEffect, useState } from 'react';
import { api, useCan, useSession } from 'shared-auth';
import { useTranslation } from 'shared-i18n';
import { Box, Card, Code, Heading, Stack, Text } from 'shared-ui';
import { getWebsitePublicKey } from '../api/get-website-public-key';

/**
 * What a website's page includes so its visitors' activity reaches the dashboard: a few lines that
 * report a session (with the device) to the public ingestion call under the website's public key.
 */
export function installSnippet(apiBase: string, publicKey: string): string {
  return `<script>
  // Signpost: reports visits to ${apiBase.replace(/\/$/, '')}/api/public/${publicKey}/events
  (function () {
    var url = '${apiBase.replace(/\/$/, '')}/api/public/${publicKey}/events';
    var id = localStorage.getItem('signpost_visitor') || (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random());
    localStorage.setItem('signpost_visitor', id);
    var device = /Mobi|Android|iPhone/i.test(navigator.userAgent) ? 'mobile' : 'web';
    fetch(url, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [{ type: 'session', visitorId: id, device: device }] }) });
  })();
</script>`;
}

/** The empty state: nothing happened in the range, so tell the website how to start sending events. */
export function InstallSnippet() {
  const { t } = useTranslation('dashboard');
  const { activeWebsite } = useSession();
  const canSeeWebsites = useCan('get', 'websites');
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const websiteId = activeWebsite?._id;

  useEffect(() => {
    if (!websiteId || !canSeeWebsites) return;
    let live = true;
    getWebsitePublicKey(websiteId)
      .then((key) => live && setPublicKey(key))
      .catch(() => live && setPublicKey(null));
    return () => {
      live = false;
    };
  }, [websiteId, canSeeWebsites]);

  const apiBase = api.defaults.baseURL ?? window.location.origin;
  return (
    <Card.Root data-testid="stats-empty" borderStyle="dashed">
      <Card.Header>
        <Heading size="md">{t('empty.title')}</Heading>
        <Text color="fg.muted">{t('empty.description', { website: activeWebsite?.name ?? '' })}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text fontWeight="medium">{t('empty.step')}</Text>
          {/* Code reads left to right in every language. */}
          {/* Scrolls sideways on narrow screens: focusable so a keyboard can scroll it too. */}
          <Box dir="ltr" textAlign="left" overflowX="auto" bg="bg.muted" borderRadius="md" p="3" tabIndex={0} role="region" aria-label={t('empty.step')}>
            <Code as="pre" data-testid="install-snippet" bg="transparent" fontSize="xs" whiteSpace="pre">
              {installSnippet(apiBase, publicKey ?? t('empty.keyPlaceholder'))}
            </Code>
          </Box>
          {publicKey ? (
            <Text fontSize="sm" color="fg.muted">
              {t('empty.key')} <Code data-testid="public-key">{publicKey}</Code>
            </Text>
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="public-key-missing">
              {t('empty.keyHidden')}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t('empty.hint')}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
