// The one registry of the console's remotes: `remotes.json` beside this file is
// read by the build (tooling/rspack), the start, dev and bench scripts, the runtime config, jest and
// the API's CORS defaults. Node scripts read the JSON through tooling/remotes.mjs; TypeScript reads
// it here. A remote's routes and screens are not here: they are its own `src/manifest.ts`.
import registry from './remotes.json';

/** One remote of the console, as the registry lists it. */
export interface RemoteEntry {
  /** Its folder and workspace package (`remote-settings`); `pnpm start --only=` and the control API use it. */
  app: string;
  /** Its module-federation name (`remote_settings`), also the `name` of its manifest. */
  name: string;
  /** Its section id and i18n namespace (`settings`), also the `namespace` of its manifest. */
  section: string;
  /** The port of its dev server and of `pnpm start`; its default URL is http://localhost:<port>. */
  port: number;
  /** The document title of its standalone page. */
  title: string;
  /** The paths it owns in the console (the host routes them to it even while it is down). */
  basePaths: string[];
}

export const REMOTES: readonly RemoteEntry[] = registry;

/** The URL a remote answers at on this machine when nothing moves it (`pnpm start`, `pnpm dev`). */
export const remoteDevUrl = (remote: RemoteEntry): string => `http://localhost:${remote.port}`;
