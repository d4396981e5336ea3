import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleCheck, CircleDashed } from 'lucide-react';
import type { InstallCheckAnswer } from 'contracts';
import { Alert, Button, List, Stack, Text } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-auth';
import { getInstallCheck } from '../api/get-install-check';

/** How often the check asks again while the screen is open and the script has not reported yet. */
export const INSTALL_CHECK_INTERVAL_MS = 3000;

/**
 * "Check installation": asks the API whether the website script has reported from a page of the
 * website, then asks again every 3 s while this screen is open, until it has (the user installs the
 * snippet in another tab and watches this turn green).
 */
export function InstallCheck({ publicKey, domain }: { publicKey: string | null; domain: string }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const [polling, setPolling] = useState(false);
  const [answer, setAnswer] = useState<InstallCheckAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const check = useCallback(async () => {
    if (!publicKey) return;
    setChecking(true);
    try {
      const next = await getInstallCheck(publicKey);
      if (!live.current) return;
      setAnswer(next);
      setError(null);
      if (next.app_is_installed) setPolling(false);
    } catch (err) {
      if (live.current) setError(errorMessage(err, t('installationGuide.check.error')));
    } finally {
      if (live.current) setChecking(false);
    }
  }, [publicKey, t]);

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(check, INSTALL_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [polling, check]);

  // Another website, another key: start over.
  useEffect(() => {
    setPolling(false);
    setAnswer(null);
    setError(null);
  }, [publicKey]);

  const start = () => {
    setPolling(true);
    void check();
  };

  const installed = answer?.app_is_installed === true;
  return (
    <Stack gap="3" data-testid="install-check">
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        onClick={start}
        loading={checking && !polling}
        disabled={!publicKey}
        data-testid="install-check-button"
      >
        {t('installationGuide.check.button')}
      </Button>
      {!publicKey && <Text color="fg.muted">{t('installationGuide.check.noKey')}</Text>}
      {installed && (
        <Alert.Root status="success" data-testid="install-check-installed" aria-live="polite">
          <Alert.Indicator>
            <CircleCheck aria-hidden />
          </Alert.Indicator>
          <Alert.Title>
            {t('installationGuide.check.installed', {
              time: answer.lastSeenAt ? format.dateTime(answer.lastSeenAt) : '—',
              origin: answer.origin ?? '—',
              version: answer.version ?? '—',
            })}
          </Alert.Title>
        </Alert.Root>
      )}
      {answer && !installed && (
        <Alert.Root status="neutral" alignItems="flex-start" data-testid="install-check-missing" aria-live="polite">
          <Alert.Indicator>
            <CircleDashed aria-hidden />
          </Alert.Indicator>
          <Stack gap="2" minW="0">
            <Alert.Title>{t('installationGuide.check.missing')}</Alert.Title>
            <Alert.Description>
              <List.Root ps="5">
                <List.Item>{t('installationGuide.check.tips.paste')}</List.Item>
                <List.Item>{t('installationGuide.check.tips.domain', { domain })}</List.Item>
                <List.Item>{t('installationGuide.check.tips.reload')}</List.Item>
                <List.Item>{t('installationGuide.check.tips.csp')}</List.Item>
              </List.Root>
            </Alert.Description>
            {polling && (
              <Text fontSize="sm" color="fg.muted" data-testid="install-check-polling">
                {t('installationGuide.check.polling')}
              </Text>
            )}
          </Stack>
        </Alert.Root>
      )}
      {error && (
        <Text color="red.fg" role="alert" data-testid="install-check-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
