/**
 * Whether `name` matches `pattern`, where `*` stands for any run of
 * characters (also none) and every other character matches itself.
 * Matching is case-sensitive: tool names are identifiers.
 */
export function matchesWildcard(pattern, name) {
    const parts = pattern.split('*');
    if (parts.length === 1)
        return pattern === name;
    const first = parts[0] ?? '';
    const last = parts[parts.length - 1] ?? '';
    if (!name.startsWith(first))
        return false;
    if (name.length - first.length < last.length || !name.endsWith(last))
        return false;
    let at = first.length;
    const end = name.length - last.length;
    for (let i = 1; i < parts.length - 1; i += 1) {
        const part = parts[i] ?? '';
        const found = name.indexOf(part, at);
        if (found < 0 || found + part.length > end)
            return false;
        at = found + part.length;
    }
    return at <= end;
}
/** Whether `name` matches any of `patterns` (see {@link matchesWildcard}). */
export function matchesAnyWildcard(patterns, name) {
    return patterns.some((pattern) => matchesWildcard(pattern, name));
}
