import { useEffect, useState } from 'react';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { Alert, Button, List, Stack, Text } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useInstallCheck } from '../api/get-install-check';

export { INSTALL_CHECK_INTERVAL_MS } from '../api/get-install-check';

/**
 * "Check installation": asks the API whether the website script has reported from a page of the
 * website, then asks again every 3 s while this screen is open, until it has (the user installs the
 * snippet in another tab and watches this turn green).
 */
export function InstallCheck({ publicKey, domain }: { publicKey: string | null; domain: string }) {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const [started, setStarted] = useState(false);
  // Another website, another key: start over.
  useEffect(() => setStarted(false), [publicKey]);
  const check = useInstallCheck(publicKey, started);
  const answer = started ? (check.data ?? null) : null;
  const error = started && check.isError ? errorMessage(check.error, t('installationGuide.check.error')) : null;
  const checking = check.isFetching;
  const start = () => {
    if (started) void check.refetch();
    else setStarted(true);
  };

  const installed = answer?.app_is_installed === true;
  const polling = started && !installed;
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
