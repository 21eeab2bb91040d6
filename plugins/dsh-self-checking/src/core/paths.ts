/**
 * POSIX path helpers for the pure core (it imports nothing but itself). The
 * route is proven on Linux; the adapter refuses other platforms.
 */

/** Normalize an absolute path: collapse `.`, `..` and repeated separators. */
export function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** Resolve `path` against the absolute directory `base`. */
export function resolvePath(base: string, path: string): string {
  return normalize(path.startsWith('/') ? path : `${base}/${path}`);
}

/** The parent of a normalized absolute path (`/` is its own parent). */
export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** Whether the normalized `path` is `root` or lies beneath it. */
export function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(root === '/' ? '/' : `${root}/`);
}
