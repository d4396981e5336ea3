export interface CspRuntimeConfig {
  apiBaseUrl: string;
  remotes?: { entry: string }[];
  identityProvider: null | { issuer: string };
}
export declare const BASE_HEADERS: Record<string, string>;
export declare const HSTS: string;
export declare function inlineScripts(html: string): string[];
export declare function inlineScriptHashes(html: string): string[];
export declare function consoleCsp(runtimeConfig: CspRuntimeConfig, options?: { scriptHashes?: string[]; uploadsBaseUrl?: string | null }): string;
export declare function standaloneCsp(options?: { scriptHashes?: string[] }): string;
export declare function customerSiteCsp(options?: { scriptHashes?: string[]; scriptUrl?: string | null; apiUrl?: string | null }): string;
export declare function isPrivatePath(pathname: string): boolean;
export declare function directoryOf(url: string): string | null;
