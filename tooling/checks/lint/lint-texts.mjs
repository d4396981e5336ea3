/**
 * Lints source texts as if they were files at the given paths, with the repository's own ESLint
 * configuration, and prints each text's problems as JSON. The files need not exist: the layer
 * rules are chosen by path alone. Run in its own process because ESLint loads its configuration
 * with a native `import()`, which Jest's module system refuses.
 *
 * stdin: [{ "filePath": "host/src/x.tsx", "code": "…" }, …]; stdout: [[{ ruleId, message }, …], …]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });
const cases = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath), warnIgnored: true });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
