// The Self Checking sandbox mode in the real host: the profile installed by
// install.sh, booted headless with the self-checking preset as the session's
// mode, driven by a scripted model. Every assertion is on what the model saw
// and on what exists on disk afterwards.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { outsideDir, scratchDir } from "./lib/places.mjs";
import { answer, bash, call, write } from "./lib/script.mjs";
import { eventsOf } from "./lib/session.mjs";
import { installedProfileSuite } from "./lib/suite.mjs";

/** The exact notice the model sees for an intercepted command (docs/self-checking contract). */
const COMMAND_INTERCEPTED =
  "[sandbox: self-check intercepted — this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be allowed with full access]";
/** The exact notice for a command that failed confined with permission-like evidence. */
const COMMAND_FAILED =
  "[sandbox: self-check failed — this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be retried with full access]";
/**
 * Whether dsh confines with bubblewrap here (it prefers bwrap, else Landlock):
 * under bwrap /tmp is a private tmpfs, so host /tmp files look missing.
 */
const BWRAP = spawnSync("bwrap", ["--ro-bind", "/", "/", "--tmpfs", "/tmp", "true"]).status === 0;
/** Upstream's marker for an ordinary workspace-write denial. */
const UPSTREAM_DENIAL = "[sandbox: file access denied under workspace-write mode]";

describe("Self Checking mode in the installed profile (real dsh, headless)", () => {
  const suite = installedProfileSuite();
  let outside;
  const turn = (workspace, steps, mode = "self-checking", observe = undefined) => suite.turn({ cwd: workspace, steps, mode, observe });

  before(() => {
    outside = outsideDir("outside");
  });

  test("should run the session in the self-checking mode and tell the model the rules", async () => {
    const workspace = scratchDir("ws");
    const run = await turn(workspace, [answer("Nothing to do.")]);
    assert.equal(run.code, 0, run.describe());
    assert.deepEqual(eventsOf(run.session, "sandbox/mode").map((e) => e.data.mode), ["self-checking"]);
    assert.deepEqual(eventsOf(run.session, "permission/preset").map((e) => e.data.preset), ["self-checking"]);
    const context = run.stepRequests[0].request.messages.map((m) => m.content).find((c) => typeof c === "string" && c.startsWith("Current runtime context"));
    assert.match(context, /self-checking/);
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

describe("the installed profile with plain workspace-write behaves as upstream", () => {
  const suite = installedProfileSuite();
  let outside;

  before(() => {
    outside = outsideDir("outside");
  });

  test("should show the model exactly what the pristine host shows: ordinary denials, no interception, no unlock", async () => {
    const target = join(outside, "plain.txt");
    const steps = [bash(`echo leaked > ${target}`), bash(`echo leaked > ${target}`), write(target, "leaked\n"), write(target, "leaked\n"), bash("echo kept > in.txt && cat in.txt"), answer("Done.")];
    const seen = {};
    for (const [label, profileName] of [["pristine", "headless"], ["self-checking profile", suite.profile]]) {
      const workspace = scratchDir("ws");
      const run = await suite.turn({ cwd: workspace, steps, mode: "workspace-write", profile: profileName });
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
