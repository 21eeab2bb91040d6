import { spawn } from 'node:child_process';
import { OutputCollector } from '../core/output.js';
/** Grace between SIGTERM and SIGKILL when a check is stopped. */
const KILL_GRACE_MS = 2000;
/**
 * Runs check commands through the system shell, each in its own process
 * group so a timeout or an abort stops the whole tree (test runners fork).
 * Output of both streams is collected as bytes and decoded once.
 * Environment: the host's, minus npm lifecycle variables (a check started
 * from inside an npm script must behave as it does from a terminal), plus
 * `CI=1` and no colour, so output is plain and runners do not wait for input.
 */
export function nodeShell() {
    return { run };
}
function checkEnvironment() {
    const env = {};
    for (const [key, value] of Object.entries(process.env)) {
        if (!key.startsWith('npm_') && key !== 'INIT_CWD' && key !== 'NODE_TEST_CONTEXT')
            env[key] = value;
    }
    return { ...env, CI: '1', FORCE_COLOR: '0', NO_COLOR: '1' };
}
function run(request) {
    const started = performance.now();
    return new Promise((resolve) => {
        const collector = new OutputCollector();
        let timedOut = false;
        let aborted = false;
        let spawnError = null;
        let settled = false;
        const unixGroup = process.platform !== 'win32';
        const child = spawn(request.command, {
            cwd: request.cwd,
            shell: true,
            detached: unixGroup,
            env: checkEnvironment(),
            stdio: ['ignore', 'pipe', 'pipe'],
            windowsHide: true,
        });
        const stop = () => {
            if (child.pid === undefined || child.exitCode !== null)
                return;
            const pid = child.pid;
            if (!unixGroup) {
                // Windows has no process groups: taskkill /T ends the whole tree.
                spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on('error', () => child.kill());
                return;
            }
            signalGroup(pid, 'SIGTERM');
            setTimeout(() => signalGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
        };
        const timer = setTimeout(() => {
            timedOut = true;
            stop();
        }, request.timeoutMs);
        const onAbort = () => {
            aborted = true;
            stop();
        };
        if (request.signal?.aborted)
            onAbort();
        else
            request.signal?.addEventListener('abort', onAbort, { once: true });
        child.stdout.on('data', (chunk) => collector.push(chunk));
        child.stderr.on('data', (chunk) => collector.push(chunk));
        const finish = (exitCode, signal) => {
            if (settled)
                return;
            settled = true;
            clearTimeout(timer);
            request.signal?.removeEventListener('abort', onAbort);
            const output = collector.finish();
            resolve({ exitCode, signal, timedOut, aborted, spawnError, output: output.text, durationMs: Math.round(performance.now() - started) });
        };
        child.on('error', (error) => {
            spawnError = `could not start \`${request.command}\` in ${request.cwd}: ${error.message}`;
            finish(null, null);
        });
        child.on('close', (code, signal) => finish(code, signal));
    });
}
function signalGroup(pid, signal) {
    try {
        process.kill(-pid, signal);
    }
    catch {
        // The group is already gone.
    }
}
