// The installed profile's web app (dsh-base + dsh-web-app), booted by the
// real dsh on a loopback port: its base URL, a web-API caller and a stop.
import { spawn } from "node:child_process";
import { startMockModel } from "../../../tools/mock-model.mjs";

/** Upper bound for dsh to print its "dsh web:" line. */
export const BOOT_TIMEOUT_MS = 60_000;
/** Upper bound for one scripted turn once the prompt is sent. */
const TURN_TIMEOUT_MS = 60_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Poll `probe` (sync or async) every 100 ms until it returns a truthy value; throws after `timeoutMs`. */
export async function until(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Boot `dsh --profile <profile> --port 0 --no-open` in `workspace` (its own
 * process group, so `stop` ends all of it).
 * @param {object} options
 * @param {string} options.launcher - the host's bin/dsh.
 * @param {string} options.dshHome - the DSH_HOME to boot with.
 * @param {string} options.profile - profile name under $DSH_HOME/profiles.
 * @param {string} options.workspace - the server's working directory.
 * @param {Record<string,string>} [options.env] - extra environment (DEEPSEEK_BASE_URL, DSH_PERMISSION_MODE, …).
 * @param {string[]} [options.args] - extra dsh arguments (e.g. `--patch <file>`).
 * @returns {Promise<{ base: string, api: (method: string, payload: object) => Promise<unknown>, stop: () => Promise<void>, output: () => string }>}
 */
export async function bootWebApp({ launcher, dshHome, profile, workspace, env, args = [] }) {
  let output = "";
  const child = spawn(launcher, ["--profile", profile, ...args, "--port", "0", "--no-open"], {
    cwd: workspace,
    env: { ...process.env, DSH_HOME: dshHome, DSH_TELEMETRY_DISABLED: "1", DEEPSEEK_API_KEY: "mock-key-not-secret", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 5_000);
    await exited;
    clearTimeout(killer);
  };
  let base;
  try {
    base = await until('the "dsh web:" line', BOOT_TIMEOUT_MS, () => {
      if (child.exitCode !== null) throw new Error(`dsh exited with ${child.exitCode}:\n${output}`);
      return /dsh web: (http:\/\/\S+)/.exec(output)?.[1];
    });
  } catch (error) {
    await stop();
    throw error;
  }
  /** POST one web-API call; `method` is an RPC name (`session.create`) or a remote endpoint (`commands/execute`). */
  const api = async (method, payload) => {
    const response = await fetch(`${base}/api/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "client-request", rpcId: `${method}-rpc`, method, payload }),
    });
    const body = await response.json();
    if (!body.result?.ok) throw new Error(`${method} failed: ${JSON.stringify(body)}\ndsh output:\n${output.slice(-3000)}`);
    return body.result.value;
  };
  return { base, api, stop, output: () => output };
}

/** One web-API call against `base`, without a booted app object (the install suite's helper). */
export async function api(base, method, payload) {
  const response = await fetch(`${base}/api/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "client-request", rpcId: `${method}-1`, method, payload }),
  });
  const body = await response.json();
  if (!body.result?.ok) throw new Error(`${method} failed: ${JSON.stringify(body)}`);
  return body.result.value;
}

/**
 * One scripted turn in a web profile, driven the way the web app does it:
 * boot the app, open a session through the web API (so the session mounts
 * its agent preset), send one prompt and wait until the mock model has
 * answered every scripted step.
 * @param {object} options
 * @param {object} options.host - from lib/host.mjs.
 * @param {string} options.dshHome
 * @param {string} options.profile
 * @param {string} options.cwd - the session workspace.
 * @param {object} options.script - mock-model script; the turn is over when every step was requested.
 * @param {string} [options.task]
 * @param {Record<string,string>} [options.env]
 * @param {string[]} [options.args] - extra dsh arguments (e.g. `--patch <file>`).
 * @param {() => unknown} [options.observe] - called before each model step is
 *   answered; kept as the request entry's `observed` (see lib/turn.mjs).
 * @returns {Promise<{ steps: object[], requests: object[], sessionId: string, output: string }>}
 *   the model-step requests, in order; every mock-model log entry (sub-agent
 *   sessions' steps included); the session the prompt went to; dsh's output.
 */
export async function webTurn({ host, dshHome, profile, cwd, script, task = "Do the scripted work.", env = {}, args = [], observe }) {
  const onRequest = observe === undefined ? undefined : (entry) => (entry.kind === "step" ? observe() : undefined);
  const mock = await startMockModel({ script, lifetimeMs: BOOT_TIMEOUT_MS + TURN_TIMEOUT_MS + 30_000, onRequest });
  const steps = () => mock.requests.filter((entry) => entry.kind === "step");
  const last = script.steps.length - 1;
  let app;
  try {
    app = await bootWebApp({
      launcher: host.launcher,
      dshHome,
      profile,
      workspace: cwd,
      env: { DEEPSEEK_BASE_URL: mock.url, NO_COLOR: "1", ...env },
      args,
    });
    const { sessionId } = await app.api("session.create", { cwd });
    await app.api("session.prompt", { sessionId, mode: "queue", content: [{ type: "text", text: task }] });
    // The turn is over when the prompted session asked for its last scripted
    // step (sub-agent sessions ask for steps of their own in between).
    await until(`the session's last scripted step (${last})`, TURN_TIMEOUT_MS, () =>
      steps().some((entry) => entry.step === last && (entry.sessionId === null || entry.sessionId === sessionId)),
    );
    // The last step's answer is the end of the turn; give dsh a moment to close it.
    await sleep(500);
    return { steps: steps().map((entry) => entry.request), requests: [...mock.requests], sessionId, output: app.output() };
  } catch (error) {
    if (app) error.message += `\ndsh output:\n${app.output().slice(-4000)}`;
    throw error;
  } finally {
    await app?.stop();
    await mock.close();
  }
}
