/** The canonical form of a possibly missing path: the deepest existing ancestor resolved, the rest kept. */
export function canonicalTarget(host, path) {
    const missing = [];
    let ancestor = path;
    for (;;) {
        const real = host.realpath(ancestor);
        if (real !== undefined)
            return missing.length === 0 ? real : `${real === '/' ? '' : real}/${missing.join('/')}`;
        const cut = ancestor.lastIndexOf('/');
        if (cut < 0 || ancestor === '/')
            return path;
        missing.unshift(ancestor.slice(cut + 1));
        ancestor = cut === 0 ? '/' : ancestor.slice(0, cut);
    }
}
