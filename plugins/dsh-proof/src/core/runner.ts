/**
 * What a check executes beyond its declared definition: the tool binaries
 * its commands resolve to and the lock file that pins them. Both usually
 * lie outside git's view (`node_modules/` is ignored), so a shim written
 * there by a shell (`node_modules/.bin/mocha` = `exit 0`) would make a
 * broken check pass without a trace in the change set. Pure: this module
 * names the paths to fingerprint; the IO layer hashes them.
 */
import type { CheckSpec, RunnerFingerprint } from './check-spec.js'
import { joinRelative, normaliseRelative, parentDir } from './paths.js'

/** Lock files pinning each kind's tools, nearest first when walking up. */
const LOCKFILES: Readonly<Record<string, readonly string[]>> = {
  npm: ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'],
  config: ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'],
  pytest: ['poetry.lock', 'uv.lock', 'Pipfile.lock'],
  mypy: ['poetry.lock', 'uv.lock', 'Pipfile.lock'],
  ruff: ['poetry.lock', 'uv.lock', 'Pipfile.lock'],
  cargo: ['Cargo.lock'],
  go: ['go.sum'],
}

/** Launchers whose next word is the tool they run. */
const LAUNCHERS = new Set(['npx', 'bunx', 'pnpx', 'exec', 'dlx', 'x', 'cross-env'])
const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun'])

/**
 * The paths whose content decides what `check` executes: for every tool
 * word of its commands, `node_modules/.bin/<tool>` in its directory and each
 * ancestor (npm puts all of them on PATH, nearest first, so one that does
 * not exist yet counts too: creating it shadows the real tool), explicit
 * `node_modules/.bin/…` paths, and the nearest lock file. `files` are the
 * workspace files git lists (lock files are among them).
 */
export function runnerPaths(check: Readonly<CheckSpec>, files: ReadonlySet<string>): string[] {
  const paths = new Set<string>()
  const usesNpmPath = check.kind === 'npm'
  for (const word of toolWords(commandsOf(check))) {
    if (word.includes('/')) {
      const explicit = /(?:^|\/)node_modules\/\.bin\//.test(word) ? joinRelative(check.cwd, word) : null
      if (explicit !== null) paths.add(explicit)
    } else if (usesNpmPath || check.kind === 'config') {
      for (const dir of ancestors(check.cwd)) paths.add(joinBin(dir, word))
    }
  }
  const lock = nearestLockfile(check, files)
  if (lock !== null) paths.add(lock)
  return [...paths].sort()
}

/** The command lines a check runs: its command, and for npm every script (one may call another). */
function commandsOf(check: Readonly<CheckSpec>): string[] {
  const commands = [check.command]
  if (check.kind !== 'npm' || typeof check.definition !== 'string') return commands
  try {
    const scripts = (JSON.parse(check.definition) as { scripts?: Record<string, unknown> }).scripts ?? {}
    for (const body of Object.values(scripts)) if (typeof body === 'string') commands.push(body)
  } catch {
    // A definition that is not JSON names no scripts.
  }
  return commands
}

/**
 * The first word of every simple command (after `VAR=value` assignments),
 * and the word a launcher (`npx x`, `pnpm exec x`) runs. Over-collecting is
 * harmless: a path that does not exist is fingerprinted as absent.
 */
export function toolWords(commands: readonly string[]): string[] {
  const words = new Set<string>()
  for (const command of commands) {
    for (const segment of command.split(/&&|\|\||[;|&()\n]/)) {
      const tokens = segment
        .trim()
        .split(/\s+/)
        .map((t) => t.replace(/^['"]|['"]$/g, ''))
        .filter((t) => t !== '' && !t.startsWith('-') && !/^[A-Za-z_]\w*=/.test(t))
      for (let i = 0; i < tokens.length; i++) {
        const word = tokens[i] as string
        if (/^[\w@.+/-]+$/.test(word)) words.add(word)
        // `npm exec x`, `pnpm dlx x`: the package manager's launcher runs the next word.
        if (PACKAGE_MANAGERS.has(word) && LAUNCHERS.has(tokens[i + 1] ?? '')) i++
        else if (!LAUNCHERS.has(word)) break
      }
    }
  }
  return [...words]
}

function ancestors(dir: string): string[] {
  const out: string[] = []
  for (let d: string | null = dir; d !== null; d = d === '' ? null : parentDir(d)) out.push(d)
  return out
}

function joinBin(dir: string, tool: string): string {
  return normaliseRelative(`${dir === '' ? '' : `${dir}/`}node_modules/.bin/${tool}`) ?? `node_modules/.bin/${tool}`
}

function nearestLockfile(check: Readonly<CheckSpec>, files: ReadonlySet<string>): string | null {
  for (const dir of ancestors(check.cwd)) {
    for (const name of LOCKFILES[check.kind] ?? []) {
      const path = dir === '' ? name : `${dir}/${name}`
      if (files.has(path)) return path
    }
  }
  return null
}

/** Paths whose fingerprint differs between two runners (either side absent: nothing to compare). */
export function runnerChanges(before: RunnerFingerprint | undefined, now: RunnerFingerprint | undefined): string[] {
  if (before === undefined || now === undefined) return []
  const keys = new Set([...Object.keys(before), ...Object.keys(now)])
  // A path one side does not list was absent there (a lock file that appeared).
  return [...keys].filter((k) => (before[k] ?? null) !== (now[k] ?? null)).sort()
}

/**
 * Files a shim script runs, relative to the shim's directory: npm's
 * cmd-shim and pnpm write `"$basedir/../pkg/bin.js"` (sh) and
 * `"%~dp0\..\pkg\bin.js"` (cmd) instead of a symlink. Only small texts are
 * shims.
 */
export function shimTargets(text: string): string[] {
  if (text.length > 16_384) return []
  const targets = new Set<string>()
  for (const m of text.matchAll(/"\$basedir\/([^"$]+)"/g)) targets.add(m[1] as string)
  for (const m of text.matchAll(/"%~?dp0%?\\([^"%]+)"/g)) targets.add((m[1] as string).replace(/\\/g, '/'))
  return [...targets].sort()
}
