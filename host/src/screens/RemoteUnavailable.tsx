import { useState } from 'react';
import { RetryButton, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** The fallback of a section whose remote is down, hangs, or served a broken chunk. */
export function RemoteUnavailable({ section, onRetry }: { section: string; onRetry: () => Promise<void> }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  return (
    <StatePanel
      testId="remote-unavailable"
      tone="danger"
      icon={<span aria-hidden>⚠</span>}
      title={t('remote.unavailableTitle', { section: t(`nav.section.${section}`) })}
      description={t('remote.unavailableDescription')}
      action={
        <RetryButton
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onRetry();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('actions.retry')}
        </RetryButton>
      }
    />
  );
}
