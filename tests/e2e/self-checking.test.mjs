// Self Checking in the real host, one suite for both routes, each under
// bubblewrap and under Landlock (lib/routes.mjs): the fork route (the profile
// install.sh installs, the session in the `self-checking` sandbox mode) and
// the plugin route (plugins/dsh-self-checking added by `dsh plugin add`, the
// session in the Self Checking preset) in the stock `headless` profile (one-shot
// runs) and in the stock `web` profile (the web app booted, the session opened
// and prompted through its web API). Driven
// by a scripted model; every assertion is on what the model saw and on what
// exists on disk afterwards. docs/self-checking.md lists what differs.
import assert from "node:assert/strict";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { outsideDir, scratchDir } from "./lib/places.mjs";
import { answer, bash, call, write } from "./lib/script.mjs";
import { eventsOf } from "./lib/session.mjs";
import { BACKENDS, routeSuite } from "./lib/routes.mjs";
import { installedProfileSuite } from "./lib/suite.mjs";

/** The exact notice the model sees for an intercepted command (docs/self-checking contract). */
const COMMAND_INTERCEPTED =
  "[sandbox: self-check intercepted — this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be allowed with full access]";
/** The exact notice for a command that failed confined with permission-like evidence. */
const COMMAND_FAILED =
  "[sandbox: self-check failed — this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be retried with full access]";
/** Upstream's marker for an ordinary workspace-write denial. */
const UPSTREAM_DENIAL = "[sandbox: file access denied under workspace-write mode]";

/** The denial text each backend prints for a refused write. */
const DENIAL_TEXT = { bwrap: /Read-only file system/, landlock: /Permission denied/ };

/** Where each route's turns run. */
const WHERE = { fork: "fork-route profile, headless", plugin: "stock headless profile + bundle", web: "stock web profile + bundle, through the web API" };

