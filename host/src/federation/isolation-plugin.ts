import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { markRemoteFailed } from './remote-status';

/**
 * Failure isolation: a remote that is down, answers 404/500, hangs or serves a broken chunk marks
 * only its own section as failed. The host's section outlet shows the translated fallback with a
 * retry, and the sidebar marks the section unavailable; nothing else is affected.
 *
 * `errorLoadRemote` is first called with lifecycle 'afterResolve' (manifest fetch): returning a
 * value there would be taken for a manifest (RUNTIME-013), so we only record and let it throw.
 * For 'onLoad' (a screen module failed) we also let the error reach the section's error boundary.
 */
export default function isolationPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'signpost-isolation',
    errorLoadRemote(args) {
      const remoteName = args.remote?.name ?? String(args.id).split('/')[0];
      markRemoteFailed(remoteName, args.error);
      return undefined;
    },
  };
}
