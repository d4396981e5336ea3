/**
 * What the core's builder entry (builder-boot) and the lazily loaded builder chunk both need. It
 * lives apart so the chunk does not import the module that loads it: builder-boot imports the
 * chunk, and the chunk imports only this.
 */
export interface BuilderSession {
  session: string;
  tourId: string;
  expiresAt: string;
}

export interface BuilderEnv {
  win: Window;
  websiteKey: string;
  apiUrl: string;
  fetch: typeof fetch;
}

export function builderPath(apiUrl: string, websiteKey: string, path: string): string {
  return apiUrl + path.replace(':websiteKey', encodeURIComponent(websiteKey));
}
