import type { CheckSpec } from './checks.js';
import { type ImportGraph } from './graph.js';
/**
 * Files whose change can alter any check's result without being imported:
 * lockfiles, manifests, compiler and runner configuration, CI definitions.
 * Names match in any directory; paths with a slash match from the root.
 */
export declare const DEFAULT_GLOBAL_INVALIDATORS: readonly string[];
/** True for documentation files exempt from coverage. */
export declare function isProse(path: string): boolean;
export interface SelectionInput {
    readonly checks: readonly CheckSpec[];
    /** Changed files (rename sources included), relative. */
    readonly changed: readonly string[];
    /** The import graph, or null when impact analysis is off (every check runs). */
    readonly graph: ImportGraph | null;
    /** Extra invalidator patterns on top of the defaults. */
    readonly globalInvalidators?: readonly string[] | undefined;
    /** A reason to run everything regardless (e.g. a degraded change set). */
    readonly forceFull?: string | null | undefined;
    /** Checks that must run whatever changed (no baseline result to carry). */
    readonly mustRun?: readonly string[] | undefined;
}
export interface Selection {
    readonly full: boolean;
    /** Why this selection: `impact`, `global-invalidator`, `degraded`, `impact-graph-off`, … */
    readonly reason: string;
    /** Check ids to run, sorted. */
    readonly selected: readonly string[];
    /** Changed files that triggered a full run. */
    readonly invalidators: readonly string[];
    /** check id → changed files whose dependents reach the check's scope. */
    readonly reach: Readonly<Record<string, readonly string[]>>;
    /** Changed files no check covers (prose files excepted): coverage is incomplete. */
    readonly uncovered: readonly string[];
    /** Number of files in the dependent closure of the change set. */
    readonly affectedFiles: number;
}
/** A predicate for "this path is a global invalidator". */
export declare function invalidatorMatcher(extra?: readonly string[] | null): (path: string) => boolean;
/** A predicate for "this path lies in the check's scope". */
export declare function scopeMatcher(check: Readonly<CheckSpec>): (path: string) => boolean;
/**
 * Select the checks a change set made stale: the dependent closure of every
 * changed file, matched against each check's scope. A global invalidator, a
 * forced reason or a missing graph selects everything; `reach` is computed
 * either way because regression attribution needs it.
 */
export declare function selectChecks(input: Readonly<SelectionInput>): Selection;
