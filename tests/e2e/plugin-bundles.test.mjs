// The checking plugins as dsh bundles, added to the stock `web` and
// `headless` profiles of the real host with the README's exact commands
// (`dsh plugin --profile <p> add …`, which runs pnpm from the registry),
// from a checkout and from the tarballs `forklayer release` ships; then
// sessions of both profiles show each plugin working, a user's patch
// overrides a row's config by id, and `remove` leaves the profile as before.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import { host, repoRoot } from "./lib/host.mjs";
import { pnpmBinDir } from "./lib/pnpm.mjs";
import { scratchDir } from "./lib/places.mjs";
import { answer, call, script } from "./lib/script.mjs";
import { runTurn } from "./lib/turn.mjs";
import { webTurn } from "./lib/web.mjs";
import { installedProfileSuite } from "./lib/suite.mjs";

const PLUGINS = ["dsh-result-check", "dsh-proof"];
const ROW_IDS = { "dsh-result-check": "result-check", "dsh-proof": "proof" };
const PROOF_TOOLS = ["proof_baseline", "proof_claim", "proof_status", "proof_verify"];
const NOTE_HEADING = "Result check: before this turn ends, fix your final answer.";
const NO_BUNDLE = "declares no dsh.bundle";
const MODE = { DSH_PERMISSION_MODE: "workspace-write" };

/** `dsh --profile <p> …` or `dsh plugin --profile <p> …` in `cwd`, with pnpm from the registry on PATH. */
function dsh(context, args, { cwd = repoRoot } = {}) {
  const result = spawnSync(context.host.launcher, args, {
    cwd,
    env: { ...process.env, PATH: `${context.pnpm}:${process.env.PATH}`, DSH_HOME: context.dshHome, DSH_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 5 * 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const manifest = (context, profile) => JSON.parse(readFileSync(join(context.dshHome, "profiles", profile, "package.json"), "utf8"));
/** How many times each row id occurs in the composed tree `--dump-config` prints. */
function rowCount(context, profile, id) {
  const dump = dsh(context, ["--profile", profile, "--dump-config"]);
  assert.equal(dump.code, 0, dump.output);
  return dump.output.split("\n").filter((line) => line.trim() === `- id: ${id}`).length;
}

/** A workspace whose summary says "rows: 1708" and a small npm project whose `npm test` dsh-proof discovers. */
function workspace() {
  const dir = scratchDir("ws");
  writeFileSync(join(dir, "summary.txt"), "rows: 1708\n");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "calc", private: true, type: "module", scripts: { test: "node --test" } }, null, 2) + "\n");
  writeFileSync(join(dir, "math.js"), "export const add = (a, b) => a + b;\n");
  mkdirSync(join(dir, "test"));
  writeFileSync(join(dir, "test", "math.test.js"), 'import assert from "node:assert/strict";\nimport test from "node:test";\nimport { add } from "../math.js";\n\ntest("add", () => assert.equal(add(2, 3), 5));\n');
  return dir;
}

/** The scripted turn: baseline, a claim dsh-proof grades, a read, an answer with a number no tool produced, the corrected answer. */
const steps = (dir) => [
  call("proof_baseline", {}),
  call("proof_claim", { claim: "math.js is unchanged; all tests pass" }),
  call("read", { file_path: join(dir, "summary.txt") }),
  answer("The data file has 2,417 rows."),
  answer("The data file has 1,708 rows."),
];

const toolText = (messages, index) => {
  const results = (messages ?? []).filter((m) => m.role === "tool").map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
  return results[index] ?? "";
};
const notes = (messages) => (messages ?? []).filter((m) => m.role === "user").map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content))).filter((text) => text.includes(NOTE_HEADING));
const offered = (request) => (request.tools ?? []).map((tool) => tool.function?.name);

/** Both plugins at work in one turn's model requests (the last one saw everything). */
function assertBothWork(requests, describe) {
  assert.ok(requests.length >= 5, `five model steps expected:\n${describe()}`);
  for (const tool of PROOF_TOOLS) assert.ok(offered(requests[0]).includes(tool), `dsh-proof offers ${tool}:\n${offered(requests[0]).join(", ")}`);
  const last = requests.at(-1).messages;
  assert.match(toolText(last, 0), /^Baseline saved: \d+ check\(s\) — \d+ passing, 0 not passing/, describe());
  assert.match(toolText(last, 1), /^✓ PROVEN — math\.js is unchanged; all tests pass\n/, describe());
  assert.equal(notes(last).length, 1, `one result-check note:\n${describe()}`);
  assert.match(notes(last)[0], /- 2,417/, describe());
}

