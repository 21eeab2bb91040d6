/**
 * Import extraction per language, by pattern rather than by parser: fast and
 * dependency-free, and every construct it cannot pin down is reported as
 * uncertain so the impact analysis can widen instead of guessing.
 */
const JS_EXT = /\.(?:[cm]?[jt]sx?)$/;
const PY_EXT = /\.pyi?$/;
/** The language of a source file, or null for files with no import graph. */
export function sourceLanguage(path) {
    if (JS_EXT.test(path) || path.endsWith('.vue') || path.endsWith('.svelte'))
        return 'js';
    if (PY_EXT.test(path))
        return 'python';
    if (path.endsWith('.go'))
        return 'go';
    if (path.endsWith('.rs'))
        return 'rust';
    return null;
}
export function extractImports(language, text) {
    switch (language) {
        case 'js':
            return jsImports(text);
        case 'python':
            return pythonImports(text);
        case 'go':
            return goImports(text);
        case 'rust':
            return rustImports(text);
    }
}
// `import x from 'y'`, `import {\n a,\n b\n} from "y"`, `export * from 'y'`,
// `import type { T } from 'y'`, `import 'y'`: the clause between the keyword
// and `from` may span lines but never contains a quote or a semicolon.
const JS_STATIC = /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s*from\s*)?(['"])([^'"\n]+)\1/g;
const JS_CALL = /(?:\bimport|\brequire(?:\.resolve)?)\s*\(\s*(?:(['"])([^'"\n]+)\1|`([^`]*)`|([^)'"`\s][^)]*))\s*[,)]/g;
function jsImports(text) {
    // Comments are not stripped: a commented-out import only widens the
    // selection, while a comment stripper fooled by '/*' in a string could hide
    // a real import.
    const code = text;
    const specifiers = new Set();
    const prefixes = new Set();
    let opaque = false;
    if (!code.includes('import') && !code.includes('export') && !code.includes('require'))
        return { specifiers: [], prefixes: [], opaque };
    for (const m of code.matchAll(JS_STATIC))
        specifiers.add(m[2]);
    for (const m of code.matchAll(JS_CALL)) {
        if (m[2] !== undefined)
            specifiers.add(m[2]);
        else if (m[3] !== undefined) {
            const hole = m[3].indexOf('${');
            if (hole < 0)
                specifiers.add(m[3]);
            else
                prefixes.add(m[3].slice(0, hole));
        }
        else
            opaque = true;
    }
    return { specifiers: [...specifiers], prefixes: [...prefixes], opaque };
}
const PY_IMPORT = /^[ \t]*import[ \t]+([\w. \t,]+)/gm;
const PY_FROM = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)/gm;
const PY_DYNAMIC = /\b(?:importlib\.import_module|__import__)\s*\(\s*(?:(['"])([\w.]+)\1|[^)'"])/g;
function pythonImports(text) {
    const specifiers = new Set();
    let opaque = false;
    for (const m of text.matchAll(PY_IMPORT)) {
        for (const part of m[1].split(',')) {
            const name = part.trim().split(/\s+/)[0];
            if (name)
                specifiers.add(name);
        }
    }
    for (const m of text.matchAll(PY_FROM)) {
        const base = m[1];
        const names = m[2].replace(/[()]/g, ' ').split(',');
        specifiers.add(base);
        for (const part of names) {
            const name = part.trim().split(/\s+/)[0];
            // `from pkg import mod` may name a submodule: record `pkg.mod` too.
            if (name && name !== '*' && /^\w+$/.test(name))
                specifiers.add(base.endsWith('.') ? `${base}${name}` : `${base}.${name}`);
        }
    }
    for (const m of text.matchAll(PY_DYNAMIC)) {
        if (m[2] !== undefined)
            specifiers.add(m[2]);
        else
            opaque = true;
    }
    return { specifiers: [...specifiers], prefixes: [], opaque };
}
const GO_SINGLE = /^\s*import\s+(?:[\w.]+\s+)?"([^"]+)"/gm;
const GO_BLOCK = /^\s*import\s*\(([^)]*)\)/gm;
function goImports(text) {
    const specifiers = new Set();
    for (const m of text.matchAll(GO_SINGLE))
        specifiers.add(m[1]);
    for (const m of text.matchAll(GO_BLOCK)) {
        for (const q of m[1].matchAll(/"([^"]+)"/g))
            specifiers.add(q[1]);
    }
    return { specifiers: [...specifiers], prefixes: [], opaque: false };
}
const RS_MOD = /^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/gm;
const RS_USE = /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:use|extern\s+crate)\s+(?:::)?([\w:]+)/gm;
/** Rust: `mod x;` as `mod:x`, `use a::b` as `use:a::b`. */
function rustImports(text) {
    const specifiers = new Set();
    for (const m of text.matchAll(RS_MOD))
        specifiers.add(`mod:${m[1]}`);
    for (const m of text.matchAll(RS_USE))
        specifiers.add(`use:${m[1]}`);
    return { specifiers: [...specifiers], prefixes: [], opaque: false };
}
