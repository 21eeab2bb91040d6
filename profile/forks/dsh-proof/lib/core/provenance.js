import { compareCodeUnits } from './canonical.js';
import { ProofError } from './errors.js';
import { toWorkspacePath } from './paths.js';
/** Parse `git status --porcelain=v1 -z` output (renames carry both paths). */
export function parsePorcelainZ(text) {
    const fields = text.split('\0');
    const entries = [];
    for (let i = 0; i < fields.length; i++) {
        const field = fields[i];
        if (field === '')
            continue;
        if (field.length < 4 || field[2] !== ' ')
            throw new ProofError('git_output', `unexpected \`git status -z\` entry \`${field}\``);
        const xy = field.slice(0, 2);
        const path = field.slice(3);
        if (xy.includes('R') || xy.includes('C')) {
            const from = fields[++i];
            if (from === undefined || from === '')
                throw new ProofError('git_output', `rename of \`${path}\` without a source in \`git status -z\``);
            entries.push({ xy, path, from });
        }
        else {
            entries.push({ xy, path });
        }
    }
    return entries;
}
/** Parse `git diff --name-status -z` output. */
export function parseNameStatusZ(text) {
    const fields = text.split('\0');
    const entries = [];
    for (let i = 0; i < fields.length; i++) {
        const raw = fields[i];
        if (raw === '')
            continue;
        const status = raw.charAt(0);
        if (!/^[ACDMRTUX]$/.test(status))
            throw new ProofError('git_output', `unexpected \`git diff -z\` status \`${raw}\``);
        const first = fields[++i];
        if (first === undefined || first === '')
            throw new ProofError('git_output', `\`git diff -z\` status \`${raw}\` without a path`);
        if (status === 'R' || status === 'C') {
            const second = fields[++i];
            if (second === undefined || second === '')
                throw new ProofError('git_output', `rename from \`${first}\` without a target in \`git diff -z\``);
            entries.push({ status, path: second, from: first });
        }
        else {
            entries.push({ status, path: first });
        }
    }
    return entries;
}
/**
 * Compute the change set since the baseline and classify each file.
 *
 * - dirty at baseline → compared by content (`baseline-content`): dirt left
 *   unchanged is excluded, a dirty file reverted to HEAD counts as changed;
 * - clean at baseline → `git diff <baselineHead>` plus untracked files
 *   (`git-head`); renames contribute both paths;
 * - no baseline commit, or its diff failed → the current dirty set
 *   (`dirty-fallback`, degraded: committed changes may be missed);
 * - no git at all → the touched and explicit files only, degraded;
 * - files named by the caller → `explicit`.
 */
export function computeChangeSet(input) {
    const files = new Map();
    const methods = new Set();
    let degradedReason = null;
    const add = (file) => {
        if (files.has(file.path))
            return;
        files.set(file.path, file);
        methods.add(file.method);
    };
    const touches = normaliseTouches(input.workspace, input.touches);
    for (const [path, before] of Object.entries(input.baseline.dirty)) {
        const now = input.digest(path);
        if (now === before)
            continue;
        add({ path, kind: before === null ? 'added' : now === null ? 'deleted' : 'modified', method: 'baseline-content' });
    }
    const isBaselineDirty = (path) => Object.hasOwn(input.baseline.dirty, path);
    if (input.git === null) {
        degradedReason = 'git is not available: the change set is what the tool stream reported';
        for (const path of Object.keys(touches.files)) {
            if (!isBaselineDirty(path))
                add({ path, kind: input.digest(path) === null ? 'deleted' : 'modified', method: 'dirty-fallback' });
        }
    }
    else if (input.baseline.head !== null && input.git.diff !== null) {
        for (const entry of input.git.diff) {
            if (entry.from !== undefined && !isBaselineDirty(entry.from))
                add({ path: entry.from, kind: 'deleted', method: 'git-head' });
            if (!isBaselineDirty(entry.path))
                add(fromDiff(entry));
        }
        for (const entry of input.git.status) {
            if (entry.xy === '??' && !isBaselineDirty(entry.path))
                add({ path: entry.path, kind: 'added', method: 'git-head' });
        }
        addIgnoredTouches(input.git, touches, isBaselineDirty, input.digest, add);
    }
    else {
        degradedReason = input.baseline.head === null
            ? 'the baseline has no commit to diff against: changes already committed cannot be seen'
            : 'the baseline commit is no longer reachable: changes already committed cannot be seen';
        for (const entry of input.git.status) {
            if (entry.from !== undefined && !isBaselineDirty(entry.from))
                add({ path: entry.from, kind: 'deleted', method: 'dirty-fallback' });
            if (!isBaselineDirty(entry.path))
                add(fromStatus(entry));
        }
        addIgnoredTouches(input.git, touches, isBaselineDirty, input.digest, add);
    }
    const explicit = new Set();
    for (const raw of input.explicit ?? []) {
        const path = toWorkspacePath(raw, input.workspace);
        if (path === null || path === '')
            throw new ProofError('explicit_outside_workspace', `explicit file \`${raw}\` is not inside the workspace \`${input.workspace}\``);
        explicit.add(path);
        add({ path, kind: input.digest(path) === null ? 'deleted' : 'modified', method: 'explicit' });
    }
    const classified = [...files.values()]
        .sort((a, b) => compareCodeUnits(a.path, b.path))
        .map((file) => classify(file, touches, input.touches !== undefined, explicit, input.digest));
    return { files: classified, methods: [...methods].sort(compareCodeUnits), degraded: degradedReason !== null, degradedReason };
}
/**
 * Files the tool stream wrote that git ignores (a `.env`, generated fixtures
 * a test reads): git cannot say whether they changed, the touch set can.
 */
