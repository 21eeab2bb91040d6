// Unit tests of tools/mock-model.mjs: the scripted model server the
// end-to-end suite and the demo drive dsh with.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { EXHAUSTED_TEXT, classifyRequest, readRequestLog, ssePayloads, startMockModel, validateScript } from "../../tools/mock-model.mjs";
import { repoRoot } from "./lib/host.mjs";

const scratch = mkdtempSync(join(tmpdir(), "forklayer-mock-model-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const TOOLS = [{ type: "function", function: { name: "bash", description: "run", parameters: { type: "object" } } }];

const SCRIPT = {
  title: "A title",
  steps: [
    { tool_calls: [{ name: "bash", arguments: { command: "ls", description: "List" } }] },
    { content: "Two files." },
    { content: "Corrected: three files." },
  ],
};

/** POST a chat-completions body and decode the SSE stream into payloads. */
async function complete(url, body, headers = {}) {
  const response = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return { status: response.status, text };
  const payloads = text
    .split("\n\n")
    .filter((frame) => frame !== "")
    .map((frame) => {
      assert.ok(frame.startsWith("data: "), `SSE frame: ${frame}`);
      return frame.slice("data: ".length);
    });
  return { status: response.status, payloads };
}

/** Reassemble a decoded stream the way dsh's adapter does. */
function assemble(payloads) {
  assert.equal(payloads.at(-1), "[DONE]", "the stream ends with [DONE]");
  let content = "";
  const calls = [];
  let finish;
  for (const payload of payloads.slice(0, -1)) {
    for (const choice of JSON.parse(payload).choices) {
      content += choice.delta.content ?? "";
      for (const call of choice.delta.tool_calls ?? []) {
        calls[call.index] ??= { id: undefined, name: undefined, arguments: "" };
        if (call.id) calls[call.index].id = call.id;
        if (call.function?.name) calls[call.index].name = call.function.name;
        calls[call.index].arguments += call.function?.arguments ?? "";
      }
      finish = choice.finish_reason ?? finish;
    }
  }
  return { content, calls, finish };
}

const user = (text) => ({ role: "user", content: text });
const assistantCall = (id) => ({ role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name: "bash", arguments: "{}" } }] });
const toolResult = (id, text) => ({ role: "tool", tool_call_id: id, content: text });

describe("validateScript", () => {
  test("should accept steps and default the title", () => {
    assert.deepEqual(validateScript({ steps: [{ content: "hi" }] }), { title: "Scripted session", steps: [{ content: "hi" }] });
  });
  test("should serialise tool-call arguments given as objects, keep raw strings", () => {
    const { steps } = validateScript({ steps: [{ tool_calls: [{ name: "bash", arguments: { command: "ls" } }, { name: "x", arguments: "{bad" }] }] });
    assert.deepEqual(steps[0].tool_calls, [
      { name: "bash", arguments: '{"command":"ls"}' },
      { name: "x", arguments: "{bad" },
    ]);
  });
  test("should name the step and the problem for bad scripts", () => {
    assert.throws(() => validateScript([], "s.json"), /s\.json: expected an object with a `steps` array/);
    assert.throws(() => validateScript({ steps: [{}] }, "s.json"), /s\.json: steps\[0\]: give exactly one of `content`/);
    assert.throws(() => validateScript({ steps: [{ content: "a", tool_calls: [] }] }), /steps\[0\]: give exactly one/);
    assert.throws(() => validateScript({ steps: [{ tool_calls: [] }] }), /steps\[0\]: `tool_calls` must be a non-empty array/);
    assert.throws(() => validateScript({ steps: [{ tool_calls: [{ arguments: {} }] }] }), /steps\[0\]\.tool_calls\[0\]: expected \{ name, arguments \}/);
    assert.throws(() => validateScript({ steps: [{ content: "" }] }), /`content` must be a non-empty string/);
  });
});

