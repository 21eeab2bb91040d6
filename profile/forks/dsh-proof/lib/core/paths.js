/**
 * Workspace-relative path handling. Every path the core stores is relative
 * to the workspace root, uses forward slashes and has no `.`/`..` segments,
 * whatever the host OS or the tool that reported it.
 */
/** Backslashes to forward slashes. */
export function toSlash(path) {
    return path.replace(/\\/g, '/');
}
const DRIVE = /^[A-Za-z]:(?:\/|$)/;
/** True for `/x`, `C:/x`, `C:\x` and UNC `//server/x`. */
export function isAbsolutePath(path) {
    const p = toSlash(path);
    return p.startsWith('/') || DRIVE.test(p);
}
/**
 * Normalise a relative path: slashes, `.` and `..` resolved, no leading or
 * trailing slash. Returns null when the path climbs above its root.
 */
export function normaliseRelative(path) {
    const out = [];
    for (const segment of toSlash(path).split('/')) {
        if (segment === '' || segment === '.')
            continue;
        if (segment === '..') {
            if (out.length === 0)
                return null;
            out.pop();
        }
        else {
            out.push(segment);
        }
    }
    return out.join('/');
}
/** A root in slash form without a trailing slash (`/` stays `/`, `C:\` → `C:`). */
export function normaliseRoot(root) {
    let r = toSlash(root);
    while (r.length > 1 && r.endsWith('/'))
        r = r.slice(0, -1);
    return r;
}
/**
 * The workspace-relative form of `path` (absolute in either slash style, or
 * already relative), or null when it lies outside the workspace. Drive-letter
 * roots compare case-insensitively, as Windows does.
 */
export function toWorkspacePath(path, workspaceRoot) {
    if (!isAbsolutePath(path))
        return normaliseRelative(path);
    const root = normaliseRoot(workspaceRoot);
    const abs = toSlash(path);
    const caseless = DRIVE.test(root);
    const head = abs.slice(0, root.length);
    const same = caseless ? head.toLowerCase() === root.toLowerCase() : head === root;
    if (!same)
        return null;
    const rest = abs.slice(root.length);
    if (rest !== '' && !rest.startsWith('/') && root !== '/')
        return null;
    return normaliseRelative(rest);
}
/** Parent directory of a relative path ('' for top-level entries). */
export function parentDir(path) {
    const i = path.lastIndexOf('/');
    return i < 0 ? '' : path.slice(0, i);
}
/** Join relative segments and normalise; null when the result escapes. */
export function joinRelative(dir, relative) {
    // Fast path for the common `./x` and `../x` specifiers: no split and join.
    let d = dir;
    let r = toSlash(relative);
    for (;;) {
        if (r.startsWith('./'))
            r = r.slice(2);
        else if (r.startsWith('../')) {
            if (d === '')
                return null;
            d = parentDir(d);
            r = r.slice(3);
        }
        else
            break;
    }
    const joined = d === '' ? r : r === '' ? d : `${d}/${r}`;
    return /(?:^|\/)\.\.?(?:\/|$)|\/\/|^\/|\/$/.test(joined) ? normaliseRelative(joined) : joined;
}
/** True when `path` is `dir` itself or lies below it ('' contains everything). */
export function isWithin(path, dir) {
    return dir === '' || path === dir || path.startsWith(`${dir}/`);
}
/** Final path segment. */
export function baseName(path) {
    return path.slice(path.lastIndexOf('/') + 1);
}
const GLOB = /[*?]/;
/**
 * A path pattern: without `*`/`?` it names a file or a directory prefix;
 * with them, `*` and `?` stay inside one segment and `**` spans segments.
 */
export function compilePattern(pattern) {
    const p = normaliseRelative(pattern) ?? '';
    if (!GLOB.test(p))
        return (path) => isWithin(path, p);
    let source = '';
    for (let i = 0; i < p.length; i++) {
        const c = p[i];
        if (c === '*' && p[i + 1] === '*') {
            const slash = p[i + 2] === '/';
            source += slash ? '(?:.*/)?' : '.*';
            i += slash ? 2 : 1;
        }
        else if (c === '*') {
            source += '[^/]*';
        }
        else if (c === '?') {
            source += '[^/]';
        }
        else {
            source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        }
    }
    const re = new RegExp(`^${source}(?:/.*)?$`);
    return (path) => re.test(path);
}
