// Drives the installed profile's default surface, the web app (dsh-base +
// dsh-web-app), with the real dsh: boots `dsh --profile <name>` on a loopback
// port, opens a session through the web API (so the `standard` agent preset
// mounts its tool rows from the profile) and plays one scripted turn against
// tools/mock-model.mjs: a `write` outside the workspace, the identical
// re-run, a final answer. Prints one line per finding and exits 1 when one
// is wrong.
//
//   node tests/install/web-surface.mjs --launcher <dsh> --dsh-home <dir>
//        --profile <name> --workspace <dir> --outside <dir>
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startMockModel } from '../../tools/mock-model.mjs';
import { api as call, until } from '../e2e/lib/web.mjs';

const INTERCEPTED = '[sandbox: self-check intercepted';
const BOOT_TIMEOUT_MS = 60_000;
const TURN_TIMEOUT_MS = 60_000;

const { values: options } = parseArgs({
  options: {
    launcher: { type: 'string' },
    'dsh-home': { type: 'string' },
    profile: { type: 'string' },
    workspace: { type: 'string' },
    outside: { type: 'string' },
  },
});

const target = join(options.outside, 'web-surface.txt');
const writeCall = { name: 'write', arguments: { file_path: target, content: 'written from the web surface\n' } };
const script = { title: 'Web surface', steps: [{ tool_calls: [writeCall] }, { tool_calls: [writeCall] }, { content: 'Done.' }] };

const excerpt = (text) => text.replace(/\s+/g, ' ').slice(0, 120);

/** The text of every tool result the model was sent in one request. */
function toolResults(request) {
  return (request.messages ?? []).filter((message) => message.role === 'tool').map((message) =>
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content));
}

async function main() {
  const mock = await startMockModel({ script, lifetimeMs: BOOT_TIMEOUT_MS + TURN_TIMEOUT_MS + 30_000 });
  let output = '';
  const dsh = spawn(resolve(options.launcher), ['--profile', options.profile, '--port', '0', '--no-open'], {
    cwd: options.workspace,
    env: {
      ...process.env,
      DSH_HOME: options['dsh-home'],
      DSH_PERMISSION_MODE: 'self-checking',
      DSH_TELEMETRY_DISABLED: '1',
      DEEPSEEK_BASE_URL: mock.url,
      DEEPSEEK_API_KEY: 'test-key',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let spawnError;
  dsh.on('error', (error) => { spawnError = error; });
  dsh.stdout.on('data', (chunk) => { output += chunk; });
  dsh.stderr.on('data', (chunk) => { output += chunk; });
  const findings = [];
  const expect = (ok, text) => findings.push(`${ok ? 'ok' : 'WRONG'}  ${text}`);
  try {
    const base = await until('the "dsh web:" line', BOOT_TIMEOUT_MS, () => {
      if (spawnError !== undefined) throw new Error(`dsh could not start: ${spawnError.message}`);
      if (dsh.exitCode !== null) throw new Error(`dsh exited with ${dsh.exitCode}:\n${output}`);
      return /dsh web: (http:\/\/\S+)/.exec(output)?.[1];
    });
    const { sessionId, agentPreset } = await call(base, 'session.create', { cwd: options.workspace });
    await call(base, 'session.prompt', { sessionId, mode: 'queue', content: [{ type: 'text', text: 'Write the file.' }] });
    const turn = () => mock.requests.filter((entry) => entry.kind !== 'title');
    await until('the third model step', TURN_TIMEOUT_MS, () => turn().length >= 3);
    const [first, second, third] = turn();
    const offered = (first.request.tools ?? []).map((tool) => tool.function?.name);
    expect(agentPreset !== undefined, `the session runs the agent preset ${agentPreset}`);
    expect(offered.includes('write') && offered.includes('bash'), 'the preset offers bash and write');
    expect(offered.includes('proof_baseline'), 'the dsh-proof plugin row offers its tools to web sessions');
    const intercepted = toolResults(second.request).at(-1) ?? '';
    expect(intercepted.includes(INTERCEPTED), `the first outside write is intercepted: ${excerpt(intercepted)}`);
    const rerun = toolResults(third.request).at(-1) ?? '';
    expect(!rerun.includes('[sandbox:'), `the identical re-run is allowed: ${excerpt(rerun)}`);
    expect(existsSync(target) && readFileSync(target, 'utf8') === 'written from the web surface\n', `${target} holds what the re-run wrote`);
  } catch (error) {
    findings.push(`WRONG  ${error.message}`);
  } finally {
    dsh.kill('SIGTERM');
    const killer = setTimeout(() => dsh.kill('SIGKILL'), 5_000);
    if (dsh.exitCode === null && spawnError === undefined) await new Promise((done) => dsh.once('exit', done));
    clearTimeout(killer);
    await mock.close();
  }
  for (const line of findings) console.log(line);
  return findings.some((line) => line.startsWith('WRONG')) ? 1 : 0;
}

process.exit(await main());
