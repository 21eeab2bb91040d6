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
import { pathToFileURL } from "node:url";
import { before, describe, test } from "node:test";
import { host, repoRoot } from "./lib/host.mjs";
import { pnpmBinDir } from "./lib/pnpm.mjs";
import { scratchDir } from "./lib/places.mjs";
import { answer, call, script } from "./lib/script.mjs";
import { runTurn } from "./lib/turn.mjs";
import { webTurn } from "./lib/web.mjs";
import { installedProfileSuite } from "./lib/suite.mjs";
import { verifyProfile } from "./lib/verify.mjs";

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
  for (const tool of PROOF_TOOLS) assert.equal(offered(requests[0]).filter((name) => name === tool).length, 1, `dsh-proof offers ${tool} once:\n${offered(requests[0]).join(", ")}`);
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
    // What dsh composes, checked by the verifier the installers run (strict).
    assert.deepEqual(verifyProfile({ host: context.host, dshHome: context.dshHome, profile }).checks.filter((check) => check.name.includes(": row ")).map((check) => check.status), ["pass", "pass"]);
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

  describe("from a checkout: dsh plugin --profile <p> add ./plugins/<plugin>", () => {
    before(() => {
      freshHome(context);
      addBoth(context, (plugin) => `./plugins/${plugin}`, repoRoot);
      for (const profile of ["web", "headless"]) {
        for (const plugin of PLUGINS) assert.match(manifest(context, profile).dependencies[plugin], /^link:/, `${profile}: pnpm linked ${plugin} (the bare path)`);
      }
    });

    test("should check a headless session: the note on an unsourced number, the four proof tools, a graded claim", async () => {
      const dir = workspace();
      const run = await headlessTurn(dir, steps(dir));
      assert.equal(run.code, 0, run.describe());
      assertBothWork(run.stepRequests.map((entry) => entry.request), () => run.describe());
      assert.equal(run.stdout.trim(), "The data file has 1,708 rows.");
      assert.doesNotMatch(run.stderr, /dsh-(result-check|proof): (warning|error):/, run.describe());
    });

    test("should check a web session opened through the web API", async () => {
      const dir = workspace();
      const { steps: requests, output } = await webSession(dir);
      assertBothWork(requests, () => output.slice(-3000));
    });

    test("should load once when the user's patch adds a second row of the plugin, and say which row it set aside", async () => {
      const patch = join(context.dshHome, "profiles", "headless", "cordis.patch.yml");
      const original = readFileSync(patch, "utf8");
      try {
        writeFileSync(patch, `${original.replace(/^\[\]\s*$/m, "")}- insert:\n    - id: result-check-again\n      name: dsh-result-check/bundle\n    - id: proof-again\n      name: dsh-proof/bundle\n`);
        assert.equal(rowCount(context, "headless", "result-check-again"), 1, "the user's second row is composed");
        const dir = workspace();
        const run = await headlessTurn(dir, steps(dir));
        assert.equal(run.code, 0, run.describe());
        assertBothWork(run.stepRequests.map((entry) => entry.request), () => run.describe());
        for (const [plugin, again] of [["dsh-result-check", "result-check-again"], ["dsh-proof", "proof-again"]]) {
          const lines = run.stderr.split("\n").filter((line) => line.startsWith(`${plugin}: warning:`));
          assert.equal(lines.length, 1, `one warning line from ${plugin}:\n${run.stderr}`);
          assert.match(lines[0], new RegExp(`row "${again}" of profile "headless" not loaded: row "${ROW_IDS[plugin]}" already runs ${plugin}; keep one of the two rows`));
        }
      } finally {
        writeFileSync(patch, original);
      }
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

describe("adding the plugins to the Self Checking profile, which ships them (install.sh, then dsh plugin add ./plugins/<plugin>)", () => {
  const suite = installedProfileSuite();

  test("should keep one row per plugin, load each once, and say that the added copy replaces the profile's own, until the profile's copy is put back", async () => {
    const context = { host: suite.host, pnpm: pnpmBinDir(), dshHome: suite.dshHome };
    const checkedTurn = async () => {
      const dir = workspace();
      const run = await runTurn({ host: suite.host, dshHome: suite.dshHome, profile: suite.profile, cwd: dir, task: "Check the calculator and count the rows.", script: script(...steps(dir)), env: MODE });
      assert.equal(run.code, 0, run.describe());
      assertBothWork(run.stepRequests.map((entry) => entry.request), () => run.describe());
      return { run, warnings: (plugin) => run.stderr.split("\n").filter((line) => line.startsWith(`${plugin}: warning:`)) };
    };
    const installed = await checkedTurn();
    for (const plugin of PLUGINS) assert.deepEqual(installed.warnings(plugin), [], "the profile's own copies run without a warning");
    for (const plugin of PLUGINS) {
      const added = dsh(context, ["plugin", "--profile", suite.profile, "add", `./plugins/${plugin}`]);
      assert.equal(added.code, 0, added.output);
      assert.equal(rowCount(context, suite.profile, ROW_IDS[plugin]), 1, `one ${ROW_IDS[plugin]} row:\n${added.output}`);
    }
    assert.deepEqual(manifest(context, suite.profile).dsh.profile.bundles.filter((bundle) => PLUGINS.includes(bundle)), PLUGINS);
    const added = await checkedTurn();
    for (const plugin of PLUGINS) {
      const lines = added.warnings(plugin);
      assert.equal(lines.length, 1, `one warning line from ${plugin}:\n${added.run.stderr}`);
      const own = join(suite.dshHome, "profiles", suite.profile, "forks", plugin);
      assert.equal(
        lines[0],
        `${plugin}: warning: profile "${suite.profile}" ships its own ${plugin} (forks/${plugin}); row "${ROW_IDS[plugin]}" runs the copy \`dsh plugin add\` installed (${join(repoRoot, "plugins", plugin)}/) in its place, once; to go back to the profile's copy: dsh plugin --profile ${suite.profile} add file:${own}`,
      );
      const back = dsh(context, ["plugin", "--profile", suite.profile, "add", `file:${own}`]);
      assert.equal(back.code, 0, back.output);
      assert.equal(rowCount(context, suite.profile, ROW_IDS[plugin]), 1, `one ${ROW_IDS[plugin]} row after going back`);
    }
    const back = await checkedTurn();
    for (const plugin of PLUGINS) assert.deepEqual(back.warnings(plugin), [], "the profile's own copies run again, without a warning");
  });
});

describe("a plugin whose peers the profile cannot provide (the bundle entry on the host's Node)", () => {
  test("should name the missing peer and the fix, without a stack trace, and mount nothing", () => {
    const profile = scratchDir("bare-profile");
    writeFileSync(join(profile, "package.json"), "{}\n");
    const probe = `
      const { apply } = await import(${JSON.stringify(pathToFileURL(join(repoRoot, "plugins", "dsh-result-check", "bundle.js")).href)});
      const mounted = [];
      const ctx = { baseUrl: ${JSON.stringify(pathToFileURL(profile).href + "/")}, root: {}, on() {}, plugin: (plugin) => mounted.push(plugin), logger: () => ({ warn() {}, error() {} }) };
      await apply(ctx, {});
      console.log(JSON.stringify({ mounted: mounted.length }));`;
    const run = spawnSync(host().node, ["--input-type=module", "-e", probe], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { mounted: 0 });
    assert.match(run.stderr, new RegExp(`^dsh-result-check: error: not loaded: its peer dependency @deepseek-ai/(dsh-llm|schemastery) is missing from ${profile}/\nhelp: dsh-result-check needs dsh 0\\.1\\.0-rc\\.8, whose install provides @deepseek-ai/`), run.stderr);
    assert.doesNotMatch(run.stderr, /^\s+at /m, `no stack trace:\n${run.stderr}`);
  });
});
