import { compareCodeUnits } from './canonical.js';
/**
 * A cheap fingerprint of a path's content. Any write to a file moves its
 * change time (ctime), which no unprivileged program can set back, so
 * equal fingerprints mean unchanged bytes without reading them; a metadata
 * change (chmod, touch) also counts, erring towards "changed".
 */
export function fileFingerprint(stat) {
    if (stat === null)
        return null;
    return [stat.type, stat.size, stat.mtimeNs, stat.ctimeNs, stat.ino, stat.mode].join(':');
}
/** A reading from `git status` entries and the fingerprint of each path. */
export function stateOf(head, status, fingerprintOf) {
    const entries = {};
    for (const entry of [...status].sort((a, b) => compareCodeUnits(a.path, b.path))) {
        const fingerprint = fingerprintOf(entry.path);
        entries[entry.path] = entry.from === undefined ? { xy: entry.xy, fingerprint } : { xy: entry.xy, from: entry.from, fingerprint };
    }
    return { head, entries };
}
export const unknownReading = (reason) => ({ kind: 'unknown', reason });
/**
 * Compare the readings taken before and after a call. A path counts as
 * changed when it appeared in or left git's view, or its status letters,
 * rename source or fingerprint differ; a moved HEAD (a commit, a reset, a
 * checkout) counts even when the status is the same. An unknown reading on
 * either side makes the answer unknown.
 */
export function diffReadings(before, after) {
    if (before.kind === 'unknown')
        return before;
    if (after.kind === 'unknown')
        return after;
    const headMoved = before.state.head !== after.state.head;
    const paths = changedPaths(before.state.entries, after.state.entries);
    return headMoved || paths.length > 0 ? { kind: 'changed', headMoved, paths } : { kind: 'unchanged' };
}
function changedPaths(before, after) {
    const changed = new Set();
    for (const path of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const a = before[path];
        const b = after[path];
        if (a !== undefined && b !== undefined && sameEntry(a, b))
            continue;
        changed.add(path);
        // A rename moved bytes away from its source too.
        for (const from of [a?.from, b?.from])
            if (from !== undefined)
                changed.add(from);
    }
    return [...changed].sort(compareCodeUnits);
}
function sameEntry(a, b) {
    return a.xy === b.xy && a.from === b.from && a.fingerprint === b.fingerprint;
}
