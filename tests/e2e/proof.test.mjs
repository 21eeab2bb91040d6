// dsh-proof in the real host: the installed profile's plugin records a
// baseline of the workspace's checks, grades the model's claims by re-running
// them, and steers once when a turn changed files without a proven claim —
// a shell counting as a change only when git saw the workspace change.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { scratchDir } from "./lib/places.mjs";
import { answer, bash, call } from "./lib/script.mjs";
import { pluginNotices } from "./lib/session.mjs";
import { installedProfileSuite } from "./lib/suite.mjs";

/** Prefix of every dsh-proof steering note (plugins/dsh-proof/src/dsh/prompt.ts). */
const PROOF_NOTE = "[dsh-proof] ";
const UNPROVEN = "This turn changed the workspace but no PROVEN claim followed.";
/** A step the model must never be asked for; reaching it fails the test. */
const NEVER = answer("UNREACHABLE: the plugin steered more than once");

/** A small npm project whose `npm test` is the check dsh-proof discovers. */
function calculatorWorkspace() {
  const workspace = scratchDir("ws");
  writeFileSync(join(workspace, "package.json"), JSON.stringify({ name: "calc", private: true, type: "module", scripts: { test: "node --test" } }, null, 2) + "\n");
  writeFileSync(join(workspace, "math.js"), "export const add = (a, b) => a + b;\n");
  mkdirSync(join(workspace, "test"));
  writeFileSync(
    join(workspace, "test", "math.test.js"),
    'import assert from "node:assert/strict";\nimport test from "node:test";\nimport { add } from "../math.js";\n\ntest("add", () => assert.equal(add(2, 3), 5));\n',
  );
  return workspace;
}

/** The calculator, committed to a fresh git repository (git's view is how dsh-proof sees what a shell changed). */
function committedCalculator() {
  const workspace = calculatorWorkspace();
  gitIn(workspace, "init", "-q");
  gitIn(workspace, "add", "-A");
  gitIn(workspace, "commit", "-q", "-m", "calculator");
  return workspace;
}

