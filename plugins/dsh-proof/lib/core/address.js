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
    let out = replaceRoot(text, roots.workspace, '$WORKSPACE');
    if (roots.home !== null)
        out = replaceRoot(out, roots.home, '$HOME');
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
