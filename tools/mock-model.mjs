#!/usr/bin/env node
// A scripted stand-in for the DeepSeek chat-completions API, for driving a
// real dsh host in tests and in the demo without an API key. Node standard
// library only.
//
// It speaks the OpenAI-style streaming protocol dsh's llm-deepseek adapter
// uses (`POST {baseURL}/chat/completions`, SSE `data:` chunks, `data: [DONE]`)
// on 127.0.0.1 and answers from a script:
//
//   {
//     "title": "Scripted session",            // answer to the title request
//     "steps": [                              // one entry per model step
//       { "tool_calls": [{ "name": "bash", "arguments": { "command": "ls" } }] },
//       { "content": "Done." }
//     ]
//   }
//
// Which step answers a request is decided by the request itself: the number
// of assistant messages already in it. A turn's tool calls, the re-run after
// an interception, and an extra step a plugin steers in after a final answer
// (a user note after the last assistant message) each advance by exactly one
// step, so a script lists the model's steps in order and the request log shows
// what the model saw before each one.
//
// Every request is appended to a JSON-lines log (when `log` is given) and kept
// in memory. The server closes itself after `lifetimeMs` (bounded in time
// even if a test forgets it).
//
// Command line:
//   node tools/mock-model.mjs --script s.json [--log requests.jsonl]
//        [--port-file f] [--lifetime-ms N]
// prints `port=<n>` and `url=<baseURL>` on stdout once listening; SIGTERM or
// SIGINT shut it down cleanly.
import { appendFileSync, readFileSync, writeFileSync, renameSync } from "node:fs";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

/** Default bound on a server's life: longer than any scripted dsh run. */
export const DEFAULT_LIFETIME_MS = 5 * 60_000;

/** The answer given when a request asks for a step the script does not have. */
export const EXHAUSTED_TEXT = "mock-model: the script has no step for this request";

/**
 * Check a script's shape and return a normalised copy.
 * @param {unknown} script - parsed script JSON.
 * @param {string} origin - where it came from, for error messages.
 */
export function validateScript(script, origin = "script") {
  const fail = (what) => {
    throw new TypeError(`${origin}: ${what}`);
  };
  if (script === null || typeof script !== "object" || Array.isArray(script)) fail("expected an object with a `steps` array");
  if (!Array.isArray(script.steps)) fail("`steps` must be an array");
  if (script.title !== undefined && typeof script.title !== "string") fail("`title` must be a string");
  const steps = script.steps.map((step, i) => validateStep(step, `${origin}: steps[${i}]`));
  return { title: script.title ?? "Scripted session", steps };
}

function validateStep(step, where) {
  if (step === null || typeof step !== "object" || Array.isArray(step)) throw new TypeError(`${where}: expected an object`);
  const hasCalls = step.tool_calls !== undefined;
  const hasContent = step.content !== undefined;
  if (hasCalls === hasContent) throw new TypeError(`${where}: give exactly one of \`content\` (a final answer) or \`tool_calls\``);
  if (hasContent) {
    if (typeof step.content !== "string" || step.content === "") throw new TypeError(`${where}: \`content\` must be a non-empty string`);
    return { content: step.content };
  }
  if (!Array.isArray(step.tool_calls) || step.tool_calls.length === 0) throw new TypeError(`${where}: \`tool_calls\` must be a non-empty array`);
  const toolCalls = step.tool_calls.map((call, k) => {
    if (call === null || typeof call !== "object" || typeof call.name !== "string" || call.name === "") {
      throw new TypeError(`${where}.tool_calls[${k}]: expected { name, arguments }`);
    }
    const args = call.arguments ?? {};
    if (typeof args !== "string" && (typeof args !== "object" || args === null || Array.isArray(args))) {
      throw new TypeError(`${where}.tool_calls[${k}]: \`arguments\` must be an object (or a raw JSON string)`);
    }
    return { name: call.name, arguments: typeof args === "string" ? args : JSON.stringify(args) };
  });
  return { tool_calls: toolCalls };
}

/**
 * Classify one chat-completions request and find the step that answers it.
 * A request without tools is the session-title request; a compaction request
 * carries dsh's compaction header; every other request is the model step
 * numbered by the assistant messages already in the conversation.
 */
export function classifyRequest(body, headers = {}) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const assistantTurns = messages.filter((m) => m?.role === "assistant").length;
  const toolMessages = messages.filter((m) => m?.role === "tool").length;
  let kind = "step";
  if (headers["x-deepseek-harness-compact"] === "1") kind = "compaction";
  else if (!Array.isArray(body?.tools) || body.tools.length === 0) kind = "title";
  return { kind, step: kind === "step" ? assistantTurns : null, assistantTurns, toolMessages };
}

/** Split text into a few pieces so clients see a real multi-chunk stream. */
function pieces(text, count = 3) {
  const size = Math.max(1, Math.ceil(text.length / count));
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * The SSE payloads (without the `data: ` framing) answering with `answer`,
 * which is either `{ content }` or `{ tool_calls }`, ending with `[DONE]`.
 */
export function ssePayloads(answer, { id = "chatcmpl-mock", model = "mock", stepLabel = "0" } = {}) {
  const created = 1_700_000_000;
  const chunk = (delta, finishReason = null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
  const out = [chunk({ role: "assistant", content: "" })];
  if (answer.content !== undefined) {
    for (const piece of pieces(answer.content)) out.push(chunk({ content: piece }));
    out.push(chunk({}, "stop"));
  } else {
    answer.tool_calls.forEach((call, index) => {
      const callId = `call_${stepLabel}_${index}`;
      out.push(chunk({ tool_calls: [{ index, id: callId, type: "function", function: { name: call.name, arguments: "" } }] }));
      for (const piece of pieces(call.arguments)) out.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
    out.push(chunk({}, "tool_calls"));
  }
  out.push({ id, object: "chat.completion.chunk", created, model, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
  return [...out.map((payload) => JSON.stringify(payload)), "[DONE]"];
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts)));
    req.on("error", reject);
  });
}

function sendJsonError(res, status, message) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { message, type: "mock_model_error" } }));
}

