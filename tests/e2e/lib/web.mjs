// The installed profile's web app (dsh-base + dsh-web-app), booted by the
// real dsh on a loopback port: its base URL, a web-API caller and a stop.
import { spawn } from "node:child_process";

/** Upper bound for dsh to print its "dsh web:" line. */
export const BOOT_TIMEOUT_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * @returns {Promise<{ base: string, api: (method: string, payload: object) => Promise<unknown>, stop: () => Promise<void>, output: () => string }>}
 */
export async function bootWebApp({ launcher, dshHome, profile, workspace, env }) {
  let output = "";
  const child = spawn(launcher, ["--profile", profile, "--port", "0", "--no-open"], {
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
