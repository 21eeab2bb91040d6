/**
 * What the core may ask the host file system. The adapter implements it with
 * node:fs; tests give it a table.
 */
export interface HostView {
  /** The canonical path (symlinks resolved) of an existing path, undefined when missing. */
  realpath(path: string): string | undefined;
  /** A filesystem identity (device and inode) of an existing path, undefined when missing. */
  identity(path: string): string | undefined;
  /** Whether this user may read, write or search `path`: `ok`, `missing`, `refused` or `other`. */
  access(path: string, mode: 'r' | 'w' | 'x'): 'ok' | 'missing' | 'refused' | 'other';
}

/** The canonical form of a possibly missing path: the deepest existing ancestor resolved, the rest kept. */
export function canonicalTarget(host: HostView, path: string): string {
  const missing: string[] = [];
  let ancestor = path;
  for (;;) {
    const real = host.realpath(ancestor);
    if (real !== undefined) return missing.length === 0 ? real : `${real === '/' ? '' : real}/${missing.join('/')}`;
    const cut = ancestor.lastIndexOf('/');
    if (cut < 0 || ancestor === '/') return path;
    missing.unshift(ancestor.slice(cut + 1));
    ancestor = cut === 0 ? '/' : ancestor.slice(0, cut);
  }
}
