import { extractImports, sourceLanguage } from './imports.js';
import { baseName, joinRelative, parentDir } from './paths.js';
const DIR = '\u0000dir:';
const STEM = '\u0000stem:';
const JS_CANDIDATE_EXTS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.vue', '.svelte'];
const JS_SWAP = {
    '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'],
};
class GraphBuilder {
    nodes;
    ids = new Map();
    /** Edge k: node `edgeFrom[k]` depends on node `edgeTo[k]`. */
    edgeFrom = [];
    edgeTo = [];
    referencedDirs = new Set();
    stems = new Set();
    widened = new Set();
    constructor(files) {
        this.nodes = [...files];
        for (let i = 0; i < this.nodes.length; i++)
            this.ids.set(this.nodes[i], i);
    }
    idOf(name) {
        let id = this.ids.get(name);
        if (id === undefined) {
            id = this.nodes.length;
            this.nodes.push(name);
            this.ids.set(name, id);
        }
        return id;
    }
    /** `from` depends on `to`. */
    edge(from, to) {
        if (from === to)
            return;
        this.edgeFrom.push(this.idOf(from));
        this.edgeTo.push(this.idOf(to));
    }
    dependsOnDir(from, dir) {
        this.referencedDirs.add(dir);
        this.edge(from, DIR + dir);
    }
    dependsOnMissing(from, path) {
        const stem = stripExtension(path);
        this.stems.add(stem);
        this.edge(from, STEM + stem);
    }
}
export function buildImportGraph(input) {
    const ws = scanWorkspace(input);
    const g = new GraphBuilder(input.files);
    for (const file of input.files) {
        const language = sourceLanguage(file);
        if (language === null)
            continue;
        const text = input.read(file);
        if (text === null)
            continue;
        const refs = extractImports(language, text);
        if (language === 'js')
            linkJs(g, ws, file, refs);
        else if (language === 'python')
            linkPython(g, ws, file, refs);
        else if (language === 'go')
            linkGo(g, ws, file, refs);
        else
            linkRust(g, ws, file, refs);
    }
    for (const [from, to] of input.resolvedEdges ?? [])
        if (ws.files.has(from) && ws.files.has(to))
            g.edge(from, to);
    linkTestsToSubjects(g, input.files);
    linkPseudoNodes(g, input.files);
    return compile(g, input.files);
}
/** Flat arrays (compressed adjacency): closures then run without string hashing. */
function compile(g, files) {
    const count = g.nodes.length;
    const offsets = new Int32Array(count + 1);
    for (const to of g.edgeTo)
        offsets[to + 1] = offsets[to + 1] + 1;
    for (let i = 0; i < count; i++)
        offsets[i + 1] = offsets[i + 1] + offsets[i];
    const fill = offsets.slice(0, count);
    const targets = new Int32Array(g.edgeTo.length);
    for (let k = 0; k < g.edgeTo.length; k++) {
        const to = g.edgeTo[k];
        targets[fill[to]] = g.edgeFrom[k];
        fill[to] = fill[to] + 1;
    }
    return { nodes: g.nodes, ids: g.ids, offsets, targets, fileCount: files.length, edgeCount: g.edgeTo.length, widened: [...g.widened].sort() };
}
/** True when node `id` is a real file (not a pseudo node). */
export function isFileNode(graph, id) {
    return !graph.nodes[id].startsWith('\u0000');
}
/**
 * Ids of every node that depends on a seed, directly or transitively, seeds
 * included (seeds absent from the graph, e.g. deleted files, contribute their
 * `stem` node only). `stamp`/`epoch` let callers reuse one visited array
 * across many closures without clearing it.
 */
export function closureIds(graph, seeds, visited) {
    const stamp = visited?.stamp ?? new Int32Array(graph.nodes.length);
    const epoch = visited?.epoch ?? 1;
    const queue = [];
    const push = (id) => {
        if (id === undefined || stamp[id] === epoch)
            return;
        stamp[id] = epoch;
        queue.push(id);
    };
    for (const seed of seeds) {
        push(graph.ids.get(seed));
        push(graph.ids.get(STEM + stripExtension(seed)));
        if (/(?:^|\/)(?:index|__init__|mod)\.[^/]+$/.test(seed))
            push(graph.ids.get(STEM + stripExtension(parentDir(seed))));
    }
    const { offsets, targets } = graph;
    for (let i = 0; i < queue.length; i++) {
        const id = queue[i];
        for (let k = offsets[id], end = offsets[id + 1]; k < end; k++)
            push(targets[k]);
    }
    return queue;
}
/**
 * Every file that depends on a seed, directly or transitively, seeds
 * included. Deleted or renamed seeds reach their importers through `stem`
 * nodes.
 */