for (const route of ["fork", "plugin", "web"]) for (const backend of BACKENDS) describe(`Self Checking, ${route} route, ${backend} (real dsh, ${WHERE[route]})`, () => {
  const suite = routeSuite(route, backend);
  const BWRAP = backend === "bwrap";
  let outside;
  const turn = (workspace, steps, mode = "self-checking", observe = undefined) => suite.turn({ cwd: workspace, steps, mode, observe });

  before(() => {
    outside = outsideDir("outside");
  });

  test("should run the session in Self Checking and tell the model the rules", async () => {
    const workspace = scratchDir("ws");
    const run = await turn(workspace, [answer("Nothing to do.")]);
    assert.equal(run.code, 0, run.describe());
    // The fork route has its own sandbox mode; the plugin route's preset keeps workspace-write.
    assert.deepEqual(eventsOf(run.session, "sandbox/mode").map((e) => e.data.mode), [route === "fork" ? "self-checking" : "workspace-write"]);
    assert.deepEqual(eventsOf(run.session, "permission/preset").map((e) => e.data.preset), ["self-checking"]);
    const context = run.stepRequests[0].request.messages.map((m) => m.content).find((c) => typeof c === "string" && c.startsWith("Current runtime context"));
    assert.match(context, route === "fork" ? /self-checking/ : /Permission preset: Self Checking/);
    assert.ok(context.includes(workspace), "the policy paragraph names the workspace");
  });

  test("should intercept a bash write outside the workspace once, then let the identical re-run write it", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "bash-rerun.txt");
    const command = `echo written-by-rerun > ${target}`;
    const run = await turn(workspace, [bash("echo inside > inside.txt && cat inside.txt"), bash(command), bash(command), answer("Wrote both files.")], "self-checking", () => existsSync(target));
    assert.equal(run.code, 0, run.describe());
    assert.deepEqual(run.observedBeforeStep.slice(0, 4), [false, false, false, true], "nothing outside until the re-run");
    const [inside, first, rerun] = run.toolExchanges;

    assert.equal(inside.result, "inside\n", "an inside write passes the first time, with no notice");
    assert.equal(readFileSync(join(workspace, "inside.txt"), "utf8"), "inside\n");

    assert.ok(first.result.includes(COMMAND_INTERCEPTED), run.describe());
    assert.ok(!first.result.includes(UPSTREAM_DENIAL), "the notice replaces the plain denial marker");
    assert.ok(!first.result.includes("escalation available"), "the notice replaces the escalation hint");
    assert.ok(first.result.includes("[exit code: 1]"), run.describe());
    assert.match(first.result, DENIAL_TEXT[backend], `confined by ${backend}`);

    assert.ok(!rerun.result.includes("self-check"), run.describe());
    assert.equal(readFileSync(target, "utf8"), "written-by-rerun\n", "the identical re-run wrote the file");
  });

  test("should write nothing outside when the model does not re-run the intercepted command", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "bash-not-rerun.txt");
    const run = await turn(workspace, [bash(`echo leaked > ${target}`), answer("I will not write outside the workspace.")]);
    assert.equal(run.code, 0, run.describe());
    assert.ok(run.toolExchanges[0].result.includes(COMMAND_INTERCEPTED), run.describe());
    assert.equal(existsSync(target), false);
  });

  test("should unlock only the exact same command: a different one is intercepted again", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "bash-different.txt");
    const run = await turn(workspace, [bash(`echo one > ${target}`), bash(`echo  one > ${target}`), answer("Stopped.")]);
    assert.equal(run.code, 0, run.describe());
    const [first, different] = run.toolExchanges;
    assert.ok(first.result.includes(COMMAND_INTERCEPTED), run.describe());
    assert.ok(different.result.includes(COMMAND_INTERCEPTED), run.describe());
    assert.equal(existsSync(target), false);
  });

  test("should intercept in every sub-agent session on its own, in the inherited Self Checking", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "subagent.txt");
    // Every agent (the parent and each sub-agent down to the depth limit)
    // writes outside at its step 0 and delegates at its step 1.
    const subagent = call("subagent", { description: "Scripted child", prompt: "Do the scripted work.", run_in_background: false });
    const run = await turn(workspace, [bash(`echo x > ${target}`), subagent, answer("Done.")]);
    assert.equal(run.code, 0, run.describe());
    const steps = run.requests.filter((entry) => entry.kind === "step");
    const sessions = new Set(steps.map((entry) => entry.sessionId));
    assert.ok(sessions.size >= 2, `no sub-agent session reached the model:\n${run.describe()}`);
    for (const sessionId of sessions) {
      const afterWrite = steps.find((entry) => entry.sessionId === sessionId && entry.step === 1);
      assert.ok(afterWrite, `session ${sessionId} never reached its second step`);
      const result = afterWrite.request.messages.filter((m) => m.role === "tool").at(-1)?.content;
      assert.ok(JSON.stringify(result).includes("[sandbox: self-check intercepted"), `session ${sessionId}: ${JSON.stringify(result)}`);
    }
    assert.equal(existsSync(target), false, "no agent wrote outside");
  });

  test("should give a plain failure no self-check notice", async () => {
    const workspace = scratchDir("ws");
    const run = await turn(workspace, [bash("ls /nonexistent-forklayer-e2e-dir"), bash("grep -q needle /dev/null"), answer("Neither exists.")]);
    assert.equal(run.code, 0, run.describe());
    const [missing, noMatch] = run.toolExchanges;
    assert.match(missing.result, /No such file or directory\n\[exit code: 2\]$/, run.describe());
    assert.equal(noMatch.result, "(no output)\n[exit code: 1]", run.describe());
    for (const { result } of run.toolExchanges) assert.ok(!result.includes("self-check"), result);
  });

  test("should give a workspace script without its execute bit the plain result, not the failed notice", async () => {
    const workspace = scratchDir("ws");
    writeFileSync(join(workspace, "build.sh"), "echo built\n");
    const run = await turn(workspace, [bash("./build.sh"), answer("build.sh is not executable.")]);
    assert.equal(run.code, 0, run.describe());
    const [noExec] = run.toolExchanges;
    assert.match(noExec.result, /build\.sh: Permission denied\n\[exit code: 126\]$/, run.describe());
    for (const marker of ["self-check", UPSTREAM_DENIAL, "escalation available"]) assert.ok(!noExec.result.includes(marker), noExec.result);
  });

  test(`should let the model reach a host /tmp file outside the workspace (${BWRAP ? "bwrap: failed notice, then the re-run reads it" : "Landlock: readable at once"})`, async () => {
    const workspace = scratchDir("ws");
    const elsewhere = scratchDir("host-tmp");
    writeFileSync(join(elsewhere, "data.txt"), "measured 0.873\n");
    const command = `cat ${join(elsewhere, "data.txt")}`;
    const run = await turn(workspace, [bash(command), bash(command), answer("The file says 0.873.")]);
    assert.equal(run.code, 0, run.describe());
    const [first, rerun] = run.toolExchanges;
    if (BWRAP) {
      assert.ok(first.result.includes("No such file or directory"), run.describe());
      assert.ok(first.result.includes(COMMAND_FAILED), run.describe());
      assert.ok(!first.result.includes(COMMAND_INTERCEPTED), run.describe());
    } else {
      assert.equal(first.result, "measured 0.873\n", run.describe());
    }
    assert.equal(rerun.result, "measured 0.873\n", run.describe());
  });

  test("should not carry a grant into a new session", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "bash-new-session.txt");
    const command = `echo granted > ${target}`;
    const granted = await turn(workspace, [bash(command), bash(command), answer("Written.")]);
    assert.equal(granted.code, 0, granted.describe());
    assert.equal(readFileSync(target, "utf8"), "granted\n");
    const later = await turn(workspace, [bash(`echo again >> ${target}`), answer("Stopped.")]);
    assert.ok(later.toolExchanges[0].result.includes(COMMAND_INTERCEPTED), later.describe());
    assert.equal(readFileSync(target, "utf8"), "granted\n");
  });

  test("should intercept the write tool outside the workspace with nothing written, then let the identical re-run write", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "write-tool.txt");
    const run = await turn(workspace, [write(target, "from the write tool\n"), write(target, "from the write tool\n"), answer("Written.")], "self-checking", () => existsSync(target));
    assert.equal(run.code, 0, run.describe());
    assert.deepEqual(run.observedBeforeStep.slice(0, 3), [false, false, true], "nothing written until the re-run");
    const [first, rerun] = run.toolExchanges;
    assert.ok(first.result.startsWith("Error: [sandbox: self-check intercepted"), run.describe());
    assert.ok(first.result.includes(target), "the notice names the path");
    assert.match(first.result, /nothing was written/);
    assert.ok(!first.result.includes(UPSTREAM_DENIAL), run.describe());
    assert.ok(!rerun.result.startsWith("Error"), run.describe());
    assert.equal(readFileSync(target, "utf8"), "from the write tool\n");
  });

  test("should name the outside target of a write through a workspace symlink, not the path as written", async () => {
    const workspace = scratchDir("ws");
    symlinkSync(outside, join(workspace, "link"));
    const written = join(workspace, "link", "via-link.txt");
    const run = await turn(workspace, [write(written, "x\n"), answer("Stopped.")]);
    assert.equal(run.code, 0, run.describe());
    const [first] = run.toolExchanges;
    assert.ok(first.result.startsWith("Error: [sandbox: self-check intercepted"), run.describe());
    assert.ok(first.result.includes(`targets ${JSON.stringify(join(outside, "via-link.txt"))} (resolved from ${JSON.stringify(written)}), which is outside the workspace`), first.result);
    assert.equal(existsSync(join(outside, "via-link.txt")), false);
  });

  test("should intercept the edit tool outside the workspace with the file unchanged, then let the identical re-run edit", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "edit-tool.txt");
    writeFileSync(target, "colour = red\n");
    const editStep = call("edit", { file_path: target, old_string: "red", new_string: "blue" });
    const run = await turn(workspace, [call("read", { file_path: target }), editStep, editStep, answer("Edited.")], "self-checking", () => readFileSync(target, "utf8"));
    assert.equal(run.code, 0, run.describe());
    const [, first, rerun] = run.toolExchanges;
    assert.ok(first.result.startsWith("Error: [sandbox: self-check intercepted"), run.describe());
    assert.ok(first.result.includes(target), run.describe());
    assert.deepEqual(run.observedBeforeStep.slice(0, 4), ["colour = red\n", "colour = red\n", "colour = red\n", "colour = blue\n"], "unchanged until the re-run");
    assert.ok(!rerun.result.startsWith("Error"), run.describe());
  });

  test("should not let a file grant unlock a shell command to the same path", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "fs-key-not-shell.txt");
    const run = await turn(workspace, [write(target, "a\n"), bash(`echo b > ${target}`), answer("Stopped.")]);
    assert.equal(run.code, 0, run.describe());
    const [fileOp, command] = run.toolExchanges;
    assert.ok(fileOp.result.startsWith("Error: [sandbox: self-check intercepted"), run.describe());
    assert.ok(command.result.includes(COMMAND_INTERCEPTED), run.describe());
    assert.equal(existsSync(target), false);
  });
});

