/**
 * The rc.8 packages this bundle subclasses are imported the way the profile
 * imports its own rows: resolved from the profile directory (the loader's
 * `baseUrl`), so they are the very module instances the host uses, whether
 * the bundle was added as a tarball, as `file:<dir>` or as a bare directory
 * (which pnpm links, and from where Node would find other copies or none).
 */
import type { Context } from '@deepseek-ai/cordis';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Import `specifier` as seen from the profile directory; from this package
 * when the context has no loader base (plain Cordis, as in unit tests).
 */
export async function importPeer(ctx: Context, specifier: string): Promise<Record<string, unknown>> {
  const base = (ctx as unknown as { baseUrl?: unknown }).baseUrl;
  if (typeof base !== 'string' && !(base instanceof URL)) return (await import(specifier)) as Record<string, unknown>;
  const resolved = createRequire(new URL('./profile-resolution', base)).resolve(specifier);
  return (await import(pathToFileURL(resolved).href)) as Record<string, unknown>;
}

/** Read one export of a peer module, refusing anything that is not a function (a class or a helper). */
export function peerExport<T>(module: Record<string, unknown>, name: string, specifier: string): T {
  const value = module[name];
  if (typeof value !== 'function') throw new Error(`${specifier} no longer exports ${name}()`);
  return value as T;
}
