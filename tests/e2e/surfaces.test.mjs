// Which module instances of the fork layer's packages the real host loads,
// surface by surface. dsh imports a profile row's package relative to the
// profile directory, but code that lives in the shared pristine install
// resolves its own imports from there; and the web app's agent presets
// (`standard`, `minimal`, `code`, `cordis`) mount their rows through their
// own loader. A pristine copy of a forked package in any of these places
// would run the session without the self-checking mode's code (trap 10: a
// pristine dsh-terminal-bash refuses a workspace-write ↔ self-checking
// switch while a persistent terminal is open).
//
// Every test boots the pinned host with a Node resolve hook (`--import`)
// that logs each resolved `@deepseek-ai/dsh-*` URL with its importer, drives
// real sessions against the scripted model, and asserts where each of the 12
// upstream packages of the fork layer (the directories of upstream/) came from.
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import { startMockModel } from "../../tools/mock-model.mjs";
import { host, repoRoot } from "./lib/host.mjs";
import { outsideDir, removeScratch, scratchDir } from "./lib/places.mjs";
import { installProfile, prepareDshHome } from "./lib/profile.mjs";
import { answer, bash, call, script } from "./lib/script.mjs";
import { runTurn } from "./lib/turn.mjs";
import { verifyProfile } from "./lib/verify.mjs";
import { bootWebApp, until } from "./lib/web.mjs";

const SCOPE = "@deepseek-ai";
/** The fork layer's upstream packages (11 forked, 1 carried byte-identical), from the directory layout. */
const UPSTREAM_PACKAGES = readdirSync(join(repoRoot, "upstream", SCOPE)).sort();
/**
 * The one pristine instance the audit in docs/self-checking.md accepts: the
 * pristine dsh-tool-str-replace-editor imports the pure text builder
 * `sandboxDenialMarker` from its own dsh-sandbox; its fence and gate are the
 * profile's services (ctx.fs, ctx.sandboxPolicy).
 */
const ACCEPTED_PRISTINE = new Set(["dsh-sandbox <- dsh-tool-str-replace-editor"]);
const INTERCEPTED = "[sandbox: self-check intercepted";
const WEB_PROFILE = "self-checking-web";
const STEP_TIMEOUT_MS = 60_000;

/** A resolve hook that appends `{ pid, url, parent }` per distinct resolution to $FORKLAYER_LOAD_TRACE. */
const TRACE_HOOK = `import { registerHooks } from "node:module";
import { appendFileSync } from "node:fs";
const out = process.env.FORKLAYER_LOAD_TRACE;
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    const key = result.url + " " + context.parentURL;
    if (out && result.url.includes("/${SCOPE}/dsh-") && !seen.has(key)) {
      seen.add(key);
      appendFileSync(out, JSON.stringify({ pid: process.pid, url: result.url, parent: context.parentURL ?? null }) + "\\n");
    }
    return result;
  },
});
`;

/** The package a file URL belongs to (`dsh-…`), or undefined. */
function packageOf(url) {
  return new RegExp(`/${SCOPE}/(dsh-[^/]+)/`).exec(url ?? "")?.[1];
}

/**
 * The trace, one row per loaded module of the 12 packages:
 * `{ pkg, place: "profile" | "pristine" | path, importer, url }`.
 */
function readTrace(file, { profileDir, hostDir }) {
  if (!existsSync(file)) return [];
  const profileModules = pathToFileURL(join(profileDir, "node_modules", SCOPE)).href + "/";
  const hostModules = pathToFileURL(join(hostDir, "node_modules", SCOPE)).href + "/";
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map(({ url, parent }) => ({ url, pkg: packageOf(url), parent, importer: packageOf(parent) ?? (parent?.startsWith(pathToFileURL(profileDir).href) ? "(profile row)" : parent) }))
    .filter((row) => UPSTREAM_PACKAGES.includes(row.pkg))
    .map((row) => ({ ...row, place: row.url.startsWith(profileModules) ? "profile" : row.url.startsWith(hostModules) ? "pristine" : fileURLToPath(row.url) }));
}

