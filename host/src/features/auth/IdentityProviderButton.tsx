import { identityProviderLoginCall } from 'contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { callApi, errorMessage } from 'shared-data';
import type { LoginResponse } from 'contracts';
import { getRuntimeConfig } from '../../config/runtime-config';
import { readIdentityProviderReturn, startIdentityProviderSignIn } from './identity-provider';

/** Renders the provider button (through `children`, to add a separator) only when configured. */
export function IdentityProviderButton({ children }: { children: (button: ReactNode) => ReactNode }) {
  const { t } = useTranslation('host');
  const [busy, setBusy] = useState(false);
  const config = getRuntimeConfig().identityProvider;
  if (!config) return null;
  return children(
    <Button
      variant="outline"
      loading={busy}
      data-testid="identity-provider-button"
      onClick={async () => {
        setBusy(true);
        try {
          await startIdentityProviderSignIn(config);
        } catch {
          setBusy(false);
        }
      }}
    >
      {t('login.identityProvider', { name: config.name })}
    </Button>,
  );
}

/** On /login after the provider's redirect: exchanges the token or code for a session. */
export function useIdentityProviderReturn() {
  const { t } = useTranslation('host');
  const [result, setResult] = useState<{ response?: LoginResponse; error?: string }>({});
  useEffect(() => {
    const back = readIdentityProviderReturn();
    if (!back) return;
    if ('error' in back) {
      setResult({ error: t('login.identityProviderFailed') });
      return;
    }
    callApi(identityProviderLoginCall, { body: back.body })
      .then((response) => setResult({ response }))
      .catch((error) => setResult({ error: errorMessage(error, t('login.identityProviderFailed')) }));
  }, [t]);
  return result;
}
