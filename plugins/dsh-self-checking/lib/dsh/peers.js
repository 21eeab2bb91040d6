import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
/**
 * Import `specifier` as seen from the profile directory; from this package
 * when the context has no loader base (plain Cordis, as in unit tests).
 */
export async function importPeer(ctx, specifier) {
    const base = ctx.baseUrl;
    if (typeof base !== 'string' && !(base instanceof URL))
        return (await import(specifier));
    const resolved = createRequire(new URL('./profile-resolution', base)).resolve(specifier);
    return (await import(pathToFileURL(resolved).href));
}
/** Read one export of a peer module, refusing anything that is not a function (a class or a helper). */
export function peerExport(module, name, specifier) {
    const value = module[name];
    if (typeof value !== 'function')
        throw new Error(`${specifier} no longer exports ${name}()`);
    return value;
}
