// One scripted turn in a web profile, driven the way the web app does it:
// boot `dsh --profile <p> --port 0 --no-open`, open a session through the
// web API (so the session mounts its agent preset), send one prompt and wait
// until the mock model has answered every scripted step.
import { spawn } from "node:child_process";
import { startMockModel } from "../../../tools/mock-model.mjs";

const BOOT_TIMEOUT_MS = 60_000;
const TURN_TIMEOUT_MS = 60_000;

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export async function until(what, timeoutMs, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

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
 * @param {object} options
 * @param {object} options.host - from lib/host.mjs.
 * @param {string} options.dshHome
 * @param {string} options.profile
 * @param {string} options.cwd - the session workspace.
 * @param {object} options.script - mock-model script; the turn is over when every step was requested.
 * @param {Record<string,string>} [options.env]
 * @returns {Promise<{ steps: object[], output: string }>} the model-step requests, in order, and dsh's output.
 */
export async function webTurn({ host, dshHome, profile, cwd, script, task = "Do the scripted work.", env = {} }) {
  const mock = await startMockModel({ script, lifetimeMs: BOOT_TIMEOUT_MS + TURN_TIMEOUT_MS + 30_000 });
  let output = "";
  const dsh = spawn(host.launcher, ["--profile", profile, "--port", "0", "--no-open"], {
    cwd,
    env: { ...process.env, DSH_HOME: dshHome, DSH_TELEMETRY_DISABLED: "1", DEEPSEEK_BASE_URL: mock.url, DEEPSEEK_API_KEY: "mock-key-not-secret", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  dsh.stdout.on("data", (chunk) => (output += chunk));
  dsh.stderr.on("data", (chunk) => (output += chunk));
  const steps = () => mock.requests.filter((entry) => entry.kind === "step");
  try {
    const base = await until('the "dsh web:" line', BOOT_TIMEOUT_MS, () => {
      if (dsh.exitCode !== null) throw new Error(`dsh exited with ${dsh.exitCode}:\n${output}`);
      return /dsh web: (http:\/\/\S+)/.exec(output)?.[1];
    });
    const { sessionId } = await api(base, "session.create", { cwd });
    await api(base, "session.prompt", { sessionId, mode: "queue", content: [{ type: "text", text: task }] });
    await until(`all ${script.steps.length} model steps`, TURN_TIMEOUT_MS, () => steps().length >= script.steps.length);
    // The last step's answer is the end of the turn; give dsh a moment to close it.
    await sleep(500);
    return { steps: steps().map((entry) => entry.request), output };
  } catch (error) {
    error.message += `\ndsh output:\n${output.slice(-4000)}`;
    throw error;
  } finally {
    try {
      process.kill(-dsh.pid, "SIGTERM");
    } catch {}
    const killer = setTimeout(() => {
      try {
        process.kill(-dsh.pid, "SIGKILL");
      } catch {}
    }, 5_000);
    if (dsh.exitCode === null) await new Promise((done) => dsh.once("exit", done));
    clearTimeout(killer);
    await mock.close();
  }
}
