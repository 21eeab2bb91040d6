// tools/demo.sh, run as a newcomer runs it: one command, no API key.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, test } from "node:test";
import { promisify } from "node:util";
import { host, repoRoot } from "./lib/host.mjs";

const COMMAND_INTERCEPTED = "[sandbox: self-check intercepted — this command attempted to access a path outside the workspace;";

describe("tools/demo.sh", () => {
  test("should play the scripted session and print what the model saw", async () => {
    const dsh = host();
    const env = { ...process.env, FORKLAYER_E2E_HOST_DIR: dsh.dir };
    delete env.DEEPSEEK_API_KEY;
    const { stdout } = await promisify(execFile)("bash", [join(repoRoot, "tools", "demo.sh")], { env, timeout: 5 * 60_000, maxBuffer: 16 * 1024 * 1024 });
    // Every phase says how long the demo has run so far.
    for (const phase of ["dsh host", "profile", "session"]) assert.match(stdout, new RegExp(`^== \\[\\d+s\\] ${phase}: `, "m"), stdout);
    const steps = stdout.split("\n").filter((line) => line.startsWith("step "));
    assert.match(steps[0], /^step 1 {2}model calls bash: echo .* > \/var\/tmp\/dsh-demo-outside\.[^/]+\/release-note\.txt$/, stdout);
    assert.equal(steps[1].replace("step 2", "step 1"), steps[0], "step 2 repeats the exact command");
    const afterFirst = stdout.slice(stdout.indexOf(steps[0]), stdout.indexOf(steps[1]));
    assert.ok(afterFirst.includes(COMMAND_INTERCEPTED), stdout);
    assert.match(stdout, /outside the workspace: \S+release-note\.txt now holds "forklayer 0\.1\.0: Self Checking mode\\n"/);
    assert.match(stdout, /model sees a note: Result check: before this turn ends, fix your final answer\./);
    assert.match(stdout, /- 12480\n/);
    assert.match(stdout, /model calls proof_claim .*\n {8}model sees: ✓ PROVEN — double\(\) is added and the tests still pass\n/);
    assert.match(stdout, /dsh printed the final answer: Release note written, double\(\) added \(proven\); 12840 tests pass/);
  });
});
