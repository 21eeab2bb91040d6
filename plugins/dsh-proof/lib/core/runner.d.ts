/**
 * What a check executes beyond its declared definition: the tool binaries
 * its commands resolve to and the lock file that pins them. Both usually
 * lie outside git's view (`node_modules/` is ignored), so a shim written
 * there by a shell (`node_modules/.bin/mocha` = `exit 0`) would make a
 * broken check pass without a trace in the change set. Pure: this module
 * names the paths to fingerprint; the IO layer hashes them.
 */
import type { CheckSpec, RunnerFingerprint } from './check-spec.js';
/**
 * The paths whose content decides what `check` executes: for every tool
 * word of its commands, `node_modules/.bin/<tool>` in its directory and each
 * ancestor (npm puts all of them on PATH, nearest first, so one that does
 * not exist yet counts too: creating it shadows the real tool), explicit
 * `node_modules/.bin/…` paths, and the nearest lock file. `files` are the
 * workspace files git lists (lock files are among them).
 */
export declare function runnerPaths(check: Readonly<CheckSpec>, files: ReadonlySet<string>): string[];
/**
 * The first word of every simple command (after `VAR=value` assignments),
 * and the word a launcher (`npx x`, `pnpm exec x`) runs. Over-collecting is
 * harmless: a path that does not exist is fingerprinted as absent.
 */
export declare function toolWords(commands: readonly string[]): string[];
/** Paths whose fingerprint differs between two runners (either side absent: nothing to compare). */
export declare function runnerChanges(before: RunnerFingerprint | undefined, now: RunnerFingerprint | undefined): string[];
/**
 * Files a shim script runs, relative to the shim's directory: npm's
 * cmd-shim and pnpm write `"$basedir/../pkg/bin.js"` (sh) and
 * `"%~dp0\..\pkg\bin.js"` (cmd) instead of a symlink. Only small texts are
 * shims.
 */
export declare function shimTargets(text: string): string[];
