/**
 * A cross-process lock around appends: a lock file created exclusively next
 * to the log. Two dsh processes on one workspace (two sessions, a session and
 * a CLI) then take turns instead of forking the chain. A lock older than
 * `STALE_LOCK_MS` belongs to a writer that died and is broken.
 */
import { open, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProofError } from '../core/errors.js';
/** No append holds the lock this long; an older lock file is a dead writer's. */
export const STALE_LOCK_MS = 30_000;
const WAIT_MS = 15_000;
const RETRY_MS = 10;
/** Run `task` while holding the lock file `path`. */
export async function withFileLock(path, task) {
    await acquire(path);
    try {
        return await task();
    }
    finally {
        await rm(path, { force: true });
    }
}
async function acquire(path) {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
        try {
            const handle = await open(path, 'wx');
            await handle.writeFile(`${process.pid}\n`);
            await handle.close();
            return;
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
        }
        const age = await lockAge(path);
        if (age !== null && age > STALE_LOCK_MS) {
            await rm(path, { force: true });
            continue;
        }
        if (Date.now() > deadline) {
            throw new ProofError('log_locked', `the evidence log is locked by another process (${path}); if no dsh is running, delete that file`);
        }
        await sleep(RETRY_MS);
    }
}
async function lockAge(path) {
    try {
        return Date.now() - (await stat(path)).mtimeMs;
    }
    catch {
        return null;
    }
}
