// tools/install-host.sh: the pinned host install the suites, the demo and
// `install.sh --with-dsh` rely on.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { host, repoRoot } from "./lib/host.mjs";

const script = join(repoRoot, "tools", "install-host.sh");
const installHost = (...args) => spawnSync("bash", [script, ...args], { encoding: "utf8" });
const scratch = mkdtempSync(join(tmpdir(), "forklayer-install-host-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe("tools/install-host.sh", () => {
  test("should install dsh 0.1.0-rc.8 with Node 24 and a launcher, and report the paths", () => {
    const dsh = host();
    assert.equal(execFileSync(dsh.node, ["--version"], { encoding: "utf8" }).trim(), "v24.22.3");
    assert.equal(execFileSync(dsh.launcher, ["--version"], { encoding: "utf8" }).trim(), "0.1.0-rc.8");
    assert.equal(JSON.parse(readFileSync(join(dsh.dir, "node_modules", "@deepseek-ai", "dsh", "package.json"), "utf8")).version, "0.1.0-rc.8");
    // The recorded paths are the real ones: a cache reached through a
    // symbolic link records where the link points.
    const recorded = Object.fromEntries(
      readFileSync(join(dsh.dir, "host.env"), "utf8").trimEnd().split("\n").map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    assert.deepEqual(Object.keys(recorded), ["node", "dsh", "launcher"]);
    for (const key of ["node", "dsh", "launcher"]) assert.equal(realpathSync(recorded[key]), realpathSync(dsh[key]), key);
  });

  test("should pin the cordis family to the versions released with rc.8", () => {
    const dsh = host();
    const version = (name) => JSON.parse(readFileSync(join(dsh.dir, "node_modules", ...name.split("/"), "package.json"), "utf8")).version;
    assert.deepEqual(
      Object.fromEntries(["@deepseek-ai/cordis", "@deepseek-ai/cordis-plugin-hmr", "@deepseek-ai/cordis-plugin-loader", "@deepseek-ai/cosmokit", "@deepseek-ai/schemastery"].map((n) => [n, version(n)])),
      {
        "@deepseek-ai/cordis": "4.0.1",
        "@deepseek-ai/cordis-plugin-hmr": "1.0.16",
        "@deepseek-ai/cordis-plugin-loader": "1.0.2",
        "@deepseek-ai/cosmokit": "1.8.2",
        "@deepseek-ai/schemastery": "3.18.1",
      },
    );
  });

  test("should do nothing when the directory already holds the same install", () => {
    const dsh = host();
    const again = installHost(dsh.dir);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stderr, /^dsh host already installed in /);
    assert.equal(again.stdout, `node=${dsh.node}\ndsh=${dsh.dsh}\nlauncher=${dsh.launcher}\n`);
  });

  test("should refuse a directory holding another package.json, leaving it untouched", () => {
    const dir = join(scratch, "someone-elses");
    const manifest = '{ "name": "my-app", "version": "1.0.0" }\n';
    execFileSync("mkdir", ["-p", dir]);
    writeFileSync(join(dir, "package.json"), manifest);
    const run = installHost(dir);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^error: `.*someone-elses` holds another package\.json; refusing to install the dsh host over it\nhelp: /);
    assert.equal(readFileSync(join(dir, "package.json"), "utf8"), manifest);
    assert.equal(run.stdout, "");
  });

  test("should make the end-to-end suite fail, saying why, when the host cannot be installed", () => {
    const dir = join(scratch, "blocked-host");
    execFileSync("mkdir", ["-p", dir]);
    writeFileSync(join(dir, "package.json"), '{ "name": "not-the-host" }\n');
    const run = spawnSync("bash", [join(repoRoot, "tests", "e2e", "run.sh")], { encoding: "utf8", env: { ...process.env, FORKLAYER_E2E_HOST_DIR: dir } });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /error: the pinned dsh host could not be installed into .*blocked-host/);
    assert.doesNotMatch(run.stdout, /# tests|ℹ tests/, "no test ran");
  });

  test("should print usage for a missing or option-like argument", () => {
    for (const args of [[], ["--help"], ["a", "b"]]) {
      const run = installHost(...args);
      assert.equal(run.status, 2, JSON.stringify(args));
      assert.match(run.stderr, /^usage: .*install-host\.sh <dir>/);
    }
  });
});