/** Adds both plugins to both stock profiles, each with `spec(plugin)` run in `cwd`. */
function addBoth(context, spec, cwd) {
  for (const profile of ["web", "headless"]) {
    for (const plugin of PLUGINS) {
      const added = dsh(context, ["plugin", "--profile", profile, "add", spec(plugin)], { cwd });
      assert.equal(added.code, 0, added.output);
      assert.ok(!added.output.includes(NO_BUNDLE), `no "${NO_BUNDLE}" warning:\n${added.output}`);
    }
    assert.deepEqual(manifest(context, profile).dsh.profile.bundles.slice(-2), PLUGINS, `${profile} lists both bundles`);
    for (const plugin of PLUGINS) assert.equal(rowCount(context, profile, ROW_IDS[plugin]), 1, `${profile}: one ${ROW_IDS[plugin]} row`);
  }
}

/** A scratch DSH_HOME whose stock profiles exist (as after a user's first boot), their manifests recorded. */
function freshHome(context) {
  context.dshHome = scratchDir("home");
  context.stock = {};
  for (const profile of ["web", "headless"]) {
    const dump = dsh(context, ["--profile", profile, "--dump-config"]);
    assert.equal(dump.code, 0, dump.output);
    context.stock[profile] = manifest(context, profile);
  }
}

describe("dsh-result-check and dsh-proof as bundles in stock profiles (dsh plugin add, real dsh, pnpm)", () => {
  const context = { host: undefined, pnpm: undefined, dshHome: undefined, stock: undefined };
  const headlessTurn = (cwd, turnSteps) => runTurn({ host: context.host, dshHome: context.dshHome, profile: "headless", cwd, task: "Check the calculator and count the rows.", script: script(...turnSteps), env: MODE });
  const webSession = (cwd) => webTurn({ host: context.host, dshHome: context.dshHome, profile: "web", cwd, script: script(...steps(cwd)), task: "Check the calculator and count the rows.", env: MODE });

  before(() => {
    context.host = host();
    context.pnpm = pnpmBinDir();
  });

  describe("from a checkout: dsh plugin --profile <p> add file:./plugins/<plugin>", () => {
    before(() => {
      freshHome(context);
      addBoth(context, (plugin) => `file:./plugins/${plugin}`, repoRoot);
    });

    test("should check a headless session: the note on an unsourced number, the four proof tools, a graded claim", async () => {
      const dir = workspace();
      const run = await headlessTurn(dir, steps(dir));
      assert.equal(run.code, 0, run.describe());
      assertBothWork(run.stepRequests.map((entry) => entry.request), () => run.describe());
      assert.equal(run.stdout.trim(), "The data file has 1,708 rows.");
    });

    test("should check a web session opened through the web API", async () => {
      const dir = workspace();
      const { steps: requests, output } = await webSession(dir);
      assertBothWork(requests, () => output.slice(-3000));
    });

    test("should take a config override by row id from the user's cordis.patch.yml, and stop boot on a bad value naming the key", async () => {
      const patch = join(context.dshHome, "profiles", "headless", "cordis.patch.yml");
      const original = readFileSync(patch, "utf8");
      // The stock file is a comment and an empty list, `[]`: the user's rows replace the list.
      const withRows = (rows) => `${original.replace(/^\[\]\s*$/m, "")}${rows}`;
      try {
        writeFileSync(patch, withRows("- id: result-check\n  config:\n    checkNumbers: false\n"));
        const dir = workspace();
        const quiet = await headlessTurn(dir, [call("read", { file_path: join(dir, "summary.txt") }), answer("The data file has 2,417 rows."), answer("UNREACHABLE: checkNumbers is off")]);
        assert.equal(quiet.code, 0, quiet.describe());
        assert.equal(quiet.stepRequests.length, 2, `no note with checkNumbers: false:\n${quiet.describe()}`);
        writeFileSync(patch, withRows("- id: result-check\n  config:\n    minIntegerDigits: 0\n"));
        const bad = await headlessTurn(workspace(), [answer("UNREACHABLE: the profile must not boot")]);
        assert.notEqual(bad.code, 0, bad.describe());
        assert.match(bad.stderr, /minIntegerDigits/, bad.describe());
      } finally {
        writeFileSync(patch, original);
      }
    });

    test("should leave each profile as before on dsh plugin --profile <p> remove, and boot", async () => {
      for (const profile of ["web", "headless"]) {
        const removed = dsh(context, ["plugin", "--profile", profile, "remove", ...PLUGINS]);
        assert.equal(removed.code, 0, removed.output);
        const after = manifest(context, profile);
        assert.deepEqual(after.dsh, context.stock[profile].dsh, `${profile}: the bundle list is the stock one`);
        assert.deepEqual(Object.keys(after.dependencies ?? {}), [], `${profile}: no dependency left`);
        for (const plugin of PLUGINS) assert.equal(rowCount(context, profile, ROW_IDS[plugin]), 0, `${profile}: no ${ROW_IDS[plugin]} row left`);
      }
      const run = await headlessTurn(workspace(), [answer("The data file has 2,417 rows.")]);
      assert.equal(run.code, 0, run.describe());
      assert.equal(run.stdout.trim(), "The data file has 2,417 rows.", "the stock profile answers unchecked");
    });
  });

  describe("from the release: dsh plugin --profile <p> add ./<plugin>-<version>.tgz", () => {
    let dist;
    before(() => {
      dist = scratchDir("dist");
      execFileSync("cargo", ["run", "--release", "--quiet", "--", "release", "--out", dist, "--source-date-epoch", "1700000000"], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], timeout: 20 * 60_000 });
      freshHome(context);
      const version = (plugin) => JSON.parse(readFileSync(join(repoRoot, "plugins", plugin, "package.json"), "utf8")).version;
      addBoth(context, (plugin) => `./${plugin}-${version(plugin)}.tgz`, dist);
    });

    test("should ship exactly the files npm pack packs for each plugin (and the plugin route's bundle, `[release] bundles`)", () => {
      for (const plugin of [...PLUGINS, "dsh-self-checking"]) {
        const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", `./plugins/${plugin}`], { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
        const tgz = readdirSync(dist).find((name) => name.startsWith(`${plugin}-`) && name.endsWith(".tgz"));
        assert.equal(tgz, packed.filename, "npm pack's file name");
        const listed = execFileSync("tar", ["-tzf", join(dist, tgz)], { encoding: "utf8" }).trim().split("\n").map((name) => name.replace(/^package\//, "")).sort();
        assert.deepEqual(listed, packed.files.map((file) => file.path).sort(), `${tgz} holds what npm pack packs`);
      }
    });

    test("should check a headless session", async () => {
      const dir = workspace();
      const run = await headlessTurn(dir, steps(dir));
      assert.equal(run.code, 0, run.describe());
      assertBothWork(run.stepRequests.map((entry) => entry.request), () => run.describe());
    });

    test("should check a web session opened through the web API", async () => {
      const dir = workspace();
      const { steps: requests, output } = await webSession(dir);
      assertBothWork(requests, () => output.slice(-3000));
    });
  });
});