describe("classifyRequest", () => {
  test("should number a step by the assistant messages already in the request", () => {
    assert.deepEqual(classifyRequest({ tools: TOOLS, messages: [user("task")] }), { kind: "step", step: 0, assistantTurns: 0, toolMessages: 0 });
    const afterCall = [user("task"), assistantCall("a"), toolResult("a", "out")];
    assert.deepEqual(classifyRequest({ tools: TOOLS, messages: afterCall }), { kind: "step", step: 1, assistantTurns: 1, toolMessages: 1 });
  });
  test("should advance one step for a plugin note steered in after a final answer", () => {
    const steered = [user("task"), assistantCall("a"), toolResult("a", "out"), { role: "assistant", content: "Two files." }, user("[result check] please source 2")];
    assert.equal(classifyRequest({ tools: TOOLS, messages: steered }).step, 2);
  });
  test("should recognise the title request (no tools) and compaction requests", () => {
    assert.equal(classifyRequest({ messages: [user("x")] }).kind, "title");
    assert.equal(classifyRequest({ tools: [], messages: [user("x")] }).kind, "title");
    assert.equal(classifyRequest({ tools: TOOLS, messages: [] }, { "x-deepseek-harness-compact": "1" }).kind, "compaction");
  });
});

describe("ssePayloads", () => {
  test("should stream a final answer in several content chunks ending with stop and [DONE]", () => {
    const payloads = ssePayloads({ content: "The answer is 42." });
    assert.ok(payloads.filter((p) => p.includes('"content"')).length >= 3);
    assert.deepEqual(assemble(payloads), { content: "The answer is 42.", calls: [], finish: "stop" });
  });
  test("should stream tool calls with ids, names and fragmented arguments", () => {
    const payloads = ssePayloads({ tool_calls: [{ name: "bash", arguments: '{"command":"echo hi"}' }, { name: "write", arguments: '{"file_path":"a"}' }] }, { stepLabel: "7" });
    assert.deepEqual(assemble(payloads), {
      content: "",
      calls: [
        { id: "call_7_0", name: "bash", arguments: '{"command":"echo hi"}' },
        { id: "call_7_1", name: "write", arguments: '{"file_path":"a"}' },
      ],
      finish: "tool_calls",
    });
  });
  test("should keep multi-byte text intact across chunks", () => {
    assert.equal(assemble(ssePayloads({ content: "共1708个细胞 — ok" })).content, "共1708个细胞 — ok");
  });
});

describe("startMockModel", () => {
  test("should answer scripted steps, the title request, and log every request", async () => {
    const log = join(scratch, "requests.jsonl");
    const server = await startMockModel({ script: SCRIPT, log });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const first = await complete(server.url, { model: "m", tools: TOOLS, messages: [user("task")] }, { "x-deepseek-harness-session-id": "s-1" });
      assert.deepEqual(assemble(first.payloads).calls, [{ id: "call_0_0", name: "bash", arguments: '{"command":"ls","description":"List"}' }]);
      const title = await complete(server.url, { model: "m", messages: [user("title this")] });
      assert.equal(assemble(title.payloads).content, "A title");
      const second = await complete(server.url, { model: "m", tools: TOOLS, messages: [user("task"), assistantCall("call_0_0"), toolResult("call_0_0", "a b")] });
      assert.equal(assemble(second.payloads).content, "Two files.");
      const steered = await complete(server.url, {
        model: "m",
        tools: TOOLS,
        messages: [user("task"), assistantCall("call_0_0"), toolResult("call_0_0", "a b c"), { role: "assistant", content: "Two files." }, user("note: 2 is unsourced")],
      });
      assert.equal(assemble(steered.payloads).content, "Corrected: three files.");
    } finally {
      await server.close();
    }
    const logged = readRequestLog(log);
    assert.deepEqual(server.requests, logged);
    assert.deepEqual(
      logged.map((e) => [e.seq, e.kind, e.step, e.exhausted]),
      [
        [0, "step", 0, false],
        [1, "title", null, false],
        [2, "step", 1, false],
        [3, "step", 2, false],
      ],
    );
    assert.equal(logged[0].sessionId, "s-1");
    assert.equal(logged[3].request.messages.at(-1).content, "note: 2 is unsourced", "the log keeps what the model saw");
  });

  test("should record what onRequest observed before answering each request", async () => {
    let calls = 0;
    const server = await startMockModel({ script: SCRIPT, onRequest: (entry) => ({ kind: entry.kind, calls: ++calls }) });
    try {
      await complete(server.url, { tools: TOOLS, messages: [user("t")] });
      await complete(server.url, { messages: [user("title")] });
    } finally {
      await server.close();
    }
    assert.deepEqual(server.requests.map((e) => e.observed), [{ kind: "step", calls: 1 }, { kind: "title", calls: 2 }]);
  });

  test("should answer past the end of the script with a marked text and flag it", async () => {
    const server = await startMockModel({ script: { steps: [{ content: "only" }] } });
    try {
      const reply = await complete(server.url, { tools: TOOLS, messages: [user("t"), { role: "assistant", content: "only" }, user("again")] });
      assert.match(assemble(reply.payloads).content, new RegExp(`^${EXHAUSTED_TEXT} \\(step 1, script has 1\\)$`));
      assert.equal(server.requests[0].exhausted, true);
    } finally {
      await server.close();
    }
  });

  test("should flag scripted tool calls the request did not offer", async () => {
    const server = await startMockModel({ script: { steps: [{ tool_calls: [{ name: "write", arguments: {} }] }] } });
    try {
      await complete(server.url, { tools: TOOLS, messages: [user("t")] });
      assert.deepEqual(server.requests[0].unofferedTools, ["write"]);
    } finally {
      await server.close();
    }
  });

  test("should reject other routes and non-JSON bodies with clear errors", async () => {
    const server = await startMockModel({ script: SCRIPT });
    try {
      const models = await fetch(`${server.url}/models`);
      assert.equal(models.status, 404);
      assert.match((await models.json()).error.message, /only POST \/chat\/completions/);
      const bad = await fetch(`${server.url}/chat/completions`, { method: "POST", body: "{nope" });
      assert.equal(bad.status, 400);
      assert.deepEqual(server.requests.map((e) => e.kind), ["unsupported", "malformed"]);
    } finally {
      await server.close();
    }
  });

  test("should close itself when its lifetime ends", async () => {
    const server = await startMockModel({ script: SCRIPT, lifetimeMs: 50 });
    assert.equal(await server.closed, "lifetime");
    await assert.rejects(fetch(`${server.url}/chat/completions`, { method: "POST", body: "{}" }));
  });

  test("should close open connections on close()", async () => {
    const server = await startMockModel({ script: SCRIPT });
    await complete(server.url, { tools: TOOLS, messages: [user("t")] });
    await server.close();
    assert.equal(await server.closed, "closed");
    await server.close(); // idempotent
  });
});

