/**
 * A reverse-dependency graph over workspace files. Nodes are file paths plus
 * two kinds of pseudo node that keep the approximations explicit:
 * `dir` nodes ("anything under this directory", used for packages, crates,
 * Go packages and computed imports) and `stem` nodes (an import that names a
 * file that does not exist, so creating or deleting it still propagates).
 */
export interface ImportGraph {
    /** Node id → node name (file path, or a `\u0000`-prefixed pseudo node). */
    readonly nodes: readonly string[];
    readonly ids: ReadonlyMap<string, number>;
    /** Compressed adjacency: the dependents of node i are `targets[offsets[i] .. offsets[i + 1])`. */
    readonly offsets: Int32Array;
    readonly targets: Int32Array;
    readonly fileCount: number;
    readonly edgeCount: number;
    /** Files with imports the scan could not name; they were widened. */
    readonly widened: readonly string[];
}
export interface GraphInput {
    /** Every workspace file, relative, slash-separated. */
    readonly files: readonly string[];
    /** Text of a source or manifest file, or null when unreadable. */
    readonly read: (path: string) => string | null;
    /**
     * `[importer, imported]` edges a real module resolver found (tsconfig
     * `paths`, package `exports`): added to the pattern edges, never instead
     * of them, so the graph only grows. Edges naming unknown files are dropped.
     */
    readonly resolvedEdges?: ReadonlyArray<readonly [string, string]> | undefined;
}
export declare function buildImportGraph(input: Readonly<GraphInput>): ImportGraph;
/** True when node `id` is a real file (not a pseudo node). */
export declare function isFileNode(graph: ImportGraph, id: number): boolean;
/**
 * Ids of every node that depends on a seed, directly or transitively, seeds
 * included (seeds absent from the graph, e.g. deleted files, contribute their
 * `stem` node only). `stamp`/`epoch` let callers reuse one visited array
 * across many closures without clearing it.
 */
export declare function closureIds(graph: ImportGraph, seeds: Iterable<string>, visited?: {
    stamp: Int32Array;
    epoch: number;
}): number[];
/**
 * Every file that depends on a seed, directly or transitively, seeds
 * included. Deleted or renamed seeds reach their importers through `stem`
 * nodes.
 */
export declare function dependentClosure(graph: ImportGraph, seeds: Iterable<string>): Set<string>;
/**
 * Distance, in import hops, from the nearest seed to every node the seeds
 * depend on, directly or transitively (seeds at 0). The graph stores
 * dependents; this walks the other way, so the edges are inverted first
 * (linear in the graph, and only asked for when a check fails).
 */
export declare function dependencyDistances(graph: ImportGraph, seeds: Iterable<string>): Map<string, number>;
