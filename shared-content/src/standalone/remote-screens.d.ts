// The screens of a remote's standalone page, one lazy import per route's screen of its manifest.
// Generated at build time by tooling/rspack/app-config.mjs (createRemoteConfig) from the same
// derivation as the remote's module-federation exposes, so a screen is named once, in the manifest.
declare module '@signpost/remote-screens' {
  import type { ComponentType } from 'react';

  const screens: Record<string, () => Promise<{ default: ComponentType }>>;
  export default screens;
}