/** git in `workspace` with a fixed identity. */
function gitIn(workspace, ...args) {
  execFileSync("git", ["-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "-c", "commit.gpgsign=false", ...args], { cwd: workspace, stdio: "ignore" });
}

/** The committed calculator plus other.js and its test: a file another process can break. */
function committedCalculatorWithOther() {
  const workspace = committedCalculator();
  writeFileSync(join(workspace, "math.js"), "// adds\nexport const add = (a, b) => a + b;\n");
  writeFileSync(join(workspace, "other.js"), "export const mul = (a, b) => a * b;\n");
  writeFileSync(
    join(workspace, "test", "other.test.js"),
    'import assert from "node:assert/strict";\nimport test from "node:test";\nimport { mul } from "../other.js";\n\ntest("mul", () => assert.equal(mul(2, 3), 6));\n',
  );
  gitIn(workspace, "add", "-A");
  gitIn(workspace, "commit", "-q", "-m", "other");
  return workspace;
}

/** The model's two steps for an edit: dsh's `edit` tool requires reading the file first. */
const edit = (filePath, oldString, newString) => [call("read", { file_path: filePath }), call("edit", { file_path: filePath, old_string: oldString, new_string: newString })];

describe("dsh-proof in the installed profile (real dsh, headless)", () => {
  const suite = installedProfileSuite();
  const turn = (workspace, steps) => suite.turn({ cwd: workspace, task: "Work on the calculator.", steps });

  const proofNotes = (run) => run.notesAfterFirstStep.filter((note) => note.startsWith(PROOF_NOTE));
  const proofNotices = (run) => pluginNotices(run.session, "dsh-proof");
  const resultOf = (run, name) => run.toolExchanges.filter((x) => x.name === name).map((x) => x.result);

  test("should steer a turn that edited a file and ended without a claim, once", async () => {
    const workspace = calculatorWorkspace();
    const run = await turn(workspace, [...edit(join(workspace, "math.js"), "a + b", "b + a"), answer("Swapped the operands."), answer("The change is unproven: I did not run the checks."), NEVER]);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 4, `one extra step, no more:\n${run.describe()}`);
    assert.equal(proofNotes(run).length, 1, run.describe());
    assert.ok(proofNotes(run)[0].includes(UNPROVEN), run.describe());
    assert.deepEqual(proofNotices(run), ["dsh-proof: changes without a proven claim"]);
    assert.equal(readFileSync(join(workspace, "math.js"), "utf8"), "export const add = (a, b) => b + a;\n");
  });

  test("should not steer a turn that changed nothing", async () => {
    const workspace = calculatorWorkspace();
    const run = await turn(workspace, [call("read", { file_path: join(workspace, "math.js") }), answer("math.js exports add."), NEVER]);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 2, run.describe());
    assert.deepEqual(proofNotes(run), []);
  });

  test("should not steer a turn whose shell commands only looked (ls, cat, git status, the tests)", async () => {
    const workspace = committedCalculator();
    const run = await turn(workspace, [
      bash("ls -la && cat math.js && git status --short && git log --oneline"),
      bash("node --test"),
      answer("math.js exports add(); its test passes."),
      NEVER,
    ]);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 3, `no extra step:\n${run.describe()}`);
    assert.deepEqual(proofNotes(run), [], run.describe());
    assert.deepEqual(proofNotices(run), []);
  });

  test("should steer a turn whose shell command wrote a file, once", async () => {
    const workspace = committedCalculator();
    const run = await turn(workspace, [
      bash("ls"),
      bash("printf 'export const sub = (a, b) => a - b;\\n' > sub.js"),
      answer("Added sub.js."),
      answer("The change is unproven: I did not run the checks."),
      NEVER,
    ]);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 4, `one extra step, no more:\n${run.describe()}`);
    assert.equal(proofNotes(run).length, 1, run.describe());
    assert.ok(proofNotes(run)[0].includes(UNPROVEN), run.describe());
    assert.equal(readFileSync(join(workspace, "sub.js"), "utf8"), "export const sub = (a, b) => a - b;\n");
  });

  test("should grade baseline → edit → claim as proven and end the turn without steering", async () => {
    const workspace = calculatorWorkspace();
    const run = await turn(workspace, [
      call("proof_baseline", {}),
      ...edit(join(workspace, "math.js"), "export const add = (a, b) => a + b;\n", "export const add = (a, b) => a + b;\nexport const double = (a) => add(a, a);\n"),
      call("proof_claim", { claim: "added double(); all tests pass" }),
      answer("Added double(); the claim is proven."),
      NEVER,
    ]);
    assert.equal(run.code, 0, run.describe());
    const [baseline] = resultOf(run, "proof_baseline");
    assert.match(baseline, /^Baseline saved: \d+ check\(s\) — \d+ passing, 0 not passing/, run.describe());
    const [claim] = resultOf(run, "proof_claim");
    assert.match(claim, /^✓ PROVEN — added double\(\); all tests pass\n/, run.describe());
    assert.match(claim, /0 regression\(s\)/);
    assert.equal(run.stepRequests.length, 5, run.describe());
    assert.deepEqual(proofNotes(run), []);
  });

  test("should not charge a break made by another process to the agent's harmless edit, and link it to the external file", async () => {
    const workspace = committedCalculatorWithOther();
    let steps = 0;
    // Before the model's fifth step (after the first claim), another process breaks other.js.
    const observe = () => {
      if (++steps === 5) writeFileSync(join(workspace, "other.js"), "export const mul = (a, b) => a + b;\n");
    };
    const run = await suite.turn({
      cwd: workspace,
      task: "Work on the calculator.",
      observe,
      steps: [
        call("proof_baseline", {}),
        ...edit(join(workspace, "math.js"), "// adds\n", "// adds two numbers\n"),
        call("proof_claim", { claim: "documented add()" }),
        call("proof_claim", { claim: "documented add()" }),
        answer("Documented add(); other.js was broken outside this session."),
        answer("The failure is not mine: other.js changed outside my tools."),
        NEVER,
      ],
    });
    assert.equal(run.code, 0, run.describe());
    const [first, second] = resultOf(run, "proof_claim");
    assert.match(first, /^✓ PROVEN — documented add\(\)\n/, run.describe());
    assert.doesNotMatch(second, /REGRESSED/, run.describe());
    assert.doesNotMatch(second, /Regressions \(charged to this session\)/, run.describe());
    assert.match(second, /^\? UNPROVEN — documented add\(\)\n/, run.describe());
    assert.match(second, /\nFailures caused outside this session [^\n]*:\n- npm:\.:test \(regression\) — external suspects: other\.js; the session's math\.js not reached by the failure\n/, run.describe());
    assert.match(second, /\nEXTERNAL edits [^\n]*: other\.js \(suspect of npm:\.:test\)/, run.describe());
    assert.match(second, /only plausible cause changed outside the agent's tool stream \(other\.js\) — not charged to this session/, run.describe());
  });

  test("should grade a breaking edit as regressed and name the file", async () => {
    const workspace = calculatorWorkspace();
    const run = await turn(workspace, [
      call("proof_baseline", {}),
      ...edit(join(workspace, "math.js"), "a + b", "a - b"),
      call("proof_claim", { claim: "simplified add(); all tests pass" }),
      answer("Simplified add()."),
      answer("The claim regressed: add() now subtracts; the test fails."),
      NEVER,
    ]);
    assert.equal(run.code, 0, run.describe());
    const [claim] = resultOf(run, "proof_claim");
    assert.match(claim, /^✗ REGRESSED — simplified add\(\); all tests pass\n/, run.describe());
    assert.match(claim, /Regressions \(charged to this session\):\n- .+ — suspects: [^\n]*math\.js/, run.describe());
    assert.equal(proofNotes(run).length, 1, "a regressed claim is not proven: the turn end steers once");
    assert.equal(run.stepRequests.length, 6, run.describe());
  });
});
