/** Tools that write the files named in their arguments (dsh-tool-fs). */
export declare const FILE_WRITE_TOOLS: ReadonlySet<string>;
/** Tools whose writes cannot be listed (a shell): their changes are opaque. */
export declare const SHELL_TOOLS: ReadonlySet<string>;
/** A mutation seen in the tool stream. */
export type Mutation = {
    readonly kind: 'files';
    readonly paths: readonly string[];
} | {
    readonly kind: 'shell';
    readonly command: string;
};
/** The mutation a call to `name` with `args` performs, `null` for read-only tools. */
export declare function mutationOf(name: string, args: unknown, cwd: string): Mutation | null;
/** The path the tool reports it wrote (dsh-tool-fs puts the resolved path in its value). */
export declare function writtenPath(value: unknown, cwd: string): string | undefined;
/** Whether `path` lies inside `dir` (or is `dir`). */
export declare function isInside(path: string, dir: string): boolean;
/**
 * Whether `mutation` may write into `storeDir`. A shell command is judged by
 * its text: any mention of the store's directory name counts, erring towards
 * asking the user.
 */
export declare function touchesStore(mutation: Mutation, storeDir: string, ...storeNames: readonly string[]): boolean;
/**
 * The spellings a shell command may use for the host's proof directory
 * (`$DSH_HOME/proof`): its absolute path, its last two components (as in
 * `~/.dsh/proof` or `cd ~ && rm -r .dsh/proof`) and the variable. Text only:
 * a command can still build the path in ways no text check sees.
 */
export declare function proofHomeNames(proofHome: string): string[];
