import './app/zod-without-eval';
import { createRoot } from 'react-dom/client';
import { configureApi, initSession } from 'shared-auth';
import { initI18n } from 'shared-i18n';
import { loadRuntimeConfig, setRuntimeConfig } from './config/runtime-config';
import { registerConfiguredRemotes } from './federation/remotes';
import { App } from './app/App';
import { providedFacadeEntries } from './federation/provide-shared';
import { domReady } from './app/dom-ready';

// Keep the reference (see provide-shared.ts); bundlers drop unused imports otherwise.
void providedFacadeEntries;

async function start() {
  await domReady();
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    // Without its config the console cannot reach anything; say so plainly (no i18n loaded yet).
    root.render(
      <div role="alert" style={{ padding: 32, fontFamily: 'system-ui' }}>
        <h1>Unexpected Application Error!</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </div>,
    );
    return;
  }
  setRuntimeConfig(config);
  configureApi({ baseURL: config.apiBaseUrl });
  registerConfiguredRemotes(config.remotes);
  void initI18n({ namespaces: ['common', 'host'] });
  void initSession();
  root.render(<App />);
}

void start();
