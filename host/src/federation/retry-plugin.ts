import { RetryPlugin } from '@module-federation/retry-plugin';

/**
 * Retries a manifest fetch or a remote-entry script twice before the section is marked failed,
 * so a remote restarting during a deploy does not flash the fallback.
 */
export default function retryPlugin() {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 400 },
    script: { retryTimes: 2, retryDelay: 400 },
  });
}
