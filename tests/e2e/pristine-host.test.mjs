// The pinned host itself, before any profile of ours: proves the harness can
// boot real dsh 0.1.0-rc.8 headless, drive a scripted turn, read the session,
// and see an ordinary workspace-write denial. The Self Checking suites compare
// against this behaviour.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { host } from "./lib/host.mjs";
import { outsideDir, removeScratch, scratchDir } from "./lib/places.mjs";
import { answer, bash, script, write } from "./lib/script.mjs";
import { eventsOf } from "./lib/session.mjs";
import { runTurn } from "./lib/turn.mjs";

/** Upstream's marker for a command or file operation the sandbox refused. */
const UPSTREAM_DENIAL = "[sandbox: file access denied under workspace-write mode]";

describe("pinned dsh host, built-in headless profile", () => {
  let dsh;
  let dshHome;
  let outside;
  const turn = (workspace, steps) =>
    runTurn({ host: dsh, dshHome, profile: "headless", cwd: workspace, task: "Do the scripted work.", script: script(...steps), env: { DSH_PERMISSION_MODE: "workspace-write" } });

  before(() => {
    dsh = host();
    dshHome = scratchDir("home");
    outside = outsideDir("outside");
  });
  after(removeScratch);

  test("should boot, answer a scripted turn, and record it in the session", async () => {
    const workspace = scratchDir("ws");
    const run = await turn(workspace, [bash("echo hello from the sandbox"), answer("The command printed a greeting.")]);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stdout.trim(), "The command printed a greeting.");
    assert.equal(run.requests.filter((r) => r.kind === "title").length, 1, "one title request per new session");
    assert.deepEqual(run.requests.filter((r) => r.exhausted || r.unofferedTools.length > 0), [], "every request had a scripted answer with offered tools");
    assert.deepEqual(
      run.toolExchanges.map((x) => x.result),
      ["hello from the sandbox\n"],
    );
    const session = run.session;
    assert.equal(session.header.cwd, workspace);
    assert.deepEqual(eventsOf(session, "sandbox/mode").map((e) => e.data.mode), ["workspace-write"]);
    assert.equal(eventsOf(session, "turn/end").at(-1).data.reason.kind, "completed");
  });

  test("should deny a bash write outside the workspace and /tmp with the ordinary marker", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "bash-denied.txt");
    const run = await turn(workspace, [bash(`echo leaked > ${target}`), bash("echo kept > inside.txt && cat inside.txt"), answer("Tried both writes.")]);
    assert.equal(run.code, 0, run.describe());
    const [outsideWrite, insideWrite] = run.toolExchanges;
    assert.ok(outsideWrite.result.includes(UPSTREAM_DENIAL), run.describe());
    assert.ok(outsideWrite.result.includes("[exit code: 1]"), run.describe());
    assert.ok(!outsideWrite.result.includes("self-check"), run.describe());
    assert.equal(existsSync(target), false, "nothing written outside");
    assert.equal(insideWrite.result, "kept\n");
    assert.equal(readFileSync(join(workspace, "inside.txt"), "utf8"), "kept\n");
  });

  test("should deny the write tool outside the workspace and let the model see why", async () => {
    const workspace = scratchDir("ws");
    const target = join(outside, "write-denied.txt");
    const run = await turn(workspace, [write(target, "leaked\n"), write(join(workspace, "ok.txt"), "fine\n"), answer("Tried both writes.")]);
    assert.equal(run.code, 0, run.describe());
    const [outsideWrite, insideWrite] = run.toolExchanges;
    assert.ok(outsideWrite.result.startsWith("Error: "), run.describe());
    assert.ok(outsideWrite.result.includes(UPSTREAM_DENIAL), run.describe());
    assert.equal(existsSync(target), false, "nothing written outside");
    assert.ok(!insideWrite.result.startsWith("Error"), run.describe());
    assert.equal(readFileSync(join(workspace, "ok.txt"), "utf8"), "fine\n");
  });
});
