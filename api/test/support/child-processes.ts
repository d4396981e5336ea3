import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

/**
 * Node processes a test file starts (an API, an identity provider) that must never outlive it: on a
 * failed or timed-out test (afterAll calls `stopChildren`), on Ctrl+C or SIGTERM of the test process,
 * at its exit (Jest's --forceExit included), and when it dies without running any handler (the
 * child's own check, exit-with-parent.cjs).
 */
const owned = new Set<ChildProcess>();
const EXIT_WITH_PARENT = path.join(__dirname, 'exit-with-parent.cjs');

/** `node <args>` as a child of this test process, stopped with it whatever happens. */
export function spawnNode(args: string[], options: SpawnOptions): ChildProcess {
  installHandlers();
  const child = spawn(process.execPath, ['--require', EXIT_WITH_PARENT, ...args], options);
  owned.add(child);
  child.once('exit', () => owned.delete(child));
  return child;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Stops every child still running (SIGKILL after `graceMs` of SIGTERM) and waits for each to exit. */
export async function stopChildren(graceMs = 3000): Promise<void> {
  await Promise.all(
    [...owned].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (!running(child)) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** At exit or on a signal there is no time to wait: SIGKILL, synchronously. */
function killAllNow() {
  for (const child of owned) if (running(child)) child.kill('SIGKILL');
}

let installed = false;
function installHandlers() {
  if (installed) return;
  installed = true;
  process.once('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      killAllNow();
      // Whoever else listens (Jest) decides what the signal does; alone, this handler must not keep
      // the process alive: it steps aside and the signal is raised again, with its usual effect.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}
