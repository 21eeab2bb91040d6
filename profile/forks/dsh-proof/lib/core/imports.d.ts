/**
 * Import extraction per language, by pattern rather than by parser: fast and
 * dependency-free, and every construct it cannot pin down is reported as
 * uncertain so the impact analysis can widen instead of guessing.
 */
export type SourceLanguage = 'js' | 'python' | 'go' | 'rust';
/** What one source file refers to. */
export interface ImportRefs {
    /** Literal specifiers, as written. */
    readonly specifiers: readonly string[];
    /** Static prefixes of computed specifiers (`import(\`./locales/${x}\`)` → `./locales/`). */
    readonly prefixes: readonly string[];
    /** The file also imports something this scan cannot name at all. */
    readonly opaque: boolean;
}
/** The language of a source file, or null for files with no import graph. */
export declare function sourceLanguage(path: string): SourceLanguage | null;
export declare function extractImports(language: SourceLanguage, text: string): ImportRefs;
