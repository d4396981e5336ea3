/** A remote app of the product, by the name product.mjs knows it: its `app` in contracts/src/remotes.json. */
export type RemoteApp = `remote-${string}`;
export type AppName = 'api' | 'host' | RemoteApp;

/** Client of product.mjs's loopback control API: GET /apps, POST /apps/<name>/stop|start, PUT /clock. */
export class ProductControl {
  public constructor(public readonly baseURL: string) {}

  private async call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<string[]> {
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as { running?: string[]; message?: string };
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${body.message ?? ''}`);
    return body.running ?? [];
  }

  /**
   * Runs the API's clock `offsetMs` ahead of the real time (schedules, the script's decisions; never
   * tokens) until set again; 0 puts it back. Answers once the API reads the new time.
   */
  public async setClockOffset(offsetMs: number): Promise<void> {
    const res = await fetch(`${this.baseURL}/clock`, {
      method: 'PUT',
      body: JSON.stringify({ offsetMs }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`control PUT /clock: ${res.status} ${await res.text()}`);
  }

  public running(): Promise<string[]> {
    return this.call('GET', '/apps');
  }

  public async stop(name: AppName): Promise<void> {
    const running = await this.call('POST', `/apps/${name}/stop`);
    if (running.includes(name)) throw new Error(`${name} still running after stop`);
  }

  /** `root`: serve a static app (host, remote) from another build's dist folder until stopped. */
  public async start(name: AppName, root?: string): Promise<void> {
    const running = await this.call('POST', `/apps/${name}/start`, root ? { root } : undefined);
    if (!running.includes(name)) throw new Error(`${name} not running after start`);
  }
}
