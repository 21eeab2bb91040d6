/**
 * Regression attribution: which changed files can explain a failing check,
 * most likely first, and whether the session or an outside writer is the
 * plausible cause. Pure: the import graph, the change set's origins and the
 * check's output in, a ranking out.
 */
import { compareCodeUnits } from './canonical.js';
import { dependencyDistances } from './graph.js';
import { sourceLanguage } from './imports.js';
import { joinRelative } from './paths.js';
import { isProse } from './selection.js';
/**
 * Rank the suspects of one failing check. The files the output names (the
 * failing test, a stack frame) are where the failure surfaced; a changed
 * file those files import, directly or transitively, can explain it, the
 * nearest first. Changed files the check cannot reach at all (outside its
 * reach, or prose the output does not name) are left out.
 */
export function rankSuspects(input) {
    const named = pathsNamed(input.excerpt, input.cwd);
    const candidates = input.reach.filter((f) => !isProse(f) || named.has(f));
    const entries = input.graph === null ? [] : [...named].filter((p) => input.graph?.ids.has(p) === true);
    const distance = entries.length === 0 || input.graph === null ? new Map() : dependencyDistances(input.graph, entries);
    const depthOf = (f) => (named.has(f) ? 0 : distance.get(f));
    const rank = (files) => {
        const pool = candidates.filter((f) => files.includes(f));
        return pool.sort((a, b) => (depthOf(a) ?? Infinity) - (depthOf(b) ?? Infinity) || compareCodeUnits(a, b));
    };
    const suspects = rank(input.session);
    const externalSuspects = rank(input.external);
    // The session is cleared only on positive evidence: the failure surfaced
    // in files the graph can follow, it reaches an external change, and it
    // reaches none of the session's (a file the graph cannot see through, such
    // as a fixture or a deleted module, stays a plausible cause).
    const graph = input.graph;
    const opaque = (f) => graph === null || !graph.ids.has(f) || sourceLanguage(f) === null;
    const sessionPlausible = suspects.some((f) => depthOf(f) !== undefined || opaque(f));
    const externalReached = externalSuspects.some((f) => depthOf(f) !== undefined);
    const cause = entries.length > 0 && externalReached && !sessionPlausible ? 'external' : 'session';
    return { suspects, externalSuspects, cause };
}
/**
 * A path in runner output: optionally behind the canonical workspace root,
 * then slash-separated segments ending in a file extension.
 */
const PATH_TOKEN = /(\$WORKSPACE\/)?((?:\.{1,2}\/)*(?:[\w@+-][\w@.+-]*\/)*[\w@+-][\w@.+-]*\.[A-Za-z]\w*)/g;
/**
 * Workspace-relative paths the output names: `$WORKSPACE/…` spellings, and
 * relative ones read from the check's directory or the workspace root. A
 * token that continues a longer path (`/usr/lib/x.js`) is not relative.
 */
export function pathsNamed(excerpt, cwd) {
    const out = new Set();
    for (const match of excerpt.matchAll(PATH_TOKEN)) {
        const before = excerpt[(match.index ?? 0) - 1];
        const path = match[2];
        if (match[1] !== undefined) {
            out.add(path);
            continue;
        }
        if (before !== undefined && /[/\\.$\w]/.test(before))
            continue;
        for (const dir of cwd === '' ? [''] : [cwd, '']) {
            const resolved = joinRelative(dir, path);
            if (resolved !== null)
                out.add(resolved);
        }
    }
    return out;
}