describe("mock-model command line", () => {
  const cli = join(repoRoot, "tools", "mock-model.mjs");

  function startCli(args) {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
    return { child, exited, stdout: () => stdout };
  }

  test("should print its port, write the port file, serve, and stop cleanly on SIGTERM", async () => {
    const scriptFile = join(scratch, "cli-script.json");
    const portFile = join(scratch, "port");
    const log = join(scratch, "cli.jsonl");
    writeFileSync(scriptFile, JSON.stringify(SCRIPT));
    const run = startCli(["--script", scriptFile, "--log", log, "--port-file", portFile]);
    while (!run.stdout().includes("url=")) await new Promise((r) => setTimeout(r, 20));
    const port = Number(readFileSync(portFile, "utf8"));
    assert.match(run.stdout(), new RegExp(`^port=${port}\nurl=http://127\\.0\\.0\\.1:${port}\n$`));
    const reply = await complete(`http://127.0.0.1:${port}`, { tools: TOOLS, messages: [user("t")] });
    assert.equal(assemble(reply.payloads).calls[0].name, "bash");
    run.child.kill("SIGTERM");
    const { code } = await run.exited;
    assert.equal(code, 0);
    assert.equal(readRequestLog(log).length, 1);
  });

  test("should exit non-zero when its lifetime elapses", async () => {
    const scriptFile = join(scratch, "cli-script-2.json");
    writeFileSync(scriptFile, JSON.stringify(SCRIPT));
    const { code, stderr } = await startCli(["--script", scriptFile, "--lifetime-ms", "100"]).exited;
    assert.equal(code, 3);
    assert.match(stderr, /lifetime of 100 ms elapsed/);
  });

  test("should name the script file and the problem for a bad script", async () => {
    const scriptFile = join(scratch, "bad.json");
    writeFileSync(scriptFile, JSON.stringify({ steps: [{ content: 3 }] }));
    const { code, stderr } = await startCli(["--script", scriptFile]).exited;
    assert.equal(code, 1);
    assert.match(stderr, /error: cannot use script `.*bad\.json`: .*bad\.json: steps\[0\]: `content` must be a non-empty string/);
  });

  test("should print usage without a script", async () => {
    const { code, stderr } = await startCli([]).exited;
    assert.equal(code, 2);
    assert.match(stderr, /usage: node tools\/mock-model\.mjs --script/);
  });
});
