// The scripted session tools/demo.sh plays: one headless turn in the
// self-checking mode showing an interception, the re-run, a result-check note
// and a proof claim, printed as the conversation the model had.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { answer, bash, call, script } from "./script.mjs";
import { transcript } from "./transcript.mjs";
import { runTurn } from "./turn.mjs";

export const DEMO_TASK = "Write the release note to the shared notes directory, add double() to the calculator, and report how many tests pass.";

/** The demo's workspace: a tiny npm project whose `npm test` dsh-proof runs as its check. */
export function demoWorkspace(workspace) {
  writeFileSync(join(workspace, "package.json"), JSON.stringify({ name: "calculator", private: true, type: "module", scripts: { test: "node --test" } }, null, 2) + "\n");
  writeFileSync(join(workspace, "math.js"), "export const add = (a, b) => a + b;\n");
  mkdirSync(join(workspace, "test"), { recursive: true });
  writeFileSync(
    join(workspace, "test", "math.test.js"),
    'import assert from "node:assert/strict";\nimport test from "node:test";\nimport { add } from "../math.js";\n\ntest("add", () => assert.equal(add(2, 3), 5));\n',
  );
}

/** The model's steps, in order. */
export function demoSteps({ workspace, outside }) {
  const note = join(outside, "release-note.txt");
  const writeNote = `echo 'forklayer 0.1.0: Self Checking mode' > ${note}`;
  return [
    bash(writeNote, "Write the release note"),
    bash(writeNote, "Write the release note (intended)"),
    // Five digits: the session's random hashes and paths (tool outputs,
    // which the check reads loosely) would hold a three-digit number by
    // chance about once in two hundred runs and hide the wrong count.
    bash("printf 'tests: 12840 passed\\n'", "Run the tests"),
    call("proof_baseline", {}),
    call("read", { file_path: join(workspace, "math.js") }),
    call("edit", { file_path: join(workspace, "math.js"), old_string: "a + b;\n", new_string: "a + b;\nexport const double = (a) => add(a, a);\n" }),
    call("proof_claim", { claim: "double() is added and the tests still pass" }),
    answer("Release note written, double() added (proven); all 12480 tests pass."),
    answer("Release note written, double() added (proven); 12840 tests pass, as the test run printed."),
  ];
}

/**
 * Play the demo session and print it.
 * @returns {Promise<number>} the exit code for the demo.
 */
export async function playDemo({ host, dshHome, profile, workspace, outside, print = console.log }) {
  demoWorkspace(workspace);
  const run = await runTurn({ host, dshHome, profile, cwd: workspace, task: DEMO_TASK, script: script(...demoSteps({ workspace, outside })), env: { DSH_PERMISSION_MODE: "self-checking" } });
  print(`task: ${DEMO_TASK}`);
  print("Each step the scripted model took, and what dsh showed it in reply:");
  print("");
  for (const line of transcript(run)) print(line);
  print("");
  const note = join(outside, "release-note.txt");
  print(`outside the workspace: ${note} ${existsSync(note) ? `now holds ${JSON.stringify(readFileSync(note, "utf8"))}` : "was not written"}`);
  print(`dsh printed the final answer: ${run.stdout.trim()}`);
  if (run.code !== 0) {
    print(`\ndsh exited ${run.code}:\n${run.stderr}`);
    return 1;
  }
  return 0;
}