export function dependentClosure(graph, seeds) {
    const list = [...seeds];
    const files = new Set();
    for (const id of closureIds(graph, list))
        if (isFileNode(graph, id))
            files.add(graph.nodes[id]);
    // A seed that is not in the graph (a deleted file) is still part of its own closure.
    for (const seed of list)
        files.add(seed);
    return files;
}
function scanWorkspace(input) {
    const npmPackages = new Map();
    const packageDirs = new Set();
    const goModules = [];
    const crates = new Map();
    const crateDirs = new Set();
    const pyModules = new Map();
    for (const file of input.files) {
        const name = baseName(file);
        const dir = parentDir(file);
        if (name === 'package.json' && !/(?:^|\/)node_modules\//.test(file)) {
            packageDirs.add(dir);
            const pkgName = /"name"\s*:\s*"([^"]+)"/.exec(input.read(file) ?? '')?.[1];
            if (pkgName !== undefined)
                npmPackages.set(pkgName, dir);
        }
        else if (name === 'go.mod') {
            const mod = /^\s*module\s+(\S+)/m.exec(input.read(file) ?? '')?.[1];
            if (mod !== undefined)
                goModules.push([mod, dir]);
        }
        else if (name === 'Cargo.toml') {
            crateDirs.add(dir);
            const crate = /^\s*\[package\][^[]*?^\s*name\s*=\s*"([^"]+)"/ms.exec(input.read(file) ?? '')?.[1];
            if (crate !== undefined)
                crates.set(crate.replace(/-/g, '_'), dir);
        }
        else if (/\.pyi?$/.test(name)) {
            indexPythonModule(pyModules, file);
        }
    }
    goModules.sort((a, b) => b[0].length - a[0].length);
    return { files: new Set(input.files), npmPackages, packageDirs, goModules, crates, crateDirs, pyModules };
}
function indexPythonModule(index, file) {
    const parts = file.replace(/\.pyi?$/, '').split('/');
    if (parts[parts.length - 1] === '__init__')
        parts.pop();
    for (let k = 1; k <= parts.length; k++) {
        const key = parts.slice(-k).join('.');
        let list = index.get(key);
        if (!list)
            index.set(key, (list = []));
        list.push(file);
    }
}
function nearest(dirs, file) {
    for (let d = parentDir(file);; d = parentDir(d)) {
        if (dirs.has(d))
            return d;
        if (d === '')
            return '';
    }
}
function linkJs(g, ws, file, refs) {
    const dir = parentDir(file);
    for (const raw of refs.specifiers) {
        const spec = raw.replace(/[?#].*$/, '');
        if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
            const target = joinRelative(dir, spec);
            if (target === null)
                continue;
            const found = resolveJsFile(ws.files, target);
            if (found !== null)
                g.edge(file, found);
            else
                g.dependsOnMissing(file, target);
        }
        else if (!spec.startsWith('/') && !spec.startsWith('node:')) {
            const pkg = packageNameOf(spec);
            const pkgDir = ws.npmPackages.get(pkg);
            if (pkgDir !== undefined)
                g.dependsOnDir(file, pkgDir);
            // Path aliases (`@/x`, `~/x`, `#x`) resolve through config the scan does
            // not evaluate: widen to the importer's whole package.
            else if (/^(?:[@~]\/|#)/.test(spec))
                widen(g, ws, file);
        }
    }
    for (const prefix of refs.prefixes) {
        if (prefix.startsWith('./') || prefix.startsWith('../')) {
            const target = joinRelative(dir, prefix.slice(0, prefix.lastIndexOf('/') + 1));
            if (target !== null)
                g.dependsOnDir(file, target);
        }
        else {
            widen(g, ws, file);
        }
    }
    if (refs.opaque)
        widen(g, ws, file);
}
function widen(g, ws, file) {
    g.widened.add(file);
    g.dependsOnDir(file, nearest(ws.packageDirs, file));
}
function resolveJsFile(files, target) {
    if (files.has(target))
        return target;
    const ext = /\.[^./]+$/.exec(target)?.[0];
    if (ext !== undefined) {
        for (const swap of JS_SWAP[ext] ?? []) {
            const candidate = target.slice(0, -ext.length) + swap;
            if (files.has(candidate))
                return candidate;
        }
    }
    for (const e of JS_CANDIDATE_EXTS)
        if (files.has(target + e))
            return target + e;
    for (const e of JS_CANDIDATE_EXTS)
        if (files.has(`${target}/index${e}`))
            return `${target}/index${e}`;
    return null;
}
function packageNameOf(spec) {
    const parts = spec.split('/');
    return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
function linkPython(g, ws, file, refs) {
    for (const spec of refs.specifiers) {
        if (spec.startsWith('.'))
            linkPythonRelative(g, ws, file, spec);
        else
            linkPythonAbsolute(g, ws, file, spec);
    }
    if (refs.opaque)
        widen(g, ws, file);
}
function linkPythonAbsolute(g, ws, file, spec) {
    // `a.b.c` also runs `a/__init__` and `a/b/__init__`: link every prefix.
    const parts = spec.split('.');
    for (let k = parts.length; k >= 1; k--) {
        for (const target of ws.pyModules.get(parts.slice(0, k).join('.')) ?? [])
            g.edge(file, target);
    }
}
function linkPythonRelative(g, ws, file, spec) {
    const dots = /^\.+/.exec(spec)?.[0].length ?? 1;
    let base = parentDir(file);
    for (let i = 1; i < dots && base !== null; i++)
        base = base === '' ? null : parentDir(base);
    if (base === null)
        return;
    const rest = spec.slice(dots).split('.').filter(Boolean).join('/');
    const target = rest === '' ? base : base === '' ? rest : `${base}/${rest}`;
    let linked = false;
    for (const candidate of [`${target}.py`, `${target}.pyi`, `${target}/__init__.py`]) {
        if (ws.files.has(candidate)) {
            g.edge(file, candidate);
            linked = true;
        }
    }
    if (!linked && rest !== '')
        g.dependsOnMissing(file, `${target}.py`);
}
function linkGo(g, ws, file, refs) {
    // Files of one directory form one Go package.
    g.dependsOnDir(file, parentDir(file));
    for (const spec of refs.specifiers) {
        for (const [mod, dir] of ws.goModules) {
            if (spec !== mod && !spec.startsWith(`${mod}/`))
                continue;
            const sub = spec.slice(mod.length + 1);
            g.dependsOnDir(file, sub === '' ? dir : dir === '' ? sub : `${dir}/${sub}`);
            break;
        }
    }
}
function linkRust(g, ws, file, refs) {
    // A crate compiles as one unit: every file depends on its whole crate.
    g.dependsOnDir(file, nearest(ws.crateDirs, file));
    for (const spec of refs.specifiers) {
        if (!spec.startsWith('use:'))
            continue;
        const crate = spec.slice(4).split('::')[0];
        const dir = ws.crates.get(crate);
        if (dir !== undefined)
            g.dependsOnDir(file, dir);
    }
}
const TEST_SUBJECT = [
    /^(.+?)\.(?:test|spec)\.[^/]+$/, // foo.test.ts, foo.spec.js
    /^test_(.+)\.py$/, // test_foo.py
    /^(.+)_test\.(?:py|go)$/, // foo_test.py, foo_test.go
];
/**
 * Path coupling: a test named after a source file depends on it even when it
 * reaches it through a package name or a fixture rather than an import.
 */
function linkTestsToSubjects(g, files) {
    const subjects = new Map();
    const tests = [];
    for (const file of files) {
        const name = baseName(file);
        const subject = TEST_SUBJECT.map((re) => re.exec(name)?.[1]).find((s) => s !== undefined);
        if (subject !== undefined)
            tests.push([file, subject]);
        else if (sourceLanguage(file) !== null) {
            const stem = name.replace(/\.[^.]*$/, '').replace(/\.d$/, '');
            let list = subjects.get(stem);
            if (!list)
                subjects.set(stem, (list = []));
            list.push(file);
        }
    }
    for (const [test, subject] of tests)
        for (const source of subjects.get(subject) ?? [])
            g.edge(test, source);
}
/** Connect files to the `dir` and `stem` nodes that stand for them. */
function linkPseudoNodes(g, files) {
    for (const file of files) {
        for (let d = parentDir(file);; d = parentDir(d)) {
            if (g.referencedDirs.has(d))
                g.edge(DIR + d, file);
            if (d === '')
                break;
        }
        const stem = stripExtension(file);
        if (g.stems.has(stem))
            g.edge(STEM + stem, file);
    }
}
function stripExtension(path) {
    const name = baseName(path);
    const dot = name.indexOf('.', 1);
    return dot < 0 ? path : path.slice(0, path.length - name.length + dot);
}
/**
 * Distance, in import hops, from the nearest seed to every node the seeds
 * depend on, directly or transitively (seeds at 0). The graph stores
 * dependents; this walks the other way, so the edges are inverted first
 * (linear in the graph, and only asked for when a check fails).
 */
export function dependencyDistances(graph, seeds) {
    const count = graph.nodes.length;
    const offsets = new Int32Array(count + 1);
    const { offsets: rOffsets, targets: rTargets } = graph;
    for (let k = 0; k < rTargets.length; k++)
        offsets[rTargets[k] + 1] = offsets[rTargets[k] + 1] + 1;
    for (let i = 0; i < count; i++)
        offsets[i + 1] = offsets[i + 1] + offsets[i];
    const fill = offsets.slice(0, count);
    const targets = new Int32Array(rTargets.length);
    for (let to = 0; to < count; to++) {
        for (let k = rOffsets[to], end = rOffsets[to + 1]; k < end; k++) {
            const from = rTargets[k];
            targets[fill[from]] = to;
            fill[from] = fill[from] + 1;
        }
    }
    const depth = new Int32Array(count).fill(-1);
    const queue = [];
    for (const seed of seeds) {
        const id = graph.ids.get(seed);
        if (id !== undefined && depth[id] === -1) {
            depth[id] = 0;
            queue.push(id);
        }
    }
    for (let i = 0; i < queue.length; i++) {
        const id = queue[i];
        for (let k = offsets[id], end = offsets[id + 1]; k < end; k++) {
            const next = targets[k];
            if (depth[next] !== -1)
                continue;
            depth[next] = depth[id] + 1;
            queue.push(next);
        }
    }
    const out = new Map();
    for (const id of queue)
        if (isFileNode(graph, id))
            out.set(graph.nodes[id], depth[id]);
    return out;
}
