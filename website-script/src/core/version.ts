declare const __SIGNPOST_VERSION__: string | undefined;

/** The script's version (package.json, set at build time), sent as `v` for the installation check. */
export const SCRIPT_VERSION: string = typeof __SIGNPOST_VERSION__ === 'string' ? __SIGNPOST_VERSION__ : 'dev';
