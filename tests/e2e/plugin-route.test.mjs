// The plugin route's life cycle on the real host: `dsh plugin add` of the
// bundle into stock profiles (a bare directory, as the README says, and the
// packed tarball), what the composed tree then holds, removal leaving the
// profile as before, and failing closed when the bundle cannot subclass.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { host, repoRoot } from "./lib/host.mjs";
import { outsideDir, removeScratch, scratchDir } from "./lib/places.mjs";
import { prepareDshHome } from "./lib/profile.mjs";
import { BUNDLE_DIR, addBundle, backendPath, installPluginRoute, pnpmBin, webRouteTurn } from "./lib/routes.mjs";
import { answer, bash, script } from "./lib/script.mjs";
import { runTurn } from "./lib/turn.mjs";
import { runVerifier, verifyProfile } from "./lib/verify.mjs";

const UPSTREAM_DENIAL = "[sandbox: file access denied under workspace-write mode]";
const OFF = /dsh-self-checking: warning: Self Checking is OFF for bash: the subclass failed to load: .*The "self-checking" preset runs as plain workspace-write with approval ask\./;

/** @returns {string} */
function dsh(h, dshHome, args, cwd = repoRoot) {
  return execFileSync(h.launcher, args, { cwd, env: { ...process.env, DSH_HOME: dshHome, PATH: `${pnpmBin()}:${process.env.PATH}` }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 5 * 60_000 });
}

