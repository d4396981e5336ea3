#!/usr/bin/env node
// `pnpm typecheck`: every workspace package's TypeScript checked as its own `typecheck` script
// would check it, in far less time. Each package's check loads Chakra's, React's and the shared
// packages' types again (about 30 s of CPU each, fourteen times); packages whose tsconfig says the
// same thing (the same base, the same compiler options, the same `types`) are checked here in one
// TypeScript program instead, so those types are read once. A package's own `typecheck` script is
// unchanged: a team checking its remote alone still runs exactly that.
//
// The one difference from fourteen separate programs: a global declaration (`declare global`) in
// one package is visible to the others of its group.
//
// Flags: --report=FILE  writes { packages: { name: 'passed' | 'failed' } } for the test command.
//        --root=DIR     another workspace than this repository (the script's own tests)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/proc.mjs';

const { values } = parseArgs({ options: { report: { type: 'string' }, root: { type: 'string' } } });
// The workspace checked: this repository, or (for this script's own tests) the one --root names.
const WORKSPACE = values.root ? path.resolve(values.root) : ROOT;

/** The workspace's packages (pnpm-workspace.yaml's list) that have a `typecheck` script. */
function workspacePackages() {
  const listed = readFileSync(path.join(WORKSPACE, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .map((line) => /^\s+-\s+([\w./-]+)\s*$/.exec(line)?.[1])
    .filter(Boolean)
    .filter((dir) => existsSync(path.join(WORKSPACE, dir, 'package.json')));
  return listed
    .map((dir) => ({ dir, script: JSON.parse(readFileSync(path.join(WORKSPACE, dir, 'package.json'), 'utf8')).scripts?.typecheck }))
    .filter((p) => p.script);
}

/** Packages grouped by what their tsconfig.json says besides `include`: one program per group. */
function groups(dirs) {
  const byKey = new Map();
  for (const dir of dirs) {
    const { include = ['.'], files, references, ...rest } = JSON.parse(readFileSync(path.join(WORKSPACE, dir, 'tsconfig.json'), 'utf8'));
    if (files || references) throw new Error(`${dir}/tsconfig.json: "files" and "references" are not handled by scripts/typecheck.mjs`);
    const base = rest.extends ? path.resolve(WORKSPACE, dir, rest.extends) : null;
    const key = JSON.stringify({ ...rest, extends: base });
    if (!byKey.has(key)) byKey.set(key, { options: { ...rest, extends: base }, packages: [] });
    byKey.get(key).packages.push({ dir, include: include.map((entry) => path.resolve(WORKSPACE, dir, entry)) });
  }
  return [...byKey.values()];
}

/** A command's output collected; resolves to { code, output }. */
function collect(cmd, args, cwd = WORKSPACE) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const OUT = path.join(WORKSPACE, '.tmp', 'typecheck');
await mkdir(OUT, { recursive: true });
const all = workspacePackages();
const TSC = [path.join(ROOT, 'node_modules/typescript/bin/tsc')]; // this repository's TypeScript, whatever the workspace
// A package whose check is not the plain `tsc -p tsconfig.json` runs its own script, as it is.
const own = all.filter((p) => p.script !== 'tsc -p tsconfig.json');
const programs = groups(all.filter((p) => !own.includes(p)).map((p) => p.dir));
const status = {};
// Two cores: two checks at a time, the largest first.
const queue = programs.map((group, i) => ({ ...group, name: group.packages.length > 1 ? `group-${i}` : group.packages[0].dir }));
queue.sort((a, b) => b.packages.length - a.packages.length);
for (const p of own) queue.push({ name: p.dir, packages: [{ dir: p.dir }], own: true });
async function worker() {
  for (let group = queue.shift(); group; group = queue.shift()) {
    if (group.own) {
      const { code, output } = await collect('pnpm', ['run', 'typecheck'], path.join(WORKSPACE, group.name));
      status[group.name] = code === 0 ? 'passed' : 'failed';
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${group.name} (its own typecheck script)`);
      if (code !== 0) process.stdout.write(output);
      continue;
    }
    const config = path.join(OUT, `${group.name}.json`);
    const { extends: base, ...rest } = group.options;
    const tsconfig = { ...rest, ...(base && { extends: base }), include: group.packages.flatMap((p) => p.include) };
    await writeFile(config, JSON.stringify(tsconfig, null, 2));
    const started = Date.now();
    const { code, output } = await collect(process.execPath, [...TSC, '-p', config, '--pretty', 'false']);
    const seconds = Math.round((Date.now() - started) / 1000);
    // An error is the package's whose folder holds the file; one outside them all fails the group.
    const failed = new Set();
    for (const line of output.split('\n')) {
      const file = /^(.+?)\(\d+,\d+\): error TS\d+/.exec(line)?.[1];
      if (!file) continue;
      const owner = group.packages.find((p) => path.resolve(WORKSPACE, file).startsWith(path.join(WORKSPACE, p.dir) + path.sep));
      for (const p of owner ? [owner] : group.packages) failed.add(p.dir);
    }
    if (code !== 0 && failed.size === 0) for (const p of group.packages) failed.add(p.dir);
    for (const p of group.packages) status[p.dir] = failed.has(p.dir) ? 'failed' : 'passed';
    const names = group.packages.map((p) => p.dir).join(', ');
    console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${names} (one program, ${seconds}s)`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  }
}
await Promise.all([worker(), worker()]);
const failed = Object.entries(status).filter(([, s]) => s === 'failed');
console.log(
  `typecheck: ${Object.keys(status).length - failed.length} packages passed, ${failed.length} failed${failed.length ? `: ${failed.map(([p]) => p).join(', ')}` : ''}`,
);
if (values.report) await writeFile(values.report, JSON.stringify({ packages: status }, null, 2));
process.exit(failed.length ? 1 : 0);
