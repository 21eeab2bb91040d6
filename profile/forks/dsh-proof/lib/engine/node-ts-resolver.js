/**
 * Import edges from the workspace's own TypeScript module resolution
 * (`tsconfig` `paths` and `baseUrl`, package `exports`, workspace packages
 * linked under node_modules), which the pattern graph only approximates.
 * Used when the workspace has `typescript` installed; never bundled. The
 * compiler runs in a child process (`ts-resolve-child.js`): it is code the
 * agent can write, and must not share memory with the grader. Results are
 * cached per file content; the work is bounded by a file count and a time
 * budget, past which the caller falls back to the approximate graph.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceLanguage } from '../core/imports.js';
import { baseName } from '../core/paths.js';
export const TS_RESOLVER_MAX_FILES = 20_000;
export const TS_RESOLVER_BUDGET_MS = 10_000;
const CHILD = fileURLToPath(new URL('./ts-resolve-child.js', import.meta.url));
export function nodeTsResolver(workspace, options = {}) {
    const maxFiles = options.maxFiles ?? TS_RESOLVER_MAX_FILES;
    const budgetMs = options.budgetMs ?? TS_RESOLVER_BUDGET_MS;
    /** path → the text its targets were resolved from, and the targets. */
    const cache = new Map();
    let world = '';
    return {
        async resolve({ files, sources }) {
            if (!existsSync(join(workspace, 'node_modules', 'typescript', 'package.json')))
                return { edges: null, reason: 'typescript is not installed in the workspace' };
            const scripts = files.filter((f) => sourceLanguage(f) === 'js' && sources.has(f));
            if (scripts.length > maxFiles)
                return { edges: null, reason: `${scripts.length} JS/TS files, over the ${maxFiles} resolved` };
            // A new or removed file, or another compiler configuration, can move
            // where an unchanged file's imports land: start over.
            const key = worldKey(workspace, files);
            if (key !== world) {
                cache.clear();
                world = key;
            }
            const fresh = (f) => cache.get(f)?.text === sources.get(f);
            const stale = scripts.filter((f) => !fresh(f));
            if (stale.length > 0) {
                const texts = new Map(stale.map((f) => [f, sources.get(f)]));
                const outcome = await resolveInChild(workspace, stale, budgetMs, (file, targets) => {
                    const text = texts.get(file);
                    if (text !== undefined)
                        cache.set(file, { text, targets });
                });
                if (outcome !== null)
                    return { edges: null, reason: outcome };
            }
            if (!scripts.every(fresh))
                return { edges: null, reason: 'files changed while they were resolved' };
            const edges = [];
            for (const f of scripts)
                for (const t of cache.get(f)?.targets ?? [])
                    edges.push([f, t]);
            return { edges, reason: null };
        },
    };
}
/** The file list and every compiler configuration's text, as one comparable string. */
function worldKey(workspace, files) {
    const configs = files.filter((f) => /^(?:ts|js)config.*\.json$/.test(baseName(f)));
    const texts = configs.map((f) => {
        try {
            return readFileSync(join(workspace, f), 'utf8');
        }
        catch {
            return '';
        }
    });
    return JSON.stringify([files, texts]);
}
/**
 * Resolve `files` in the child; `onFile` receives each file as it lands (so
 * a run cut by the budget still caches its progress). null on success, the
 * reason otherwise.
 */
function resolveInChild(workspace, files, budgetMs, onFile) {
    return new Promise((resolve) => {
        const child = spawn(process.execPath, [CHILD], { cwd: workspace, stdio: ['pipe', 'pipe', 'ignore'] });
        let buffered = '';
        let result = 'the TypeScript resolver ended early';
        const timer = setTimeout(() => {
            result = `TypeScript resolution took over ${budgetMs} ms`;
            child.kill('SIGKILL');
        }, budgetMs);
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk) => {
            buffered += chunk;
            let nl;
            while ((nl = buffered.indexOf('\n')) >= 0) {
                const line = buffered.slice(0, nl);
                buffered = buffered.slice(nl + 1);
                const message = parseLine(line);
                if (message === null)
                    continue;
                if ('done' in message)
                    result = null;
                else if ('error' in message)
                    result = `the TypeScript resolver failed: ${message.error}`;
                else
                    onFile(message.file, message.targets);
            }
        });
        child.on('error', (error) => {
            result = `the TypeScript resolver could not start: ${error.message}`;
        });
        child.on('close', () => {
            clearTimeout(timer);
            resolve(result);
        });
        child.stdin.on('error', () => undefined); // a child that died early closes its stdin
        child.stdin.end(JSON.stringify({ workspace, files }));
    });
}
function parseLine(line) {
    try {
        const value = JSON.parse(line);
        if (value.done === true)
            return { done: true };
        if (typeof value.error === 'string')
            return { error: value.error };
        if (typeof value.file === 'string' && Array.isArray(value.targets) && value.targets.every((t) => typeof t === 'string')) {
            return { file: value.file, targets: value.targets };
        }
    }
    catch {
        // Not a protocol line.
    }
    return null;
}