/** `pkg <- importer` for every module of the 12 packages loaded from anywhere but the profile. */
function pristineLoads(rows) {
  return [...new Set(rows.filter((row) => row.place !== "profile").map((row) => `${row.pkg} <- ${row.importer}`))].sort();
}

/** The packages loaded from the profile. */
function profilePackages(rows) {
  return [...new Set(rows.filter((row) => row.place === "profile").map((row) => row.pkg))].sort();
}

/** One line per package for the test's diagnostics. */
function summary(rows) {
  return UPSTREAM_PACKAGES.map((pkg) => {
    const places = [...new Set(rows.filter((row) => row.pkg === pkg).map((row) => `${row.place} (via ${row.importer})`))];
    return `${pkg}: ${places.length === 0 ? "not loaded" : places.join("; ")}`;
  }).join("\n");
}

function assertOnlyAcceptedPristine(rows, surface) {
  const unexpected = pristineLoads(rows).filter((load) => !ACCEPTED_PRISTINE.has(load));
  assert.deepEqual(unexpected, [], `${surface} loads a pristine copy of a forked package:\n${summary(rows)}`);
}

/** The text of the last tool result a request carried. */
function lastToolResult(request) {
  const message = (request.messages ?? []).filter((m) => m.role === "tool").at(-1);
  return message === undefined ? undefined : typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

describe("module instances of the fork layer's packages in the real host, per surface", () => {
  let hostPaths;
  let dshHome;
  let headless;
  let webDir;
  let hookFile;

  before(() => {
    hostPaths = host();
    dshHome = scratchDir("home");
    prepareDshHome({ host: hostPaths, dshHome });
    headless = installProfile({ host: hostPaths, dshHome });
    // The web surface is what install.sh composes by default (dsh-base + dsh-web-app).
    webDir = installProfile({ host: hostPaths, dshHome, name: WEB_PROFILE, headless: false }).dir;
    hookFile = join(scratchDir("hook"), "load-trace.mjs");
    writeFileSync(hookFile, TRACE_HOOK);
  });
  // The suite ends by verifying both profiles it installed (tools/verify.mjs --strict).
  after(() => {
    try {
      for (const profile of [headless?.name, WEB_PROFILE]) if (profile !== undefined && webDir !== undefined) verifyProfile({ host: hostPaths, dshHome, profile });
    } finally {
      removeScratch();
    }
  });

  const traceEnv = (file) => ({ NODE_OPTIONS: `--import ${pathToFileURL(hookFile).href}`, FORKLAYER_LOAD_TRACE: file });

  test("headless: a self-checking turn and its sub-agents load every mounted package from the profile", async (t) => {
    const workspace = scratchDir("ws");
    const outside = outsideDir("headless");
    const trace = join(scratchDir("trace"), "headless.jsonl");
    // Each agent (the parent and every sub-agent down to the depth limit)
    // answers its step 0 with the outside write and its step 1 with a
    // sub-agent; the sub-agent call past the depth limit is refused.
    const outsideWrite = `touch ${join(outside, "f.txt")}`;
    const run = await runTurn({
      host: hostPaths,
      dshHome,
      profile: headless.name,
      cwd: workspace,
      task: "Do the scripted work.",
      script: script(bash(outsideWrite), call("subagent", { description: "Scripted child", prompt: "Do the scripted work.", run_in_background: false }), answer("Done.")),
      env: { DSH_PERMISSION_MODE: "self-checking", ...traceEnv(trace) },
    });
    assert.equal(run.code, 0, run.describe());
    const rows = readTrace(trace, { profileDir: headless.dir, hostDir: hostPaths.dir });
    t.diagnostic(`headless:\n${summary(rows)}`);
    assertOnlyAcceptedPristine(rows, "the headless surface");
    for (const pkg of ["dsh-bash-sandbox", "dsh-fs-sandbox", "dsh-permission-presets", "dsh-sandbox", "dsh-sandbox-local", "dsh-sandbox-policy", "dsh-tool-bash", "dsh-tool-fs"]) {
      assert.ok(profilePackages(rows).includes(pkg), `${pkg} is not loaded from the profile:\n${summary(rows)}`);
    }
    // The sub-agents ran in their own sessions, in the inherited mode, with the forked tools.
    const sessions = new Set(run.requests.filter((entry) => entry.kind === "step").map((entry) => entry.sessionId));
    assert.ok(sessions.size >= 2, `no sub-agent session reached the model:\n${run.describe()}`);
    for (const sessionId of sessions) {
      const afterWrite = run.requests.find((entry) => entry.kind === "step" && entry.sessionId === sessionId && entry.step === 1);
      assert.ok(afterWrite, `session ${sessionId} never reached its second step`);
      assert.ok(lastToolResult(afterWrite.request).includes(INTERCEPTED), `session ${sessionId}: the outside write was not intercepted: ${lastToolResult(afterWrite.request)}`);
    }
    assert.equal(existsSync(join(outside, "f.txt")), false, "an intercepted write reached the outside directory");
  });

  /**
   * Boot the web app with a scripted model and the load trace, let `drive`
   * run sessions through the web API, stop it, and return the trace rows.
   */
  async function webSurface(steps, drive) {
    const trace = join(scratchDir("trace"), "web.jsonl");
    const workspace = scratchDir("ws");
    const model = await startMockModel({ script: script(...steps), lifetimeMs: 10 * 60_000 });
    const web = await bootWebApp({ launcher: hostPaths.launcher, dshHome, profile: WEB_PROFILE, workspace, env: { DSH_PERMISSION_MODE: "self-checking", DEEPSEEK_BASE_URL: model.url, ...traceEnv(trace) } });
    const stepsOf = (sessionId) => model.requests.filter((entry) => entry.kind === "step" && entry.sessionId === sessionId);
    const session = async (agentPreset) => {
      const created = await web.api("session.create", { cwd: workspace, agentPreset });
      assert.equal(created.agentPreset, agentPreset);
      return created.sessionId;
    };
    const turn = async (sessionId, text, steps) => {
      await web.api("session.prompt", { sessionId, mode: "queue", content: [{ type: "text", text }] });
      await until(`model step ${steps} of ${sessionId}`, STEP_TIMEOUT_MS, () => stepsOf(sessionId).length >= steps);
    };
    // `/permission <preset>` as the composer sends it; a throwing mode switch fails the call itself.
    const permission = (sessionId, preset) => web.api("commands/execute", { args: { agentId: sessionId, line: `/permission ${preset}`, images: [] } }).then((value) => value.result);
    try {
      await drive({ web, model, workspace, stepsOf, session, turn, permission });
    } finally {
      await web.stop();
      await model.close();
    }
    return readTrace(trace, { profileDir: webDir, hostDir: hostPaths.dir });
  }

  test("web app: every shipped agent preset loads the profile's forks; `minimal`'s persistent terminal switches workspace-write ↔ self-checking", async (t) => {
    const outside = outsideDir("web");
    // Every session of this server gets the same script: a persistent-terminal
    // (or one-shot) bash write inside, then outside, a final answer, repeated
    // for the later turns of the trap-10 session.
    const probe = (n) => bash(`touch in${n} && touch ${join(outside, `out${n}`)}`);
    const rows = await webSurface([probe(1), answer("Done 1."), probe(2), answer("Done 2."), probe(3), answer("Done 3.")], async ({ web, workspace, stepsOf, session, turn, permission }) => {
      const { presets } = await web.api("agentPreset.list", {});
      const ids = presets.map((preset) => preset.id).sort();
      for (const shipped of ["code", "cordis", "minimal", "standard"]) assert.ok(ids.includes(shipped), `agent preset ${shipped} is not listed: ${ids}`);
      const sessions = {};
      for (const id of ids) {
        sessions[id] = await session(id);
        await turn(sessions[id], "go", 2);
      }

      // Trap 10 in `minimal`, whose bash is a persistent PTY (dsh-terminal-bash).
      const minimal = sessions.minimal;
      const offered = (stepsOf(minimal)[0].request.tools ?? []).map((tool) => tool.function?.name);
      assert.ok(offered.includes("bash") && offered.includes("str_replace_editor"), `minimal offers ${offered}`);
      // The terminal is open: a switch to a mode of another confinement is
      // refused by upstream's fence — what a pristine dsh-terminal-bash would
      // also do to workspace-write ↔ self-checking.
      await assert.rejects(permission(minimal, "danger-full-access"), /cannot change sandbox mode from \\"self-checking\\" to \\"danger-full-access\\" while persistent terminal sessions are open/);
      // …while workspace-write ↔ self-checking is no change of confinement.
      assert.deepEqual(await permission(minimal, "workspace-write"), { kind: "success", text: "preset workspace-write" });
      await turn(minimal, "again", 4);
      assert.deepEqual(await permission(minimal, "self-checking"), { kind: "success", text: "preset self-checking" });
      await turn(minimal, "third", 6);
      const results = [1, 3, 5].map((step) => lastToolResult(stepsOf(minimal).find((entry) => entry.step === step).request));
      assert.equal(results.length, 3, JSON.stringify(results));
      results.forEach((result, i) => {
        // Confined as workspace-write in both modes: inside written, outside denied.
        assert.match(result, new RegExp(`cannot touch '${join(outside, `out${i + 1}`)}'`), `terminal command ${i + 1}: ${result}`);
        assert.ok(!result.includes("[sandbox: self-check"), `a persistent terminal cannot re-run, so it gets no self-check notice: ${result}`);
        assert.ok(existsSync(join(workspace, `in${i + 1}`)), `terminal command ${i + 1} did not write inside the workspace`);
      });

      // `standard` and `cordis` run the forked one-shot bash: the outside write is intercepted.
      for (const id of ["standard", "cordis"]) {
        const result = lastToolResult(stepsOf(sessions[id])[1].request);
        assert.ok(result.includes(INTERCEPTED), `${id}: the outside write was not intercepted: ${result}`);
      }
    });
    assert.deepEqual(readdirSync(outside), [], "a command wrote outside the workspace");
    t.diagnostic(`web app, shipped presets:\n${summary(rows)}`);
    assertOnlyAcceptedPristine(rows, "the web app");
    for (const pkg of ["dsh-bash-sandbox", "dsh-client-ui-conversation", "dsh-fs-sandbox", "dsh-permission-presets", "dsh-sandbox", "dsh-sandbox-local", "dsh-sandbox-policy", "dsh-terminal-bash", "dsh-tool-bash", "dsh-tool-fs"]) {
      assert.ok(profilePackages(rows).includes(pkg), `${pkg} is not loaded from the profile:\n${summary(rows)}`);
    }
  });

  test("web app: a user-authored copy of `minimal`, a `standard` session's sub-agents and Code Mode's `run_code` use the profile's forks; `minimal`'s editor is unfenced upstream", async (t) => {
    const outside = outsideDir("web-more");
    const outsideWrite = `touch ${join(outside, "f.txt")}`;
    const subagent = call("subagent", { description: "Scripted child", prompt: "Do the scripted work.", run_in_background: false });
    // Every agent: the outside write, then a sub-agent (refused past the depth
    // limit, and unknown to `minimal`), then the answer.
    const rows = await webSurface([bash(outsideWrite), subagent, answer("Done.")], async ({ web, model, stepsOf, session, turn, permission }) => {
      // A person's own preset, in $DSH_HOME/.agent-presets, mounts through the same loader.
      assert.deepEqual(await web.api("agentPreset.copy", { from: "minimal", agentPreset: "my-minimal" }), { agentPreset: "my-minimal" });
      const mine = await session("my-minimal");
      await turn(mine, "go", 3);
      assert.match(lastToolResult(stepsOf(mine)[1].request), /cannot touch/);
      assert.deepEqual(await permission(mine, "workspace-write"), { kind: "success", text: "preset workspace-write" });

      const standard = await session("standard");
      const before = new Set(model.requests.map((entry) => entry.sessionId));
      await turn(standard, "go", 3);
      const children = [...new Set(model.requests.filter((entry) => entry.kind === "step" && !before.has(entry.sessionId)).map((entry) => entry.sessionId))].filter((id) => id !== standard);
      assert.ok(children.length >= 1, "no sub-agent session reached the model");
      for (const sessionId of [standard, ...children]) {
        const result = lastToolResult(stepsOf(sessionId)[1]?.request ?? {});
        assert.ok(result?.includes(INTERCEPTED), `session ${sessionId}: the outside write was not intercepted: ${result}`);
      }
    });
    assert.deepEqual(readdirSync(outside), [], "a command wrote outside the workspace");
    t.diagnostic(`web app, user preset and sub-agents:\n${summary(rows)}`);
    assertOnlyAcceptedPristine(rows, "the web app (user preset, sub-agents)");
    assert.ok(rows.some((row) => row.pkg === "dsh-terminal-bash") && rows.filter((row) => row.pkg === "dsh-terminal-bash").every((row) => row.place === "profile"), summary(rows));

    // Code Mode: the program calls the forked bash tool and gets its canonical
    // result (JSON, not the rendered text the model sees for a direct call):
    // the interception shows as `sandbox.intercepted`, and the identical
    // second call runs unconfined and writes.
    const call1 = `tools.bash({ command: ${JSON.stringify(outsideWrite)}, description: "Write outside" })`;
    const program = `const first = await ${call1}; const second = await ${call1}; return { first: first.sandbox, firstExit: first.exitCode, second: second.sandbox ?? null, secondExit: second.exitCode };`;
    const codeRows = await webSurface([call("run_code", { code: program, description: "Write outside twice" }), answer("Done.")], async ({ stepsOf, session, turn }) => {
      const code = await session("code");
      await turn(code, "go", 2);
      const result = lastToolResult(stepsOf(code)[1].request);
      const returned = JSON.parse(/\{[\s\S]*\}/.exec(result)?.[0] ?? "null");
      assert.deepEqual(returned, { first: { mode: "workspace-write", denied: true, enforcement: "full", intercepted: true }, firstExit: 1, second: { mode: "danger-full-access", denied: false }, secondExit: 0 }, result);
    });
    assert.ok(existsSync(join(outside, "f.txt")), "the identical run_code call did not write");
    t.diagnostic(`web app, Code Mode:\n${summary(codeRows)}`);
    assertOnlyAcceptedPristine(codeRows, "the web app (Code Mode)");

    // `minimal` shadows the host's sandboxed `fs` with the bare dsh-fs-local
    // in its own realm (upstream's design, in every mode): its
    // str_replace_editor is not fenced, so no fork is involved and an outside
    // file is written at once. docs/self-checking.md states this limit.
    const editorTarget = join(outside, "editor.txt");
    await webSurface([call("str_replace_editor", { command: "create", path: editorTarget, file_text: "unfenced\n" }), answer("Done.")], async ({ stepsOf, session, turn }) => {
      const minimal = await session("minimal");
      await turn(minimal, "go", 2);
      const result = lastToolResult(stepsOf(minimal)[1].request);
      assert.ok(!result.includes("[sandbox:"), result);
    });
    assert.equal(readFileSync(editorTarget, "utf8"), "unfenced\n", "minimal's str_replace_editor did not write where upstream's unfenced fs-local writes");
  });
});
