import './app/zod-without-eval';
import { createRoot } from 'react-dom/client';
import { configureApi } from 'shared-data';
import { hasLiveRefreshToken, initSession } from 'shared-auth';
import { MESSAGES_NAMESPACE, initI18n } from 'shared-i18n';
import { loadRuntimeConfig, setRuntimeConfig } from './config/runtime-config';
import { loadAllManifests, registerConfiguredRemotes } from './federation/remotes';
import { App } from './app/App';
import { providedFacadeEntries } from './federation/provide-shared';
import { domReady } from './app/dom-ready';
import { ConfigError } from './config/ConfigError';

// Keep the reference (see provide-shared.ts); bundlers drop unused imports otherwise.
void providedFacadeEntries;

async function start() {
  await domReady();
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    root.render(<ConfigError error={error} />);
    return;
  }
  setRuntimeConfig(config);
  configureApi({ baseURL: config.apiBaseUrl });
  registerConfiguredRemotes(config.remotes);
  // The sign-in bundle loads common and host only; the console's forms also read the message catalogue.
  void initI18n({ namespaces: ['common', 'host', MESSAGES_NAMESPACE] });
  void initSession();
  // A returning visitor lands on a remote's screen: fetch the remotes' manifests, entries and texts
  // now, beside /api/users/me, rather than after it (the layout would start them only once the
  // session is established). Without a session the visitor is on a public page: nothing to fetch.
  if (hasLiveRefreshToken()) loadAllManifests();
  root.render(<App />);
}

void start();
