/**
 * A reverse-dependency graph over workspace files. Nodes are file paths plus
 * two kinds of pseudo node that keep the approximations explicit:
 * `dir` nodes ("anything under this directory", used for packages, crates,
 * Go packages and computed imports) and `stem` nodes (an import that names a
 * file that does not exist, so creating or deleting it still propagates).
 */
export interface ImportGraph {
    /** node → the nodes that depend on it. */
    readonly dependents: ReadonlyMap<string, readonly string[]>;
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
}
export declare function buildImportGraph(input: Readonly<GraphInput>): ImportGraph;
/**
 * Every node that depends on a seed, directly or transitively, restricted to
 * real files, seeds included. Deleted or renamed seeds reach their importers
 * through `stem` nodes.
 */
export declare function dependentClosure(graph: ImportGraph, seeds: Iterable<string>): Set<string>;
