import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { parsePorcelainZ } from '../core/provenance.js';
import { fileFingerprint, stateOf, unknownReading } from '../core/workspace-state.js';
import { reroot, runGit } from './node-git.js';
/** A git call slower than this makes the reading unknown (and later ones are not tried). */
export const STATE_TIMEOUT_MS = 2000;
/** More dirty and untracked paths than this make the reading unknown (and later ones are not tried). */
export const STATE_MAX_ENTRIES = 5000;
/** Paths stat-ed at once. */
const STAT_BATCH = 128;
/**
 * Readings through `git status --porcelain=v1 -z --untracked-files=all`,
 * `git rev-parse HEAD` and one `lstat` per listed path: the cost grows with
 * the repository's file count (git's stat of tracked files) and the number
 * of dirty paths, never with file sizes. A workspace over a bound (time or
 * dirty paths) stays unknown for the rest of the process, so a huge
 * repository pays the bound once, not on every shell call.
 */
export function nodeWorkspaceState(workspace, options = {}) {
    const timeoutMs = options.timeoutMs ?? STATE_TIMEOUT_MS;
    const maxEntries = options.maxEntries ?? STATE_MAX_ENTRIES;
    const git = (args) => runGit(workspace, args, { timeoutMs, ...(options.gitBinary === undefined ? {} : { gitBinary: options.gitBinary }) });
    // A workspace's place in its repository does not change; a missing one may appear (git init).
    let prefix = null;
    let overBound = null;
    const read = async () => {
        if (prefix === null) {
            const shown = await git(['rev-parse', '--show-prefix']);
            if (shown?.timedOut)
                return (overBound = unknownReading('timeout'));
            if (shown === null || shown.code !== 0)
                return unknownReading('no-git');
            prefix = shown.stdout.trim();
        }
        const [head, status] = await Promise.all([
            git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']),
            git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.']),
        ]);
        if (head?.timedOut || status?.timedOut)
            return (overBound = unknownReading('timeout'));
        if (status === null || status.code !== 0 || head === null)
            return unknownReading('git-failed');
        let entries;
        try {
            entries = reroot(parsePorcelainZ(status.stdout), prefix);
        }
        catch {
            return unknownReading('git-failed');
        }
        if (entries.length > maxEntries)
            return (overBound = unknownReading('too-large'));
        const fingerprints = await fingerprintsOf(workspace, entries.map((entry) => entry.path));
        // `rev-parse --verify` fails before the first commit: no HEAD yet.
        return { kind: 'known', state: stateOf(head.code === 0 ? head.stdout.trim() : null, entries, (path) => fingerprints.get(path) ?? null) };
    };
    return { read: () => (overBound === null ? read() : Promise.resolve(overBound)) };
}
async function fingerprintsOf(workspace, paths) {
    const out = new Map();
    for (let i = 0; i < paths.length; i += STAT_BATCH) {
        const batch = paths.slice(i, i + STAT_BATCH);
        const stats = await Promise.all(batch.map((path) => statOf(join(workspace, ...path.split('/')))));
        batch.forEach((path, k) => out.set(path, stats[k]));
    }
    return out;
}
async function statOf(path) {
    try {
        const info = await lstat(path, { bigint: true });
        const type = info.isFile() ? 'file' : info.isSymbolicLink() ? 'symlink' : info.isDirectory() ? 'directory' : 'other';
        return fileFingerprint({ type, size: info.size, mtimeNs: info.mtimeNs, ctimeNs: info.ctimeNs, ino: info.ino, mode: info.mode });
    }
    catch (error) {
        const code = error?.code;
        // Gone (deleted, or a parent replaced by a file) is "nothing there"; anything else is still a state.
        return code === 'ENOENT' || code === 'ENOTDIR' ? null : `unreadable:${String(code)}`;
    }
}
