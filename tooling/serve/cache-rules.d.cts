export declare const NO_CACHE: 'no-cache';
export declare const IMMUTABLE: 'public, max-age=31536000, immutable';
export declare function cacheControlFor(relPath: string): string;
export declare function isAssetPath(pathname: string): boolean;