/** The composed rows as `id` → the row's text (without the layer comments, which name the bundle). */
function rows(dump) {
  const map = new Map();
  for (const block of dump.split(/\n(?=- id: )/)) {
    const id = /^- id: (\S+)/m.exec(block)?.[1];
    if (id !== undefined) map.set(id, block.replace(/^#.*\n?/gm, "").trim());
  }
  return map;
}

describe("dsh plugin add/remove of the bundle (real dsh 0.1.0-rc.8)", () => {
  let h;
  let dshHome;
  before(() => {
    h = host();
    dshHome = scratchDir("home");
    prepareDshHome({ host: h, dshHome });
  });
  after(removeScratch);

  test("should compose the web profile with the bundle's rows, and leave it as before when removed", () => {
    const profileDir = join(dshHome, "profiles", "web");
    const before = dsh(h, dshHome, ["--profile", "web", "--dump-config"]);
    const packageBefore = existsSync(join(profileDir, "package.json")) ? readFileSync(join(profileDir, "package.json"), "utf8") : undefined;

    dsh(h, dshHome, ["plugin", "--profile", "web", "add", "./plugins/dsh-self-checking"]);
    const added = rows(dsh(h, dshHome, ["--profile", "web", "--dump-config"]));
    for (const id of ["bash-sandbox", "pwsh-sandbox", "fs-sandbox"]) assert.match(added.get(id), /\n {2}disabled: true/, `${id} is disabled`);
    assert.match(added.get("self-checking-bash"), /name: dsh-self-checking\/bash/);
    assert.match(added.get("self-checking-fs"), /name: dsh-self-checking\/fs/);
    assert.match(added.get("self-checking"), /name: dsh-self-checking$/m);
    const presets = [...added.get("permission").matchAll(/^ {6}([\w-]+):$/gm)].map((m) => m[1]);
    assert.deepEqual(presets, ["read-only", "workspace-write", "self-checking", "danger-full-access"]);
    assert.match(added.get("permission"), /self-checking:\n {8}sandbox: workspace-write\n {8}approval: ask\n {8}name: Self Checking/);
    assert.equal(verifyProfile({ host: h, dshHome, profile: "web" }).route, "plugin");

    dsh(h, dshHome, ["plugin", "--profile", "web", "remove", "dsh-self-checking"]);
    assert.equal(dsh(h, dshHome, ["--profile", "web", "--dump-config"]), before, "the composed tree is as before");
    // pnpm drops the empty `dependencies: {}` a first boot wrote (docs/self-checking.md); everything else is as before.
    const { dependencies = {}, ...after } = JSON.parse(readFileSync(join(profileDir, "package.json"), "utf8"));
    assert.deepEqual(dependencies, {});
    if (packageBefore !== undefined) {
      const { dependencies: earlier = {}, ...rest } = JSON.parse(packageBefore);
      assert.deepEqual(earlier, {});
      assert.deepEqual(after, rest);
    }
    assert.equal(existsSync(join(profileDir, "node_modules", "dsh-self-checking")), false);
  });

  test("should intercept when the bare directory is added to the stock headless profile (pnpm links it)", async () => {
    const home = scratchDir("home-link");
    prepareDshHome({ host: h, dshHome: home });
    dsh(h, home, ["plugin", "--profile", "headless", "add", "./plugins/dsh-self-checking"]);
    assert.match(readFileSync(join(home, "profiles", "headless", "package.json"), "utf8"), /"dsh-self-checking": "link:/);
    verifyProfile({ host: h, dshHome: home, profile: "headless" });
    const target = join(outsideDir("outside"), "from-link.txt");
    const run = await runTurn({
      host: h, dshHome: home, profile: "headless", cwd: scratchDir("ws"), task: "Do the scripted work.",
      script: script(bash(`echo x > ${target}`), bash(`echo x > ${target}`), answer("Done.")),
      env: { DSH_PERMISSION_MODE: "self-checking" },
    });
    assert.equal(run.code, 0, run.describe());
    assert.ok(run.toolExchanges[0].result.includes("[sandbox: self-check intercepted"), run.describe());
    assert.equal(readFileSync(target, "utf8"), "x\n", "the identical re-run wrote");
  });

  test("should intercept from the packed tarball added to the stock headless profile", async () => {
    const packDir = scratchDir("pack");
    const [{ filename }] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", packDir], { cwd: BUNDLE_DIR, encoding: "utf8" }));
    addBundle({ host: h, dshHome, profile: "headless", spec: join(packDir, filename) });
    verifyProfile({ host: h, dshHome, profile: "headless" });
    const outside = outsideDir("outside");
    const target = join(outside, "from-tarball.txt");
    const run = await runTurn({
      host: h, dshHome, profile: "headless", cwd: scratchDir("ws"), task: "Do the scripted work.",
      script: script(bash(`echo x > ${target}`), bash(`echo x > ${target}`), answer("Done.")),
      env: { DSH_PERMISSION_MODE: "self-checking" },
    });
    assert.equal(run.code, 0, run.describe());
    assert.ok(run.toolExchanges[0].result.includes("[sandbox: self-check intercepted"), run.describe());
    assert.equal(readFileSync(target, "utf8"), "x\n", "the identical re-run wrote");
    dsh(h, dshHome, ["plugin", "--profile", "headless", "remove", "dsh-self-checking"]);
  });
});

describe("fail closed: a bundle that cannot subclass (real dsh 0.1.0-rc.8)", () => {
  let h;
  let dshHome;
  let broken;
  before(() => {
    h = host();
    dshHome = scratchDir("home");
    // A copy of the bundle whose executor subclass module is missing.
    broken = join(scratchDir("broken"), "dsh-self-checking");
    cpSync(BUNDLE_DIR, broken, { recursive: true, filter: (src) => !src.includes("node_modules") });
    rmSync(join(broken, "lib", "dsh", "executor.js"));
    for (const profile of ["headless", "web"]) addBundle({ host: h, dshHome, profile, spec: `file:${broken}` });
  });
  after(removeScratch);

  /** Two identical outside writes in the Self Checking preset of `profile`: both denied as upstream, nothing written. */
  const assertDegraded = (run, target) => {
    assert.equal(run.code, 0, run.describe());
    assert.match(run.stderr, OFF);
    const [first, again] = run.toolExchanges;
    for (const exchange of [first, again]) {
      assert.ok(exchange.result.includes(UPSTREAM_DENIAL), run.describe());
      assert.ok(!exchange.result.includes("self-check"), run.describe());
    }
    assert.equal(existsSync(target), false, "never full access");
  };

  test("should fail the verifier, naming the missing module", () => {
    for (const profile of ["headless", "web"]) {
      const { status, failures } = runVerifier({ host: h, dshHome, profile });
      assert.equal(status, 1);
      assert.ok(failures.some((line) => line.includes("lib/dsh/shell-row.js imports ./executor.js, which is missing")), failures.join("\n"));
    }
  });

  test("should degrade the preset to plain workspace-write (denied, never unlocked) and say why on stderr", async () => {
    const outside = outsideDir("outside");
    const target = join(outside, "never.txt");
    const run = await runTurn({
      host: h, dshHome, profile: "headless", cwd: scratchDir("ws"), task: "Do the scripted work.",
      script: script(bash(`echo x > ${target}`), bash(`echo x > ${target}`), answer("Stopped.")),
      env: { DSH_PERMISSION_MODE: "self-checking", PATH: backendPath("bwrap", dshHome) },
    });
    assertDegraded(run, target);
  });

  for (const backend of ["bwrap", "landlock"]) test(`should degrade the preset in the stock web profile too (${backend}), saying why in the server's log`, async () => {
    const target = join(outsideDir("outside"), "never-web.txt");
    const run = await webRouteTurn({
      host: h, dshHome, profile: "web", cwd: scratchDir("ws"), task: "Do the scripted work.",
      script: script(bash(`echo x > ${target}`), bash(`echo x > ${target}`), answer("Stopped.")),
      env: { DSH_PERMISSION_MODE: "self-checking", PATH: backendPath(backend, dshHome) },
    });
    assertDegraded(run, target);
  });
});

describe("the verifier on a tampered plugin-route profile (real dsh 0.1.0-rc.8)", () => {
  let h;
  let dshHome;
  let profileDir;
  before(() => {
    h = host();
    dshHome = scratchDir("home");
    installPluginRoute({ host: h, dshHome, profile: "headless" });
    profileDir = join(dshHome, "profiles", "headless");
  });
  after(removeScratch);

  /** Write `file` anew (pnpm hard-links installed files to its store: never edit one in place). */
  const rewrite = (file, text) => {
    rmSync(file, { force: true });
    writeFileSync(file, text);
  };
  /** Tamper, expect the verifier to fail with `expected` in a FAIL line, restore, expect it to pass again. */
  const expectFailure = (tamper, restore, expected) => {
    tamper();
    try {
      const { status, failures } = runVerifier({ host: h, dshHome, profile: "headless" });
      assert.equal(status, 1, failures.join("\n"));
      assert.ok(failures.some((line) => line.startsWith("FAIL") && line.includes(expected)), `no FAIL line names: ${expected}\n${failures.join("\n")}`);
    } finally {
      restore();
    }
    verifyProfile({ host: h, dshHome, profile: "headless" });
  };

  test("should name a row removed from the installed bundle", () => {
    const file = join(profileDir, "node_modules", "dsh-self-checking", "cordis.patch.yml");
    const original = readFileSync(file, "utf8");
    const without = original.replace(/\n {4}# SandboxedFileSystem with the gate \(ctx\.fs\)\.\n {4}- id: self-checking-fs\n {6}name: dsh-self-checking\/fs\n/, "\n");
    assert.notEqual(without, original);
    expectFailure(() => rewrite(file, without), () => rewrite(file, original), "the composed configuration has no `self-checking-fs` row");
  });

  test("should name the bundle dropped from the profile's bundle list", () => {
    const file = join(profileDir, "package.json");
    const original = readFileSync(file, "utf8");
    const manifest = JSON.parse(original);
    manifest.dsh.profile.bundles = manifest.dsh.profile.bundles.filter((name) => name !== "dsh-self-checking");
    expectFailure(() => writeFileSync(file, JSON.stringify(manifest, null, 2)), () => writeFileSync(file, original), "dsh-self-checking is not in dsh.profile.bundles");
  });

  test("should name a host class that changed shape", () => {
    const copy = join(profileDir, "node_modules", "@deepseek-ai", "dsh-fs-sandbox");
    const pristine = join(dshHome, "profiles", "node_modules", "@deepseek-ai", "dsh-fs-sandbox");
    expectFailure(() => {
      mkdirSync(join(profileDir, "node_modules", "@deepseek-ai"), { recursive: true });
      cpSync(pristine, copy, { recursive: true, dereference: true });
      const lib = join(copy, "lib", "index.js");
      const text = readFileSync(lib, "utf8");
      const changed = text.replace(/async checkedTarget\((\w+), (\w+)\)/, "async checkedTarget($1)");
      assert.notEqual(changed, text);
      rewrite(lib, changed);
    }, () => rmSync(join(profileDir, "node_modules", "@deepseek-ai"), { recursive: true, force: true }), "SandboxedFileSystem: method checkedTarget() takes 1 parameters, expected 2");
  });

  test("should name a user override that would make the one-shot spelling stop dsh", () => {
    const file = join(profileDir, "cordis.patch.yml");
    const original = readFileSync(file, "utf8");
    const override = "- id: sandbox-policy\n  config:\n    mode: !!js process.env.DSH_PERMISSION_MODE ?? 'workspace-write'\n    workspaceRoot: !!js process.cwd()\n";
    expectFailure(() => writeFileSync(file, override), () => writeFileSync(file, original), "with DSH_PERMISSION_MODE=self-checking the `sandbox-policy` row would get mode \"self-checking\" and stop dsh");
  });
});
