/**
 * Canonical addressing: the same failure gets the same evidence id on any
 * machine. Before output is hashed, the workspace root becomes `$WORKSPACE`
 * and then the home directory `$HOME` (workspace first, because it usually
 * lies inside home), each in forward-slash, backslash and JSON-escaped
 * backslash spelling, so neither a checkout location nor a username enters
 * a record.
 */
/** Replace workspace and home roots in `text` by `$WORKSPACE` / `$HOME`. */
export function canonicaliseText(text, roots) {
    // Longer roots first, so a root never leaves part of a longer alias behind.
    const workspaces = [roots.workspace, ...(roots.workspaceAliases ?? [])].sort((a, b) => b.length - a.length);
    let out = text;
    for (const root of workspaces)
        out = replaceRoot(out, root, '$WORKSPACE');
    if (roots.home !== null)
        out = replaceRoot(out, roots.home, '$HOME');
    return out;
}
/**
 * Test runners print how long things took; a timing is not part of what
 * failed, and leaving it in would give one failure a new address on every
 * run. Only the runners' own timing spellings are replaced (by `<time>`), not
 * durations inside assertion messages.
 */
const TIMINGS = [
    [/^(\s*#?\s*duration_ms:?\s+)\d+(?:\.\d+)?\s*$/gm, '$1<time>'], // node:test (TAP and spec)
    [/^(\s*(?:[✔✖]|ok|not ok)\b.*\()\d+(?:\.\d+)?\s?m?s(\)\s*)$/gm, '$1<time>$2'], // node:test spec, mocha, jest
    [/^(Ran \d+ tests? in )\d+(?:\.\d+)?s$/gm, '$1<time>'], // unittest
    [/^(=+ .* in )\d+(?:\.\d+)?s( \(\d+:\d+:\d+\))?( =+)$/gm, '$1<time>$3'], // pytest summary
    [/^((?:ok|FAIL|---\s+(?:PASS|FAIL):)\s+.*?\s\(?)\d+(?:\.\d+)?s(\)?)$/gm, '$1<time>$2'], // go test
    [/(; finished in )\d+(?:\.\d+)?s$/gm, '$1<time>'], // cargo test
    [/^(Time:\s+)\d+(?:\.\d+)?\s*m?s.*$/gm, '$1<time>'], // jest
    [/^(\s*Duration\s+)\d+(?:\.\d+)?m?s.*$/gm, '$1<time>'], // vitest
];
export function canonicaliseTimings(text) {
    let out = text;
    for (const [re, replacement] of TIMINGS)
        out = out.replace(re, replacement);
    return out;
}
function replaceRoot(text, root, token) {
    const slash = root.replace(/\\/g, '/').replace(/\/+$/, '');
    // A bare `/` or drive root would swallow every absolute path: skip it.
    if (slash === '' || /^[A-Za-z]:$/.test(slash))
        return text;
    const spellings = new Set([slash, slash.replace(/\//g, '\\'), slash.replace(/\//g, '\\\\')]);
    const alternatives = [...spellings]
        .sort((a, b) => b.length - a.length)
        .map((s) => escapeRegExp(s).replace(/^([A-Za-z]):/, (_m, d) => `[${d.toLowerCase()}${d.toUpperCase()}]:`));
    // The root must end at a path boundary: /home/al must not match /home/alice.
    const re = new RegExp(`(?:${alternatives.join('|')})(?![A-Za-z0-9_.\\-])`, 'g');
    return text.replace(re, token);
}
function escapeRegExp(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
