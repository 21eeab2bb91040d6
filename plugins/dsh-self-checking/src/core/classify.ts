/**
 * Judges one settled Self Checking probe (a command that ran under
 * workspace-write). An interception needs a line with the backend's denial
 * signature that names a path outside the writable roots; any other failure
 * unlocks only with permission-like evidence. An EACCES the host's own
 * permissions explain, on a path the backend grants, is ordinary: Landlock
 * reports its denials with the same errno, so the text alone cannot decide.
 */
import { canonicalTarget, type HostView } from './host.js';
import { isUnder, parentOf, resolvePath } from './paths.js';

/** How a settled probe is judged; undefined is a plain result. */
export type Verdict = 'intercepted' | 'failed' | 'ordinary';

/** The exit facts of a settled probe. */
export interface ProbeOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut?: boolean;
  aborted?: boolean;
  stderr: string;
}

/** What the probe ran under. */
export interface ProbeFacts {
  /** The backend's denial texts (`Read-only file system` for bwrap, `Permission denied` for Landlock). */
  denialSignatures: readonly string[];
  /** The absolute directory the command ran in. */
  workdir: string;
  /** The canonical workspace-write roots of the call (workspace, /tmp, the platform temp dir). */
  writableRoots: readonly string[];
  /** The canonical workspace root. */
  workspaceRoot: string;
}

const PERMISSION_EVIDENCE = ['permission denied', 'operation not permitted', 'read-only file system', 'access is denied', 'access to the path', 'eacces', 'eperm', 'erofs'];
const EACCES_TEXTS = ['permission denied', 'eacces', 'access is denied', 'access to the path'];
const QUOTED = /[‘'"`]([^‘’'"`\r\n]+)[’'"`]/gu;
const PATH_WORD = /^(?:\/|\.\.?\/)/u;
const BARE_OPERAND = /^\S*[/.]\S*$/u;
/** Linux SIGRTMAX: a 128+N status above it is an ordinary exit code. */
const MAX_SIGNAL = 64;

/**
 * The paths one diagnostic line names, resolved against the workdir. A
 * `: `-separated segment that starts with a path is one path (spaces kept);
 * a one-word segment before the reason is a perror operand even when bare
 * relative; the reporting shell before a script location (`/bin/sh: 1: …`)
 * is skipped.
 */
export function diagnosticPaths(line: string, workdir: string): string[] {
  const spelled: string[] = [];
  for (const match of line.matchAll(QUOTED)) spelled.push(match[1] ?? '');
  const segments = line
    .replace(QUOTED, ' ')
    .split(/:\s/u)
    .map((segment) => segment.trim());
  const scriptLocation = /^(?:line )?\d+$/u.test(segments[1] ?? '');
  segments.forEach((segment, index) => {
    if (index === 0 && scriptLocation) return;
    if (PATH_WORD.test(segment)) spelled.push(segment.replace(/[,;:]+$/u, ''));
    else if (index > 0 && index < segments.length - 1 && BARE_OPERAND.test(segment)) spelled.push(segment);
    else for (const word of segment.split(/\s+/u)) if (PATH_WORD.test(word)) spelled.push(word.replace(/[,;:]+$/u, ''));
  });
  return spelled.filter((path) => path.trim().length > 0).map((path) => resolvePath(workdir, path));
}

/** Whether `path` (possibly missing) is under one of the canonical `roots`, by name or by filesystem identity. */
export function isUnderRoots(host: HostView, path: string, roots: readonly string[]): boolean {
  const target = canonicalTarget(host, path);
  for (const root of roots) {
    if (isUnder(target, root)) return true;
    const rootId = host.identity(root);
    if (rootId === undefined) continue;
    for (let ancestor = target; ; ancestor = parentOf(ancestor)) {
      if (host.identity(ancestor) === rootId) return true;
      if (ancestor === '/') break;
    }
  }
  return false;
}

/** Whether the host itself refuses `path` to this user (it, or the nearest existing ancestor of a missing path). */
function hostRefuses(host: HostView, path: string): boolean {
  let modes: Array<'r' | 'w' | 'x'> = ['r', 'w', 'x'];
  for (let probe = path; ; probe = parentOf(probe)) {
    const answers = modes.map((mode) => host.access(probe, mode));
    if (!answers.includes('missing')) return answers.includes('refused');
    if (probe === '/') return false;
    modes = ['w', 'x'];
  }
}

/** A host /tmp path that bwrap's private tmpfs hid from the probe. */
function isHiddenHostTmp(host: HostView, path: string): boolean {
  if (path === '/tmp' || !isUnder(path, '/tmp')) return false;
  const parent = parentOf(path);
  return host.realpath(path) !== undefined || (parent !== '/tmp' && host.realpath(parent) !== undefined);
}

/**
 * Judge one settled probe. Timeouts, signal deaths (also as a 128+N status),
 * aborts and exit 0 are never judged: they unlock nothing.
 */
export function classifyProbe(host: HostView, outcome: ProbeOutcome, facts: ProbeFacts): Verdict | undefined {
  const { exitCode } = outcome;
  if (outcome.timedOut === true || outcome.aborted === true || outcome.signal !== null) return undefined;
  if (exitCode === null || exitCode === 0 || (exitCode > 128 && exitCode <= 128 + MAX_SIGNAL)) return undefined;
  const signatures = facts.denialSignatures.map((text) => text.toLowerCase()).filter((text) => text.trim().length > 0);
  const privateTmp = signatures.includes('read-only file system');
  const granted = [...new Set((privateTmp ? [facts.workspaceRoot] : [facts.workspaceRoot, '/tmp']).map((root) => canonicalTarget(host, root)))];
  let evidence = false;
  let ordinary = false;
  for (const line of outcome.stderr.split(/\r?\n/u)) {
    const lowered = line.toLowerCase();
    const denial = signatures.some((signature) => lowered.includes(signature));
    const paths = diagnosticPaths(line, facts.workdir);
    if (denial && paths.some((path) => !isUnderRoots(host, path, facts.writableRoots))) return 'intercepted';
    if (denial || PERMISSION_EVIDENCE.some((text) => lowered.includes(text))) {
      const explained = EACCES_TEXTS.some((text) => lowered.includes(text)) && paths.every((path) => isUnderRoots(host, path, granted)) && paths.some((path) => hostRefuses(host, path));
      if (explained) ordinary = true;
      else evidence = true;
    } else if (privateTmp && lowered.includes('no such file or directory') && paths.some((path) => isHiddenHostTmp(host, path))) {
      evidence = true;
    }
  }
  if (evidence) return 'failed';
  return ordinary ? 'ordinary' : undefined;
}