/**
 * Start a scripted model server on 127.0.0.1.
 * @param {object} options
 * @param {object} options.script - `{ title?, steps }` (see the file header).
 * @param {string} [options.log] - JSON-lines file every request is appended to.
 * @param {number} [options.port] - 0 (default) picks a free port.
 * @param {number} [options.lifetimeMs] - the server closes itself after this long.
 * @param {(entry: object) => unknown} [options.onRequest] - called with each
 *   request's log entry before it is answered, i.e. after the tools of the
 *   previous step ran; its return value is kept as `entry.observed` (tests
 *   use it to see the disk between two steps of one turn).
 * @returns {Promise<{port: number, url: string, requests: object[], close: () => Promise<void>, closed: Promise<string>}>}
 *   `url` is the base URL to export as DEEPSEEK_BASE_URL; `closed` resolves
 *   with "closed" or "lifetime" once the server has stopped.
 */
export async function startMockModel({ script, log, port = 0, lifetimeMs = DEFAULT_LIFETIME_MS, onRequest }) {
  const { title, steps } = validateScript(script);
  const requests = [];
  if (log !== undefined) writeFileSync(log, "");

  const record = (entry) => {
    requests.push(entry);
    if (log !== undefined) appendFileSync(log, JSON.stringify(entry) + "\n");
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "POST" || !url.pathname.endsWith("/chat/completions")) {
      record({ seq: requests.length, kind: "unsupported", method: req.method, path: url.pathname });
      sendJsonError(res, 404, `mock-model: only POST /chat/completions is served (got ${req.method} ${url.pathname})`);
      return;
    }
    let body;
    try {
      body = JSON.parse((await readBody(req)).toString("utf8"));
    } catch (error) {
      record({ seq: requests.length, kind: "malformed", error: String(error) });
      sendJsonError(res, 400, `mock-model: request body is not JSON: ${error}`);
      return;
    }
    const seq = requests.length;
    const facts = classifyRequest(body, req.headers);
    let answer;
    let exhausted = false;
    if (facts.kind === "title") answer = { content: title };
    else if (facts.kind === "compaction") answer = { content: "Summary of the scripted session so far." };
    else if (facts.step < steps.length) answer = steps[facts.step];
    else {
      exhausted = true;
      answer = { content: `${EXHAUSTED_TEXT} (step ${facts.step}, script has ${steps.length})` };
    }
    const offered = new Set((body.tools ?? []).map((tool) => tool?.function?.name));
    const unofferedTools = (answer.tool_calls ?? []).map((call) => call.name).filter((name) => !offered.has(name));
    const entry = {
      seq,
      ...facts,
      exhausted,
      unofferedTools,
      sessionId: req.headers["x-deepseek-harness-session-id"] ?? null,
      answer,
      request: body,
    };
    if (onRequest !== undefined) entry.observed = onRequest(entry) ?? null;
    record(entry);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    for (const payload of ssePayloads(answer, { id: `chatcmpl-mock-${seq}`, model: body.model ?? "mock", stepLabel: String(seq) })) {
      res.write(`data: ${payload}\n\n`);
    }
    res.end();
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actualPort = server.address().port;

  let resolveClosed;
  const closed = new Promise((resolve) => {
    resolveClosed = resolve;
  });
  let closing;
  const shutdown = (why) => {
    closing ??= new Promise((resolve) => {
      clearTimeout(timer);
      server.close(() => {
        resolveClosed(why);
        resolve();
      });
      server.closeAllConnections();
    });
    return closing;
  };
  const timer = setTimeout(() => void shutdown("lifetime"), lifetimeMs);

  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    requests,
    close: () => shutdown("closed"),
    closed,
  };
}

/** Read a JSON-lines request log written by the server. */
export function readRequestLog(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      script: { type: "string" },
      log: { type: "string" },
      "port-file": { type: "string" },
      "lifetime-ms": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || values.script === undefined) {
    process.stderr.write("usage: node tools/mock-model.mjs --script <file.json> [--log <requests.jsonl>] [--port-file <file>] [--lifetime-ms <n>]\n");
    return values.help ? 0 : 2;
  }
  let script;
  try {
    script = validateScript(JSON.parse(readFileSync(values.script, "utf8")), values.script);
  } catch (error) {
    process.stderr.write(`error: cannot use script \`${values.script}\`: ${error.message}\n`);
    return 1;
  }
  const lifetimeMs = values["lifetime-ms"] === undefined ? DEFAULT_LIFETIME_MS : Number(values["lifetime-ms"]);
  if (!Number.isInteger(lifetimeMs) || lifetimeMs <= 0) {
    process.stderr.write(`error: --lifetime-ms must be a positive integer (got ${values["lifetime-ms"]})\n`);
    return 2;
  }
  const server = await startMockModel({ script, log: values.log, lifetimeMs });
  if (values["port-file"] !== undefined) {
    // Written whole, then renamed, so a reader polling for it never sees half.
    writeFileSync(`${values["port-file"]}.tmp`, `${server.port}\n`);
    renameSync(`${values["port-file"]}.tmp`, values["port-file"]);
  }
  process.stdout.write(`port=${server.port}\nurl=${server.url}\n`);
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => void server.close());
  const why = await server.closed;
  if (why === "lifetime") {
    process.stderr.write(`mock-model: lifetime of ${lifetimeMs} ms elapsed; shutting down\n`);
    return 3;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
