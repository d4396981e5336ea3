// Small process helpers shared by start, dev, test and bench: prefixed output, killing a whole
// process tree, waiting for an HTTP endpoint, checking that a port is free.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const COLORS = [36, 33, 35, 32, 34, 31, 96, 93];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** `[name] ` in a stable colour per name (plain when not a TTY, e.g. in CI logs). */
export function prefixFor(name, width = name.length) {
  const label = `[${name}]`.padEnd(width + 2);
  if (!useColor) return `${label} `;
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `\x1b[${COLORS[h % COLORS.length]}m${label}\x1b[0m `;
}

/** Call `onLine` for each complete line of a readable stream. */
export function eachLine(stream, onLine) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      onLine(buf.slice(0, i).replace(/\r$/, ''));
      buf = buf.slice(i + 1);
    }
  });
  stream.on('end', () => {
    if (buf) onLine(buf);
    buf = '';
  });
}

/**
 * Spawn a command in its own process group (so the whole tree — pnpm, rspack, tsx — can be stopped
 * together) with each output line prefixed. Returns the ChildProcess plus `exited`, a promise of the
 * exit code, and `tail()`, the last lines of output (for error messages).
 */
export function spawnPrefixed(name, cmd, args, { cwd = ROOT, env = process.env, width, silent = false } = {}) {
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  stopWithUs(child);
  const prefix = prefixFor(name, width);
  const lines = [];
  let muted = silent;
  const onLine = (line) => {
    lines.push(line);
    if (lines.length > 40) lines.shift();
    if (!muted) process.stdout.write(`${prefix}${line}\n`);
  };
  eachLine(child.stdout, onLine);
  eachLine(child.stderr, onLine);
  child.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', (err) => {
      onLine(`failed to start: ${err.message}`);
      resolve(127);
    });
  });
  child.tail = (n = 20) => lines.slice(-n).join('\n');
  /** Stop echoing (e.g. while stopping: pnpm's "command failed with signal SIGTERM" is just noise). */
  child.mute = () => {
    muted = true;
  };
  return child;
}

/**
 * The process groups spawnPrefixed started. Being detached, they are out of reach of a signal to our
 * own group (Ctrl+C in a terminal, `pnpm test` stopping a suite), and they outlive us unless we stop
 * them: a SIGINT, SIGTERM or SIGHUP of this process, or its exit (process.exit() included), sends
 * them SIGTERM; so a Playwright run stopped while it holds the product its global set-up started
 * leaves no API on its port. A signal nobody else handles still ends this process as it would have.
 */
const ownGroups = new Set();
let hooksInstalled = false;

function signalOwnGroups(signal) {
  for (const child of ownGroups) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  }
}

function stopWithUs(child) {
  ownGroups.add(child);
  child.once('exit', () => ownGroups.delete(child));
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.once('exit', () => signalOwnGroups('SIGTERM'));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    const onSignal = () => {
      // Told at once, whoever else listens: a listener may well keep this process alive (Playwright's
      // runner processes ignore SIGINT and SIGTERM and end when their parent is gone), and the groups
      // must not wait for that.
      signalOwnGroups('SIGTERM');
      if (process.listenerCount(signal) > 1) return;
      // Alone: the signal would have ended the process; it still does.
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/**
 * Stop a child started with `detached: true`: SIGTERM to its process group, SIGKILL after `graceMs`.
 * Resolves once it has exited.
 */
export async function killTree(child, graceMs = 8000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      try {
        child.kill(sig);
      } catch {
        /* already gone */
      }
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Poll `url` until `accept(response)` or the timeout; rejects early if `abort` resolves first. */
export async function waitForHttp(url, { timeoutMs = 60_000, intervalMs = 250, accept = (r) => r.ok, abort } = {}) {
  const deadline = Date.now() + timeoutMs;
  let aborted = false;
  let abortReason;
  abort?.then((reason) => {
    aborted = true;
    abortReason = reason;
  });
  let lastError = '';
  while (Date.now() < deadline) {
    if (aborted) throw new Error(`gave up waiting for ${url}: ${abortReason}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (await accept(res)) return res;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${url} (${lastError})`);
}

/** Resolves true when nothing listens on `port` (tried on every interface, as the servers bind). */
export function isPortFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** Run a command to completion with inherited output; resolves to its exit code. */
export function run(cmd, args, { cwd = ROOT, env = process.env, stdio = 'inherit' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.on('error', (err) => {
      console.error(`${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}
