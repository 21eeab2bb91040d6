/** Small file helpers for the store: staged writes and tolerant reads. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
/** Write `data` to `path` through a staged sibling and a rename, so a reader never sees half a file. */
export async function writeFileAtomic(path, data, mode = 0o644) {
    await mkdir(dirname(path), { recursive: true });
    const staged = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
        await writeFile(staged, data, { mode, flag: 'wx' });
        await rename(staged, path);
    }
    catch (error) {
        await rm(staged, { force: true });
        throw error;
    }
}
/** The file's bytes, or `null` when it does not exist. */
export async function readFileIfExists(path) {
    try {
        return await readFile(path);
    }
    catch (error) {
        if (isMissing(error))
            return null;
        throw error;
    }
}
export function isMissing(error) {
    return error?.code === 'ENOENT';
}
