import { spawn } from 'node:child_process';
import { ROOT } from './state';

/**
 * `pnpm --filter <app> build` from the monorepo root, with extra env; resolves with the output, rejects
 * with its tail when the build fails.
 */
export function buildApp(app: string, env: Record<string, string | undefined> = {}, timeoutMs = 150_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
    const child = spawn('pnpm', ['--filter', app, 'build'], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`pnpm --filter ${app} build failed (${code ?? signal}):\n${output.slice(-3000)}`));
    });
  });
}
