// Runs one real headless dsh turn against the scripted mock model and
// collects what a test asserts on: exit code, printed answer, every request
// the model received (what the model saw before each step) and the session
// dsh wrote.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { startMockModel } from "../../../tools/mock-model.mjs";
import { readSessions, sessionFiles } from "./session.mjs";

/** Upper bound for one scripted turn (they take about a second). */
export const TURN_TIMEOUT_MS = 90_000;

/** Environment for dsh: the caller's PATH and locale, nothing of the caller's dsh or DeepSeek set-up. */
function dshEnv({ dshHome, baseUrl, env }) {
  const base = {};
  for (const key of ["PATH", "LANG", "LC_ALL", "HOME", "USER", "TMPDIR"]) {
    if (process.env[key] !== undefined) base[key] = process.env[key];
  }
  return {
    ...base,
    DSH_HOME: dshHome,
    DEEPSEEK_BASE_URL: baseUrl,
    DEEPSEEK_API_KEY: "mock-key-not-secret",
    NO_COLOR: "1",
    // No telemetry export from test runs (the OTEL row would try the network).
    DSH_TELEMETRY_DISABLED: "1",
    ...env,
  };
}

function waitForExit(child, timeoutMs) {
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The launcher started its own process group: end all of it.
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut });
    });
  });
}

/**
 * Run `dsh --profile <profile> <task>` headless in `cwd` with a scripted model.
 * @param {object} options
 * @param {object} options.host - from lib/host.mjs.
 * @param {string} options.dshHome - the DSH_HOME to boot with.
 * @param {string} options.profile - profile name under $DSH_HOME/profiles.
 * @param {string} options.cwd - the session workspace.
 * @param {string} options.task - the user's task text.
 * @param {object} options.script - mock-model script (`{ steps, title? }`).
 * @param {Record<string,string>} [options.env] - extra environment (e.g. DSH_PERMISSION_MODE).
 * @param {string[]} [options.args] - extra dsh arguments before the task (e.g. `--patch <file>`).
 * @param {string} [options.logDir] - where to keep the request log (default: dshHome).
 * @param {() => unknown} [options.observe] - called before each model step is
 *   answered (after the previous step's tools ran); `turn.observedBeforeStep[i]`
 *   holds what it returned before step i.
 */
export async function runTurn({ host, dshHome, profile, cwd, task, script, env = {}, args = [], logDir = dshHome, timeoutMs = TURN_TIMEOUT_MS, observe }) {
  const log = join(logDir, `requests-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.jsonl`);
  const onRequest = observe === undefined ? undefined : (entry) => (entry.kind === "step" ? observe() : undefined);
  const model = await startMockModel({ script, log, lifetimeMs: timeoutMs + 30_000, onRequest });
  const earlierSessions = new Set(sessionFiles(dshHome));
  let exit;
  const stdout = [];
  const stderr = [];
  try {
    const child = spawn(host.launcher, ["--profile", profile, ...args, task], {
      cwd,
      env: dshEnv({ dshHome, baseUrl: model.url, env }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout.on("data", (part) => stdout.push(part));
    child.stderr.on("data", (part) => stderr.push(part));
    exit = await waitForExit(child, timeoutMs);
  } finally {
    await model.close();
  }
  const requests = model.requests;
  return new Turn({
    ...exit,
    stdout: Buffer.concat(stdout).toString("utf8"),
    stderr: Buffer.concat(stderr).toString("utf8"),
    requests,
    log,
    sessions: readSessions(host, dshHome).filter((session) => !earlierSessions.has(session.file)),
  });
}

/** One finished turn and views of what the model saw. */
export class Turn {
  constructor(fields) {
    Object.assign(this, fields);
  }

  /** The model-step requests (not the title request), in order. */
  get stepRequests() {
    return this.requests.filter((entry) => entry.kind === "step");
  }

  /** What the `observe` callback returned before each model step (index = step). */
  get observedBeforeStep() {
    return this.stepRequests.map((entry) => entry.observed);
  }

  /** The conversation as the model saw it in its last request. */
  get finalMessages() {
    const steps = this.stepRequests;
    return steps.length === 0 ? [] : steps[steps.length - 1].request.messages;
  }

  /**
   * Each tool call of the turn with the result the model was shown:
   * `[{ name, arguments (parsed), result (text) }]`, in call order.
   */
  get toolExchanges() {
    const results = new Map(this.finalMessages.filter((m) => m.role === "tool").map((m) => [m.tool_call_id, m.content]));
    return this.finalMessages
      .filter((m) => m.role === "assistant")
      .flatMap((m) => m.tool_calls ?? [])
      .map((call) => ({ name: call.function.name, arguments: JSON.parse(call.function.arguments), result: results.get(call.id) }));
  }

  /** User-role messages the model saw after its first step (plugin notes, steering). */
  get notesAfterFirstStep() {
    const messages = this.finalMessages;
    const first = messages.findIndex((m) => m.role === "assistant");
    if (first === -1) return [];
    return messages.slice(first).filter((m) => m.role === "user").map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
  }

  /** The one session this turn wrote (asserts there is exactly one). */
  get session() {
    if (this.sessions.length !== 1) throw new Error(`expected one session, found ${this.sessions.length}`);
    return this.sessions[0];
  }

  /** A readable account for assertion messages. */
  describe() {
    const exchanges = this.toolExchanges.map((x, i) => `  #${i + 1} ${x.name} ${JSON.stringify(x.arguments)}\n    -> ${JSON.stringify(x.result)}`).join("\n");
    return `exit ${this.code}${this.signal ? ` (${this.signal})` : ""}${this.timedOut ? " TIMED OUT" : ""}\nstdout: ${this.stdout}\nstderr: ${this.stderr.slice(-4000)}\nmodel steps requested: ${this.stepRequests.length}\ntool exchanges:\n${exchanges}\nnotes: ${JSON.stringify(this.notesAfterFirstStep)}`;
  }
}
