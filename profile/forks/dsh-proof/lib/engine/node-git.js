import { execFile } from 'node:child_process';
import { compareCodeUnits } from '../core/canonical.js';
import { decodeUtf8 } from '../core/output.js';
import { parseNameStatusZ, parsePorcelainZ } from '../core/provenance.js';
/**
 * Run git in `cwd`: `null` when it could not start (missing). Never takes
 * optional locks (`GIT_OPTIONAL_LOCKS=0`), so a status does not hold the
 * index lock the agent's own git commands may need.
 */
export function runGit(cwd, args, options = {}) {
    return new Promise((resolve) => {
        execFile(options.gitBinary ?? 'git', ['-c', 'core.quotepath=off', ...args], {
            cwd,
            encoding: 'buffer',
            maxBuffer: 512 * 1024 * 1024,
            env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
            windowsHide: true,
            ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs, killSignal: 'SIGKILL' }),
        }, (error, stdout) => {
            const failure = error;
            const timedOut = failure?.killed === true && options.timeoutMs !== undefined;
            const code = failure === null ? 0 : typeof failure.code === 'number' ? failure.code : -1;
            // -1: git missing (ENOENT) or could not run.
            resolve(code === -1 && !timedOut ? null : { code, stdout: decodeUtf8(stdout), timedOut });
        });
    });
}
/**
 * Git through its porcelain `-z` formats (paths verbatim, renames with both
 * paths). The workspace may be a sub-directory of the repository: paths are
 * re-rooted at the workspace and entries outside it dropped.
 */
export function nodeGit(workspace, gitBinary = 'git') {
    const git = (args) => runGit(workspace, args, { gitBinary });
    let prefixPromise = null;
    const prefix = () => (prefixPromise ??= git(['rev-parse', '--show-prefix']).then((r) => (r === null || r.code !== 0 ? null : r.stdout.trim())));
    return {
        async snapshot() {
            const pre = await prefix();
            if (pre === null)
                return null;
            const [head, status, files] = await Promise.all([
                git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']),
                git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.']),
                git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']),
            ]);
            if (status === null || status.code !== 0 || files === null || files.code !== 0)
                return null;
            return {
                head: head !== null && head.code === 0 ? head.stdout.trim() : null,
                status: reroot(parsePorcelainZ(status.stdout), pre),
                files: [...new Set(files.stdout.split('\0').filter(Boolean))].sort(compareCodeUnits),
            };
        },
        async diff(base) {
            const pre = await prefix();
            if (pre === null || !/^[0-9a-f]{7,64}$/.test(base))
                return null;
            const exists = await git(['cat-file', '-e', `${base}^{commit}`]);
            if (exists === null || exists.code !== 0)
                return null;
            const result = await git(['diff', '--name-status', '-z', '-M', '--relative', base, '--']);
            if (result === null || result.code !== 0)
                return null;
            return parseNameStatusZ(result.stdout);
        },
    };
}
/** Porcelain paths are relative to the repository root: make them workspace-relative. */
export function reroot(entries, prefix) {
    if (prefix === '')
        return [...entries];
    const out = [];
    for (const entry of entries) {
        if (!entry.path.startsWith(prefix))
            continue;
        const path = entry.path.slice(prefix.length);
        const from = entry.from?.startsWith(prefix) ? entry.from.slice(prefix.length) : undefined;
        out.push(from === undefined ? { xy: entry.xy, path } : { xy: entry.xy, path, from });
    }
    return out;
}