function addIgnoredTouches(git, touches, isBaselineDirty, digest, add) {
    if (git.listed === undefined)
        return;
    const listed = new Set(git.listed);
    for (const path of Object.keys(touches.files)) {
        // Gone and unknown to git: most often a scratch file made and removed again.
        if (listed.has(path) || isBaselineDirty(path) || digest(path) === null)
            continue;
        add({ path, kind: 'modified', method: 'dirty-fallback' });
    }
}
function fromDiff(entry) {
    const kind = entry.status === 'A' || entry.status === 'C' ? 'added' : entry.status === 'D' ? 'deleted' : entry.status === 'R' ? 'renamed' : 'modified';
    return entry.from !== undefined && kind === 'renamed' ? { path: entry.path, kind, from: entry.from, method: 'git-head' } : { path: entry.path, kind, method: 'git-head' };
}
function fromStatus(entry) {
    const x = entry.xy;
    const kind = x === '??' || x.includes('A') ? 'added' : x.includes('D') ? 'deleted' : entry.from !== undefined ? 'renamed' : 'modified';
    return entry.from !== undefined && kind === 'renamed' ? { path: entry.path, kind, from: entry.from, method: 'dirty-fallback' } : { path: entry.path, kind, method: 'dirty-fallback' };
}
/** Touch-set keys to workspace-relative paths; keys outside the workspace are dropped. */
export function normaliseTouches(workspace, touches) {
    const files = {};
    for (const [raw, touch] of Object.entries(touches?.files ?? {})) {
        const path = toWorkspacePath(raw, workspace);
        if (path !== null && path !== '')
            files[path] = touch;
    }
    return { files, opaque: touches?.opaque === true };
}
function classify(file, touches, observed, explicit, digest) {
    if (explicit.has(file.path))
        return { ...file, origin: 'explicit' };
    const touch = touches.files[file.path];
    if (touch !== undefined) {
        // The tool left known bytes; different bytes now mean a later outside edit.
        if (touch.digest !== undefined && digest(file.path) !== touch.digest)
            return { ...file, origin: 'external', editedAfterTool: true };
        return { ...file, origin: 'agent' };
    }
    if (!observed || touches.opaque)
        return { ...file, origin: 'unknown' };
    return { ...file, origin: 'external' };
}
export const EXTERNAL_NOTE = "changed outside the agent's tool stream — not charged to this session";
export function attributionOf(changeSet) {
    const pick = (...origins) => changeSet.files.filter((f) => origins.includes(f.origin)).map((f) => f.path);
    return { charged: pick('agent', 'explicit'), unknown: pick('unknown'), external: pick('external'), externalNote: EXTERNAL_NOTE };
}