for (const route of ["fork", "plugin"]) describe(`plain workspace-write with the ${route} route installed behaves as upstream`, () => {
  const pristine = installedProfileSuite({ cleanup: false });
  const suite = routeSuite(route, "bwrap");
  let outside;

  before(() => {
    outside = outsideDir("outside");
  });

  test("should show the model exactly what the pristine host shows: ordinary denials, no interception, no unlock", async () => {
    const target = join(outside, "plain.txt");
    const steps = [bash(`echo leaked > ${target}`), bash(`echo leaked > ${target}`), write(target, "leaked\n"), write(target, "leaked\n"), bash("echo kept > in.txt && cat in.txt"), answer("Done.")];
    const seen = {};
    for (const [label, runIn] of [
      ["pristine", (cwd) => pristine.turn({ cwd, steps, mode: "workspace-write", profile: "headless" })],
      ["self-checking profile", (cwd) => suite.turn({ cwd, steps, mode: "workspace-write" })],
    ]) {
      const workspace = scratchDir("ws");
      const run = await runIn(workspace);
      assert.equal(run.code, 0, `${label}: ${run.describe()}`);
      assert.deepEqual(eventsOf(run.session, "sandbox/mode").map((e) => e.data.mode), ["workspace-write"], label);
      const context = run.stepRequests[0].request.messages.map((m) => m.content).find((c) => typeof c === "string" && c.startsWith("Current runtime context"));
      seen[label] = { results: run.toolExchanges.map((x) => x.result), context: context.replaceAll(workspace, "<workspace>") };
    }
    assert.deepEqual(seen["self-checking profile"], seen.pristine);
    const [bashFirst, bashAgain, writeFirst, writeAgain] = seen.pristine.results;
    for (const result of [bashFirst, bashAgain, writeFirst, writeAgain]) assert.ok(result.includes(UPSTREAM_DENIAL), result);
    assert.equal(existsSync(target), false, "nothing written outside, even after identical re-runs");
  });
});
