/**
 * The layers of ARCHITECTURE.md are ESLint rules (tooling/eslint/layers.mjs). Each case below is a
 * small file, linted with the repository's own configuration at a path inside a package, that
 * crosses one boundary (and must be refused by the rule named) or stays inside one (and must pass),
 * so a rule that is lost, loosened or scoped to the wrong files fails here, not in review.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

type Problem = { ruleId: string | null; message: string };
type Case = { filePath: string; code: string; rule?: string; says?: string };

const importing = (spec: string, names = 'x') => `import { ${names} } from '${spec}';\nexport const y = [${names}];\n`;
const LAYER = 'no-restricted-imports';
const HTTP_IMPORT = '@typescript-eslint/no-restricted-imports';
const HTTP_CALL = 'no-restricted-syntax';

const refused: Case[] = [
  // contracts imports nothing of ours, nor a UI or server library.
  { filePath: 'contracts/src/x.ts', code: importing('shared-ui'), rule: LAYER, says: "'contracts' may not import 'shared-ui'" },
  { filePath: 'contracts/src/x.ts', code: importing('react', 'useState'), rule: LAYER, says: "may not depend on 'react'" },
  // The low shared packages do not reach up.
  { filePath: 'shared-i18n/src/x.ts', code: importing('shared-ui'), rule: LAYER, says: "'shared-i18n' may not import 'shared-ui'" },
  { filePath: 'shared-ui/src/x.tsx', code: importing('shared-content'), rule: LAYER, says: "'shared-ui' may not import 'shared-content'" },
  // The session and the data package render nothing, and the session does not call the console's API.
  { filePath: 'shared-data/src/x.ts', code: importing('shared-ui'), rule: LAYER, says: "'shared-data' may not import 'shared-ui'" },
  { filePath: 'shared-data/src/x.ts', code: importing('shared-content'), rule: LAYER, says: "'shared-data' may not import 'shared-content'" },
  { filePath: 'shared-auth/src/x.ts', code: importing('shared-ui'), rule: LAYER, says: "'shared-auth' may not import 'shared-ui'" },
  { filePath: 'shared-auth/src/x.ts', code: importing('shared-data'), rule: LAYER, says: "'shared-auth' may not import 'shared-data'" },
  { filePath: 'shared-auth/src/x.ts', code: importing('shared-content'), rule: LAYER, says: "'shared-auth' may not import 'shared-content'" },
  // A file's narrow exception opens the one package it needs, not the rest.
  { filePath: 'shared-auth/src/queries.ts', code: importing('shared-content'), rule: LAYER, says: "'shared-auth' may not import 'shared-content'" },
  { filePath: 'shared-content/src/x.ts', code: importing('host'), rule: LAYER, says: "'shared-content' may not import 'host'" },
  // Host and remotes meet through module federation only.
  { filePath: 'host/src/x.tsx', code: importing('remote-campaigns'), rule: LAYER, says: "'host' may not import 'remote-campaigns'" },
  {
    filePath: 'remote-campaigns/src/x.tsx',
    code: importing('remote-settings/src/x'),
    rule: LAYER,
    says: "'remote-campaigns' may not import 'remote-settings'",
  },
  { filePath: 'remote-dashboard/src/x.tsx', code: importing('host'), rule: LAYER, says: "'remote-dashboard' may not import 'host'" },
  { filePath: 'remote-campaigns/src/x.ts', code: importing('website-script/texts'), rule: LAYER, says: "may not import 'website-script'" },
  { filePath: 'remote-settings/src/x.ts', code: importing('website-script'), rule: LAYER, says: "may not import 'website-script'" },
  { filePath: 'host/src/x.tsx', code: importing('../../shared-ui/src/provider'), rule: LAYER, says: 'never by a relative path' },
  { filePath: 'host/src/x.tsx', code: importing('@chakra-ui/react', 'Box'), rule: LAYER, says: "from 'shared-ui'" },
  // The website script: contracts only, no React.
  { filePath: 'website-script/src/x.ts', code: importing('react', 'useState'), rule: LAYER, says: "may not depend on 'react'" },
  { filePath: 'website-script/src/x.ts', code: importing('shared-i18n'), rule: LAYER, says: "'website-script' may not import 'shared-i18n'" },
  // The API: contracts only, never scripts/, and its own layers downwards only.
  { filePath: 'api/src/routes/x/x.ts', code: importing('shared-auth'), rule: LAYER, says: "'api' may not import 'shared-auth'" },
  { filePath: 'api/src/x.ts', code: importing('react', 'useState'), rule: LAYER, says: "may not depend on 'react'" },
  { filePath: 'api/src/services/x.ts', code: importing('../../../scripts/lib/product.mjs'), rule: LAYER, says: 'may not import scripts/' },
  { filePath: 'api/src/stores/x.ts', code: importing('../routes/campaigns/kinds'), rule: LAYER, says: 'api/src/stores may not import routes' },
  { filePath: 'api/src/stores/x.ts', code: importing('../services/users'), rule: LAYER, says: 'api/src/stores may not import' },
  { filePath: 'api/src/services/x.ts', code: importing('../routes/shared'), rule: LAYER, says: 'api/src/services may not import' },
  { filePath: 'api/src/db/x.ts', code: importing('../stores/users'), rule: LAYER, says: 'api/src/db may not import' },
  // A file's narrow exception does not open the rest of the layer above.
  { filePath: 'api/src/stores/campaigns.ts', code: importing('../routes/shared'), rule: LAYER, says: 'api/src/stores may not import' },
  // A screen reads data through the query layer, never with the HTTP client itself.
  { filePath: 'remote-campaigns/src/features/popups/components/X.tsx', code: importing('shared-auth', 'callApi'), rule: HTTP_IMPORT, says: 'query hook' },
  { filePath: 'remote-settings/src/features/roles/RoleListScreen.tsx', code: importing('shared-data', 'callApi'), rule: HTTP_IMPORT, says: 'query hook' },
  { filePath: 'host/src/layout/X.tsx', code: importing('shared-auth', 'api'), rule: HTTP_IMPORT, says: 'query hook' },
  { filePath: 'shared-content/src/lifecycle/X.tsx', code: "import axios from 'axios';\nexport const y = axios;\n", rule: HTTP_IMPORT, says: 'query hook' },
  { filePath: 'remote-dashboard/src/features/stats/hooks/use-x.ts', code: "export const y = () => fetch('/api/x');\n", rule: HTTP_CALL, says: 'query hook' },
  { filePath: 'remote-dashboard/src/features/stats/X.tsx', code: "export const y = () => window.fetch('/api/x');\n", rule: HTTP_CALL, says: 'query hook' },
];

const allowed: Case[] = [
  { filePath: 'host/src/x.tsx', code: importing('shared-content') },
  { filePath: 'host/src/x.tsx', code: importing('shared-data') },
  { filePath: 'shared-content/src/x.ts', code: importing('shared-auth') },
  { filePath: 'shared-data/src/x.ts', code: importing('shared-auth') },
  { filePath: 'shared-ui/src/x.ts', code: importing('shared-data') },
  { filePath: 'shared-auth/src/queries.ts', code: importing('shared-ui') },
  { filePath: 'shared-content/src/testing/screen-harness.tsx', code: importing('shared-data', 'api') },
  { filePath: 'remote-settings/src/x.ts', code: importing('website-script/texts') },
  { filePath: 'remote-settings/src/x.ts', code: importing('website-script/messenger-view') },
  { filePath: 'remote-campaigns/src/x.ts', code: importing('website-script/popup-preview') },
  { filePath: 'api/src/routes/x/x.ts', code: importing('../../stores/users') },
  { filePath: 'api/src/routes/x/x.ts', code: importing('../../services/users') },
  { filePath: 'api/src/stores/x.ts', code: importing('../db/client') },
  { filePath: 'api/src/stores/campaigns.ts', code: importing('../routes/campaigns/kinds') },
  { filePath: 'remote-campaigns/src/features/popups/api/get-popup.ts', code: importing('shared-auth', 'callApi') },
  { filePath: 'shared-content/src/content-list/api/list-tags.ts', code: importing('shared-auth', 'callApi') },
  { filePath: 'remote-campaigns/src/features/popups/components/X.test.tsx', code: importing('shared-auth', 'api') },
  { filePath: 'remote-campaigns/src/features/popups/components/X.tsx', code: importing('shared-auth', 'useSession') },
];

function lint(cases: Case[]): Problem[][] {
  const input = JSON.stringify(cases.map(({ filePath, code }) => ({ filePath, code })));
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint/lint-texts.mjs')], { cwd: root, input, encoding: 'utf8' });
  return JSON.parse(output) as Problem[][];
}

test('every boundary crossing is refused by its rule, and what stays inside passes', () => {
  const results = lint([...refused, ...allowed]);
  const wrong: string[] = [];
  refused.forEach((c, i) => {
    const problems = results[i];
    const hit = problems.some((p) => p.ruleId === c.rule && p.message.includes(c.says!));
    if (!hit) wrong.push(`${c.filePath} (${c.code.split('\n')[0]}) should fail ${c.rule} with "${c.says}", got ${JSON.stringify(problems)}`);
  });
  allowed.forEach((c, i) => {
    const problems = results[refused.length + i].filter((p) => [LAYER, HTTP_IMPORT, HTTP_CALL].includes(p.ruleId ?? ''));
    if (problems.length) wrong.push(`${c.filePath} (${c.code.split('\n')[0]}) should pass, got ${JSON.stringify(problems)}`);
  });
  expect(wrong).toEqual([]);
});