describe("adding a plugin to the Self Checking profile, which already has it", () => {
  const suite = installedProfileSuite();

  test("should keep one row per plugin", () => {
    const context = { host: suite.host, pnpm: pnpmBinDir(), dshHome: suite.dshHome };
    for (const plugin of PLUGINS) {
      const added = dsh(context, ["plugin", "--profile", suite.profile, "add", `file:./plugins/${plugin}`]);
      assert.equal(added.code, 0, added.output);
      assert.equal(rowCount(context, suite.profile, ROW_IDS[plugin]), 1, `one ${ROW_IDS[plugin]} row:\n${added.output}`);
    }
    assert.deepEqual(manifest(context, suite.profile).dsh.profile.bundles.filter((bundle) => PLUGINS.includes(bundle)), PLUGINS);
  });
});

describe("a plugin whose peers do not resolve (a bare checkout path, which pnpm links)", () => {
  const context = { host: undefined, pnpm: undefined, dshHome: undefined, stock: undefined };

  test("should say which peer is missing and how to add the plugin, without a stack trace, and let the session run", async () => {
    context.host = host();
    context.pnpm = pnpmBinDir();
    freshHome(context);
    const added = dsh(context, ["plugin", "--profile", "headless", "add", "./plugins/dsh-result-check"]);
    assert.equal(added.code, 0, added.output);
    assert.match(manifest(context, "headless").dependencies["dsh-result-check"], /^link:/, "pnpm linked the directory");
    const run = await runTurn({ host: context.host, dshHome: context.dshHome, profile: "headless", cwd: workspace(), task: "Answer.", script: script(answer("The data file has 2,417 rows.")), env: MODE });
    assert.equal(run.code, 0, run.describe());
    assert.match(run.stderr, /dsh-result-check: error: not loaded: its peer dependency @deepseek-ai\/(dsh-llm|schemastery) is missing/, run.describe());
    assert.match(run.stderr, /help: .*dsh plugin --profile <name> add file:<path to dsh-result-check>/, run.describe());
    assert.doesNotMatch(run.stderr, /^\s+at .*\(?(file|node):/m, `no stack trace:\n${run.stderr}`);
    assert.equal(run.stdout.trim(), "The data file has 2,417 rows.");
  });
});
