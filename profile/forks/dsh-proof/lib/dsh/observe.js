/**
 * Reading tool calls as workspace mutations. Pure projections of the host's
 * call objects: which tool writes which files, and whether a call touches
 * the evidence store. The adapter feeds what it sees to the engine; deciding
 * what the changes mean is the engine's job.
 */
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
/** Tools that write the files named in their arguments (dsh-tool-fs). */
export const FILE_WRITE_TOOLS = new Set(['write', 'edit']);
/** Tools whose writes cannot be listed (a shell): their changes are opaque. */
export const SHELL_TOOLS = new Set(['bash', 'pwsh']);
/** The mutation a call to `name` with `args` performs, `null` for read-only tools. */
export function mutationOf(name, args, cwd) {
    if (FILE_WRITE_TOOLS.has(name)) {
        const path = stringField(args, 'file_path') ?? stringField(args, 'path');
        return { kind: 'files', paths: path === undefined ? [] : [resolve(cwd, path)] };
    }
    if (SHELL_TOOLS.has(name))
        return { kind: 'shell', command: stringField(args, 'command') ?? '' };
    return null;
}
/** The path the tool reports it wrote (dsh-tool-fs puts the resolved path in its value). */
export function writtenPath(value, cwd) {
    const path = stringField(value, 'path');
    return path === undefined ? undefined : resolve(cwd, path);
}
/** Whether `path` lies inside `dir` (or is `dir`). */
export function isInside(path, dir) {
    const rel = relative(dir, path);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}
/**
 * Whether `mutation` may write into `storeDir`. A shell command is judged by
 * its text: any mention of the store's directory name counts, erring towards
 * asking the user.
 */
export function touchesStore(mutation, storeDir, ...storeNames) {
    if (mutation.kind === 'files')
        return mutation.paths.some((path) => isInside(path, storeDir));
    return storeNames.some((name) => mutation.command.includes(name));
}
/**
 * The spellings a shell command may use for the host's proof directory
 * (`$DSH_HOME/proof`): its absolute path, its last two components (as in
 * `~/.dsh/proof` or `cd ~ && rm -r .dsh/proof`) and the variable. Text only:
 * a command can still build the path in ways no text check sees.
 */
export function proofHomeNames(proofHome) {
    return [proofHome, `${basename(dirname(proofHome))}/${basename(proofHome)}`, 'DSH_HOME'];
}
function stringField(value, key) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const field = value[key];
    return typeof field === 'string' && field.length > 0 ? field : undefined;
}
