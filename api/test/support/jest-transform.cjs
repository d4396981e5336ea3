// Jest runs the API suites as CommonJS. Several dependencies ship ESM only (jose, openid-client,
// cookie, content-disposition, …) and @electric-sql/pglite's CommonJS build loads Node built-ins
// with dynamic import(), which Jest's CommonJS runtime refuses without --experimental-vm-modules.
// So: our TypeScript always goes through swc; a file under node_modules goes through swc only
// when it uses import/export syntax, and is passed through untouched otherwise.
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({ jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } });
const USES_ESM = /(^|[\n;])[ \t]*(import[ \t]*[\w{*'"]|export[ \t]+|export\{)|\bimport\(/;

function needsSwc(src, filename) {
  return !filename.includes('/node_modules/') || USES_ESM.test(src);
}

module.exports = {
  process(src, filename, options) {
    return needsSwc(src, filename) ? swc.process(src, filename, options) : { code: src };
  },
  getCacheKey(src, filename, options) {
    return `esm-aware-1:${swc.getCacheKey(src, filename, options)}`;
  },
};
