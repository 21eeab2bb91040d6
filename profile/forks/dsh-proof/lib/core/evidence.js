import { canonicaliseText, canonicaliseTimings } from './address.js';
import { excerptOutput } from './excerpt.js';
import { contentId } from './hash.js';
export function evidenceEntry(kind, record, hasher, meta) {
    return { evidenceId: contentId(record, hasher), kind, record, meta: { at: meta?.at ?? null, durationMs: meta?.durationMs ?? null } };
}
/** Exit statuses that mean "the checker itself could not run". */
const SHELL_NOT_FOUND = new Set([126, 127]);
/** Map a raw run to an outcome status. */
export function statusOfRun(run, check) {
    if (run.aborted)
        return 'aborted';
    if (run.timedOut)
        return 'timeout';
    if (run.spawnError !== null)
        return 'error';
    if (run.exitCode === null)
        return 'aborted'; // killed by a signal we did not send
    if (run.exitCode === 0)
        return 'pass';
    if (SHELL_NOT_FOUND.has(run.exitCode))
        return 'error';
    if (check.kind === 'pytest' && run.exitCode === 5)
        return 'skipped'; // no tests collected
    if (check.kind === 'pytest' && (run.exitCode === 3 || run.exitCode === 4))
        return 'error'; // internal / usage error
    return 'fail';
}
/** Build the canonical record of one run: addresses canonicalised, output excerpted. */
export function checkRunRecord(check, run, options) {
    const output = canonicaliseTimings(canonicaliseText(run.spawnError === null ? run.output : `${run.output}${run.spawnError}`, options.roots));
    const excerpt = excerptOutput(output, options);
    return {
        schema: 'dsh-proof.check-run/1',
        check: { id: check.id, name: check.name, kind: check.kind, command: canonicaliseText(check.command, options.roots), cwd: check.cwd },
        status: statusOfRun(run, check),
        exitCode: run.exitCode,
        signal: run.aborted || run.timedOut ? null : run.signal,
        excerpt: excerpt.text,
        salientLine: excerpt.salientLine,
        outputChars: excerpt.totalChars,
        omittedChars: excerpt.omittedChars,
    };
}
