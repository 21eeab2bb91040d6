import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { assess, summaryLine } from '../core/assess.js';
import { compareCodeUnits } from '../core/canonical.js';
import { discoverChecks, isManifestPath, isRedefined } from '../core/checks.js';
import { checkRunRecord, evidenceEntry } from '../core/evidence.js';
import { ProofError } from '../core/errors.js';
import { DEFAULT_HEAD_CHARS } from '../core/excerpt.js';
import { buildImportGraph } from '../core/graph.js';
import { contentId } from '../core/hash.js';
import { sourceLanguage } from '../core/imports.js';
import { isAbsolutePath, normaliseRoot, toWorkspacePath } from '../core/paths.js';
import { computeChangeSet, normaliseTouches } from '../core/provenance.js';
import { runnerPaths } from '../core/runner.js';
import { selectChecks } from '../core/selection.js';
import { nodeFs } from './node-fs.js';
import { nodeGit } from './node-git.js';
import { nodeHasher } from './node-hasher.js';
import { nodeShell } from './node-shell.js';
import { nodeTsResolver } from './node-ts-resolver.js';
export const DEFAULT_TIMEOUT_MS = 600_000;
/** A baseline store that lives as long as the engine. */
export function memoryBaselineStore() {
    let current = null;
    return {
        load: async () => current,
        save: async (baseline) => {
            current = baseline;
        },
    };
}
export function createProofEngine(options) {
    if (typeof options.workspace !== 'string' || !isAbsolutePath(options.workspace)) {
        throw new ProofError('invalid_workspace', `the workspace must be an absolute path, got \`${String(options.workspace)}\``);
    }
    // Fail fast on a malformed explicit check rather than at the first baseline.
    discoverChecks({ files: [], read: () => null, explicit: options.checks, discover: false });
    return new Engine(options);
}
/** Text reads cached by digest-free identity (path + the file list generation). */
class Engine {
    options;
    ports;
    store;
    recordOptions;
    latest = null;
    /** Operations run one at a time: a verify never overlaps a baseline. */
    queue = Promise.resolve();
    constructor(options) {
        this.options = options;
        const workspace = options.workspace;
        this.ports = {
            shell: options.ports?.shell ?? nodeShell(),
            git: options.ports?.git ?? nodeGit(workspace),
            fs: options.ports?.fs ?? nodeFs(workspace),
            hasher: options.ports?.hasher ?? nodeHasher,
            modules: options.ports?.modules === undefined ? nodeTsResolver(workspace) : options.ports.modules,
            now: options.ports?.now ?? (() => new Date().toISOString()),
        };
        this.store = options.baselineStore ?? memoryBaselineStore();
        this.recordOptions = {
            roots: { workspace, workspaceAliases: realPathAliases(workspace), home: options.normalizeHome === false ? null : (options.home ?? homedir()) },
            headChars: options.headChars ?? DEFAULT_HEAD_CHARS,
            strategy: options.excerptStrategy ?? 'salient',
        };
    }
    discover() {
        return this.serial(async () => this.discoverIn(await this.listFiles(await this.ports.git.snapshot())));
    }
    baseline(input) {
        return this.serial(() => this.takeBaseline(input?.signal));
    }
    verify(input) {
        return this.serial(async () => {
            const result = await this.runVerification(input);
            this.latest = { kind: 'verification', grade: result.grade, evidenceRoot: result.evidenceRoot, at: this.ports.now(), summary: result.summary };
            return result;
        });
    }
    claim(text, input) {
        if (typeof text !== 'string' || text.trim() === '') {
            return Promise.reject(new ProofError('empty_claim', 'a claim needs a statement, e.g. "the parser accepts trailing commas"'));
        }
        return this.serial(async () => {
            const verification = await this.runVerification(input);
            const entry = evidenceEntry('claim', { schema: 'dsh-proof.claim/1', claim: text, verificationId: verification.evidenceRoot, grade: verification.grade }, this.ports.hasher, { at: this.ports.now() });
            await this.emit(entry);
            this.latest = { kind: 'claim', grade: verification.grade, evidenceRoot: entry.evidenceId, at: entry.meta.at ?? '', summary: verification.summary };
            return { ...verification, claim: text, evidenceRoot: entry.evidenceId, verificationId: verification.evidenceRoot };
        });
    }
    status() {
        return this.serial(async () => {
            const snapshot = await this.ports.git.snapshot();
            const baseline = await this.loadBaseline();
            return {
                workspace: normaliseRoot(this.options.workspace),
                git: snapshot !== null,
                baseline: baseline === null ? null : {
                    baselineId: baseline.baselineId,
                    createdAt: baseline.createdAt,
                    head: baseline.record.head,
                    dirtyFiles: Object.keys(baseline.record.dirty).length,
                    results: baseline.record.results,
                },
                checks: await this.discoverIn(await this.listFiles(snapshot)),
                latest: this.latest,
            };
        });
    }
    serial(operation) {
        const next = this.queue.then(operation, operation);
        this.queue = next.catch(() => undefined);
        return next;
    }
    async emit(entry) {
        await this.options.onEvidence?.(entry);
    }
    async listFiles(snapshot) {
        return snapshot?.files ?? (await this.ports.fs.listFiles());
    }
    async discoverIn(files) {
        const manifests = await this.readAll(files.filter(isManifestPath));
        const checks = discoverChecks({ files, read: (p) => manifests.get(p) ?? null, explicit: this.options.checks, discover: this.options.discover });
        return this.withRunners(checks, files);
    }
    /** Each check with the fingerprint of the tools and lock file it resolves to (see core/runner.ts). */
    async withRunners(checks, files) {
        const fingerprint = this.ports.fs.runnerDigest?.bind(this.ports.fs);
        if (fingerprint === undefined)
            return [...checks];
        const listed = new Set(files);
        const pathsOf = new Map(checks.map((c) => [c.id, runnerPaths(c, listed)]));
        const digests = new Map();
        await forEachLimited([...new Set([...pathsOf.values()].flat())], async (p) => {
            digests.set(p, await fingerprint(p));
        });
        return checks.map((c) => {
            const runner = {};
            for (const p of pathsOf.get(c.id) ?? [])
                runner[p] = digests.get(p) ?? null;
            return { ...c, runner };
        });
    }
    async readAll(paths) {
        const texts = new Map();
        await forEachLimited(paths, async (p) => {
            const text = await this.ports.fs.readText(p);
            if (text !== null)
                texts.set(p, text);
        });
        return texts;
    }
    async takeBaseline(signal) {
        const snapshot = await this.ports.git.snapshot();
        const checks = await this.discoverIn(await this.listFiles(snapshot));
        const dirty = {};
        for (const entry of snapshot?.status ?? []) {
            dirty[entry.path] = await this.ports.fs.digest(entry.path);
            if (entry.from !== undefined)
                dirty[entry.from] = await this.ports.fs.digest(entry.from);
        }
        const runs = await this.runChecks(checks, signal);
        const results = checks.map((c) => {
            const run = runs.get(c.id);
            return { id: c.id, status: run.summary.status, evidenceId: run.summary.evidenceId };
        });
        const aborted = signal?.aborted === true || results.some((r) => r.status === 'aborted');
        const record = { schema: 'dsh-proof.baseline/1', head: snapshot?.head ?? null, git: snapshot !== null, dirty: sortRecord(dirty), checks, results };
        const base = {
            head: record.head,
            git: record.git,
            dirtyFiles: Object.keys(record.dirty),
            checks,
            runs: [...runs.values()].map((r) => r.summary),
            preExisting: results.filter((r) => r.status === 'fail').map((r) => r.id),
        };
        if (aborted)
            return { status: 'aborted', baselineId: null, ...base };
        const entry = evidenceEntry('baseline', record, this.ports.hasher, { at: this.ports.now() });
        await this.emit(entry);
        await this.store.save({ baselineId: entry.evidenceId, createdAt: entry.meta.at, record });
        return { status: 'established', baselineId: entry.evidenceId, ...base };
    }
    /** Run checks one after another (they often share caches and ports). */
    async runChecks(checks, signal) {
        const out = new Map();
        for (const check of checks) {
            // Once aborted, the remaining checks are recorded as aborted, not started.
            const raw = signal?.aborted === true ? abortedRun() : await this.ports.shell.run({
                command: check.command,
                cwd: joinWorkspace(this.options.workspace, check.cwd),
                timeoutMs: check.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
                signal,
            });
            const record = checkRunRecord(check, raw, this.recordOptions);
            const entry = evidenceEntry('check-run', record, this.ports.hasher, { at: this.ports.now(), durationMs: raw.durationMs });
            await this.emit(entry);
            out.set(check.id, {
                summary: { checkId: check.id, status: record.status, evidenceId: entry.evidenceId, durationMs: raw.durationMs },
                current: { status: record.status, evidenceId: entry.evidenceId, excerpt: record.excerpt, salientLine: record.salientLine },
            });
        }
        return out;
    }
    async loadBaseline() {
        const baseline = await this.store.load();
        if (baseline === null)
            return null;
        if (contentId(baseline.record, this.ports.hasher) !== baseline.baselineId) {
            throw new ProofError('baseline_tampered', `the stored baseline does not match its id ${baseline.baselineId}: it was modified after it was taken; take a new baseline`);
        }
        return baseline;
    }
    async runVerification(input) {
        const baseline = await this.loadBaseline();
        const snapshot = await this.ports.git.snapshot();
        const files = await this.listFiles(snapshot);
        const checks = await this.discoverIn(files);
        const changeSet = baseline === null ? noBaselineChangeSet() : await this.changeSetSince(baseline.record, snapshot, input);
        const changed = changedPaths(changeSet);
        const { selection, graph, precision } = await this.select(baseline?.record ?? null, checks, files, changed, changeSet);
        const toRun = baseline === null ? [] : checks.filter((c) => selection.selected.includes(c.id));
        const runs = await this.runChecks(toRun, input?.signal);
        const assessment = assess({
            baseline: baseline?.record ?? null,
            checks,
            runs: new Map([...runs].map(([id, r]) => [id, r.current])),
            selection,
            changeSet,
            graph,
            baselineDistrust: baseline?.distrust ?? null,
        });
        const entry = evidenceEntry('verification', {
            schema: 'dsh-proof.verification/1',
            baselineId: baseline?.baselineId ?? null,
            changeSet,
            selection: { full: selection.full, reason: selection.reason, selected: selection.selected, invalidators: selection.invalidators, uncovered: selection.uncovered, precision },
            verdicts: assessment.verdicts,
            grade: assessment.grade,
        }, this.ports.hasher, { at: this.ports.now() });
        await this.emit(entry);
        return {
            grade: assessment.grade,
            impactPrecision: precision,
            summary: summaryLine(assessment.grade, assessment.counts),
            blockers: assessment.blockers,
            verdicts: assessment.verdicts,
            preExisting: assessment.preExisting,
            attribution: assessment.attribution,
            counts: assessment.counts,
            changeSet,
            selection,
            runs: [...runs.values()].map((r) => r.summary),
            baselineId: baseline?.baselineId ?? null,
            evidenceRoot: entry.evidenceId,
            aborted: input?.signal?.aborted === true,
        };
    }
    async changeSetSince(baseline, snapshot, input) {
        const diff = snapshot !== null && baseline.head !== null ? await this.ports.git.diff(baseline.head) : null;
        const explicit = input?.explicitFiles ?? [];
        const digests = await this.digestAll(changeCandidates(this.options.workspace, baseline, snapshot, diff, input));
        return computeChangeSet({
            workspace: this.options.workspace,
            baseline: { head: baseline.head, dirty: baseline.dirty },
            git: snapshot === null ? null : { status: snapshot.status, diff, listed: snapshot.files },
            digest: (p) => {
                const digest = digests.get(p);
                if (digest === undefined)
                    throw new ProofError('internal', `digest of \`${p}\` was not taken before the change set was computed`);
                return digest;
            },
            touches: input?.touches,
            explicit,
        });
    }
    async digestAll(paths) {
        const digests = new Map();
        await forEachLimited([...paths], async (p) => {
            digests.set(p, await this.ports.fs.digest(p));
        });
        return digests;
    }
    async select(baseline, checks, files, changed, changeSet) {
        const useGraph = this.options.impactGraph !== false;
        // Committed dependency trees are not part of the project's own graph.
        const scanned = files.filter((f) => (sourceLanguage(f) !== null || isManifestPath(f)) && !/(?:^|\/)node_modules\//.test(f));
        const sources = useGraph ? await this.readAll(scanned) : new Map();
        const resolved = useGraph && this.ports.modules !== null ? await this.ports.modules.resolve({ files: scanned, sources }) : null;
        const graph = useGraph ? buildImportGraph({ files, read: (p) => sources.get(p) ?? null, resolvedEdges: resolved?.edges ?? undefined }) : null;
        const selection = selectChecks({
            checks,
            changed,
            graph,
            globalInvalidators: this.options.globalInvalidators,
            forceFull: changeSet.degraded ? 'degraded' : null,
            mustRun: mustRunChecks(baseline, checks),
        });
        const precision = selection.full ? 'forced' : (resolved?.edges ?? null) !== null ? 'resolved' : 'approximate';
        return { selection, graph, precision };
    }
}
/** Every path the change-set computation may ask a digest of. */
function changeCandidates(workspace, baseline, snapshot, diff, input) {
    const paths = new Set(Object.keys(baseline.dirty));
    for (const p of Object.keys(normaliseTouches(workspace, input?.touches).files))
        paths.add(p);
    for (const e of [...(snapshot?.status ?? []), ...(diff ?? [])]) {
        paths.add(e.path);
        if (e.from !== undefined)
            paths.add(e.from);
    }
    for (const raw of input?.explicitFiles ?? []) {
        const p = toWorkspacePath(raw, workspace);
        if (p !== null && p !== '')
            paths.add(p);
    }
    return paths;
}
/** Checks without a comparable baseline result: new, or with a changed definition. */
function mustRunChecks(baseline, checks) {
    const before = new Map((baseline?.checks ?? []).map((c) => [c.id, c]));
    return checks
        .filter((c) => {
        const b = before.get(c.id);
        return b === undefined || isRedefined(b, c);
    })
        .map((c) => c.id);
}
function changedPaths(changeSet) {
    const paths = new Set();
    for (const f of changeSet.files) {
        paths.add(f.path);
        if (f.from !== undefined)
            paths.add(f.from);
    }
    return [...paths].sort(compareCodeUnits);
}
/**
 * The workspace's real path when it differs (a symlinked checkout, macOS's
 * /var → /private/var): tools may print either spelling.
 */
function realPathAliases(workspace) {
    try {
        const real = realpathSync(workspace);
        return real === workspace ? [] : [real];
    }
    catch {
        return []; // not created yet: nothing else can have printed it
    }
}
/** Files open at once while reading or digesting: well under any fd limit. */
const IO_CONCURRENCY = 32;
async function forEachLimited(items, task) {
    let next = 0;
    const worker = async () => {
        while (next < items.length)
            await task(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(IO_CONCURRENCY, items.length) }, worker));
}
function abortedRun() {
    return { exitCode: null, signal: null, timedOut: false, aborted: true, spawnError: null, output: '', durationMs: 0 };
}
function noBaselineChangeSet() {
    return { files: [], methods: [], degraded: true, degradedReason: 'no baseline: nothing to compare against' };
}
function sortRecord(record) {
    const out = {};
    for (const key of Object.keys(record).sort(compareCodeUnits))
        out[key] = record[key];
    return out;
}
function joinWorkspace(workspace, relative) {
    const root = normaliseRoot(workspace);
    const native = workspace.includes('\\') && !workspace.includes('/') ? '\\' : '/';
    const joined = relative === '' ? root : `${root === '/' ? '' : root}/${relative}`;
    return native === '\\' ? joined.replace(/\//g, '\\') : joined;
}
