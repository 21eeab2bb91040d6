import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { compareCodeUnits } from '../core/canonical.js';
import { decodeUtf8 } from '../core/output.js';
import { shimTargets } from '../core/runner.js';
/** Directories never walked when git is unavailable. */
const SKIPPED_DIRS = new Set(['.git', '.hg', '.svn', 'node_modules', '.venv', 'venv', '__pycache__', 'target', '.proof', '.tox', '.mypy_cache', '.pytest_cache']);
/** Source files above this size are not scanned for imports (bundles, generated code). */
export const MAX_SCANNED_BYTES = 1024 * 1024;
export function nodeFs(workspace) {
    const abs = (path) => join(workspace, ...path.split('/'));
    // Every verification reads every source file for the import graph; a file
    // whose size and nanosecond mtime are unchanged is not read again.
    const texts = new Map();
    return {
        async listFiles() {
            const out = [];
            const walk = async (dir, rel) => {
                for (const entry of await readdir(dir, { withFileTypes: true })) {
                    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
                    if (entry.isDirectory()) {
                        if (!SKIPPED_DIRS.has(entry.name))
                            await walk(join(dir, entry.name), path);
                    }
                    else {
                        out.push(path);
                    }
                }
            };
            await walk(workspace, '');
            return out.sort(compareCodeUnits);
        },
        async readText(path) {
            try {
                const info = await lstat(abs(path), { bigint: true });
                if (!info.isFile() || info.size > BigInt(MAX_SCANNED_BYTES))
                    return null;
                const cached = texts.get(path);
                if (cached !== undefined && cached.mtimeNs === info.mtimeNs && BigInt(cached.size) === info.size)
                    return cached.text;
                const text = decodeUtf8(await readFile(abs(path)));
                texts.set(path, { size: Number(info.size), mtimeNs: info.mtimeNs, text });
                return text;
            }
            catch (error) {
                if (isMissing(error))
                    return null;
                throw error;
            }
        },
        async digest(path) {
            try {
                const info = await lstat(abs(path));
                // A symlink is its target string, not the bytes it points at (which
                // may lie outside the workspace); a directory (e.g. a submodule) is absent.
                if (info.isSymbolicLink())
                    return createHash('sha256').update(`symlink:${await readlink(abs(path))}`).digest('hex');
                if (!info.isFile())
                    return null;
                return createHash('sha256').update(await readFile(abs(path))).digest('hex');
            }
            catch (error) {
                if (isMissing(error))
                    return null;
                throw error;
            }
        },
        runnerDigest: (path) => executedDigest(abs(path)),
    };
}
/**
 * What running `file` executes: the bytes of the file a symlink chain ends
 * at (a `.bin` entry links into its package, which may be replaced while the
 * link stays), plus those of each file a shim script names. null: absent.
 */
async function executedDigest(file) {
    try {
        const real = await realpath(file);
        const bytes = await readFile(real);
        const hash = createHash('sha256').update(bytes);
        for (const target of shimTargets(bytes.length > 16_384 ? '' : decodeUtf8(bytes))) {
            hash.update(`\0${target}\0${(await executedDigest(resolve(dirname(real), target))) ?? 'absent'}`);
        }
        return hash.digest('hex');
    }
    catch (error) {
        if (isMissing(error))
            return null;
        if (error.code === 'EISDIR')
            return 'directory';
        throw error;
    }
}
function isMissing(error) {
    const code = error?.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}
