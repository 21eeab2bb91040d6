// dsh-result-check in the real host: the installed profile's plugin checks
// the scripted model's final answer against the turn's tool results before
// the turn ends, and steers at most one extra step with its note.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { scratchDir } from "./lib/places.mjs";
import { answer, call } from "./lib/script.mjs";
import { pluginNotices } from "./lib/session.mjs";
import { installedProfileSuite } from "./lib/suite.mjs";

/** First line of every result-check note (plugins/dsh-result-check/src/core/note.ts). */
const NOTE_HEADING = "Result check: before this turn ends, fix your final answer.";
/** A step the model must never be asked for; reaching it fails the test. */
const NEVER = answer("UNREACHABLE: the plugin steered more than once");

describe("dsh-result-check in the installed profile (real dsh, headless)", () => {
  const suite = installedProfileSuite();

  /**
   * A turn whose first step reads a summary saying "rows: 1708". The number
   * comes from `read`, not bash: dsh-proof (also in the profile) treats any
   * shell command as a possible change and would steer too.
   */
  const turn = (...answers) => {
    const workspace = scratchDir("ws");
    const summary = join(workspace, "summary.txt");
    writeFileSync(summary, "rows: 1708\n");
    return suite.turn({ cwd: workspace, task: "Count the rows of the data file.", steps: [call("read", { file_path: summary }), ...answers] });
  };
  /** A turn reading a file that does not exist, then answering. */
  const failedReadTurn = (...answers) => {
    const workspace = scratchDir("ws");
    return suite.turn({ cwd: workspace, task: "Read the data file.", steps: [call("read", { file_path: join(workspace, "data", "missing.csv") }), ...answers] });
  };

  const notes = (run) => run.notesAfterFirstStep.filter((note) => note.startsWith(NOTE_HEADING));
  /** The one-line notices the conversation shows for the plugin's messages. */
  const notices = (run) => pluginNotices(run.session, "dsh-result-check");

  test("should give an answer citing a number no tool produced exactly one extra step with the note", async () => {
    const run = await turn(answer("The data file has 2,417 rows."), answer("The data file has 2,417 rows, I am sure."), NEVER);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 3, `one extra step, no more:\n${run.describe()}`);
    assert.equal(notes(run).length, 1, run.describe());
    const [note] = notes(run);
    assert.match(note, /Unsourced numbers/);
    assert.match(note, /- 2,417/);
    assert.doesNotMatch(note, /1708/, "the sourced number is not listed");
    assert.match(note, /give your complete final answer again/);
    assert.equal(run.stdout.trim(), "The data file has 2,417 rows, I am sure.");
    assert.deepEqual(notices(run), ["Result check: 1 unsourced number"]);
  });

  test("should let the corrected answer end the turn", async () => {
    const run = await turn(answer("The data file has 2,417 rows."), answer("The data file has 1,708 rows."), NEVER);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 3, run.describe());
    assert.equal(run.stdout.trim(), "The data file has 1,708 rows.");
  });

  test("should leave a correct answer alone", async () => {
    const run = await turn(answer("The data file has 1708 rows."), NEVER);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 2, run.describe());
    assert.deepEqual(notes(run), []);
    assert.deepEqual(notices(run), []);
    assert.equal(run.stdout.trim(), "The data file has 1708 rows.");
  });

  test("should catch a failed tool call reported as success", async () => {
    const run = await failedReadTurn(answer("I read the data file; everything looks good."), answer("Reading the data file failed: it does not exist."), NEVER);
    assert.equal(run.code, 0, run.describe());
    assert.ok(run.toolExchanges[0].result.startsWith("Error"), run.describe());
    assert.equal(run.stepRequests.length, 3, run.describe());
    assert.equal(notes(run).length, 1, run.describe());
    assert.match(notes(run)[0], /Unreported tool failure/);
    assert.match(notes(run)[0], /`read`/);
    assert.deepEqual(notices(run), ["Result check: 1 unreported tool failure"]);
  });

  test("should not flag an answer that reports the failure", async () => {
    const run = await failedReadTurn(answer("Reading the data file failed: it does not exist."), NEVER);
    assert.equal(run.code, 0, run.describe());
    assert.equal(run.stepRequests.length, 2, run.describe());
    assert.deepEqual(notes(run), []);
  });
});
