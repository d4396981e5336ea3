import { useState } from 'react';
import { RetryButton, StatePanel } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import type { RemoteSkew } from '../federation/remote-status';

/**
 * The fallback of a section whose remote is down, hangs, or served a broken chunk; or, with `skew`,
 * whose deploy was built for another console than this page's (version skew between deploys): a
 * newer remote asks for a reload (the page then loads the newer console), an older one says it
 * waits for its update. Either way only this section is affected.
 */
export function RemoteUnavailable({ section, onRetry, skew }: { section: string; onRetry: () => Promise<void>; skew?: RemoteSkew }) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const sectionName = t(`nav.section.${section}`);
  const newer = skew?.kind === 'remote-newer';
  const title = !skew
    ? t('remote.unavailableTitle', { section: sectionName })
    : t(newer ? 'remote.skewNewerTitle' : 'remote.skewOlderTitle', { section: sectionName });
  const description = !skew ? t('remote.unavailableDescription') : t(newer ? 'remote.skewNewerDescription' : 'remote.skewOlderDescription');
  return (
    <StatePanel
      testId={skew ? 'remote-skewed' : 'remote-unavailable'}
      tone="danger"
      icon={<span aria-hidden>⚠</span>}
      title={title}
      description={description}
      action={
        <RetryButton
          loading={busy}
          onClick={async () => {
            if (newer) {
              window.location.reload();
              return;
            }
            setBusy(true);
            try {
              await onRetry();
            } finally {
              setBusy(false);
            }
          }}
        >
          {newer ? t('remote.reload') : t('actions.retry')}
        </RetryButton>
      }
    />
  );
}
