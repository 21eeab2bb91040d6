// The two routes that carry Self Checking, and the two Linux backends, for
// suites that run the same scenarios against each:
// - the fork route: the profile install.sh installs (`--headless`), the
//   session in the `self-checking` sandbox mode;
// - the plugin route: a stock built-in profile with plugins/dsh-self-checking
//   added by `dsh plugin add`, the session in the Self Checking preset
//   (sandbox `workspace-write`): `plugin` is the stock `headless` profile
//   (one-shot runs), `web` the stock `web` profile (the web app booted, the
//   session opened and prompted through its web API, as the browser does).
// Backends: dsh prefers bubblewrap and falls back to Landlock when bwrap
// cannot start; `landlock` puts a failing `bwrap` first on PATH.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before } from "node:test";
import { host, repoRoot } from "./host.mjs";
import { removeScratch, scratchDir } from "./places.mjs";
import { installProfile, prepareDshHome } from "./profile.mjs";
import { script } from "./script.mjs";
import { readSessions, sessionFiles } from "./session.mjs";
import { Turn, runTurn } from "./turn.mjs";
import { verifyProfile } from "./verify.mjs";
import { webTurn } from "./web.mjs";

/** The bundle package of the plugin route. */
export const BUNDLE_DIR = join(repoRoot, "plugins", "dsh-self-checking");

/** The pnpm `dsh plugin` runs (the same pin as the install suite). */
const PNPM_DIR = join(repoRoot, ".cache", "pnpm-12.21.0");

/** Whether bubblewrap works on this machine (the bwrap backend needs it). */
export const BWRAP_WORKS = spawnSync("bwrap", ["--ro-bind", "/", "/", "--tmpfs", "/tmp", "true"]).status === 0;

/** The backends every route is proven under. */
export const BACKENDS = ["bwrap", "landlock"];

function run(file, args, env, what) {
  try {
    return execFileSync(file, args, { cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 5 * 60_000 });
  } catch (error) {
    throw new Error(`${what} failed (exit ${error.status}):\n${error.stdout ?? ""}${error.stderr ?? error.message}`);
  }
}

/** The bin directory of the pinned pnpm, installed from the registry on first use. */
export function pnpmBin() {
  const bin = join(PNPM_DIR, "node_modules", ".bin");
  if (!existsSync(join(bin, "pnpm"))) run("npm", ["install", "--prefix", PNPM_DIR, "--no-audit", "--no-fund", "--loglevel=error", "pnpm@12.21.0"], {}, "installing pnpm 12.21.0 (dsh plugin needs it)");
  return bin;
}

/**
 * PATH for a backend: unchanged for bwrap (fails when bwrap does not work
 * here: the suite must not silently prove Landlock twice); for Landlock, a
 * directory whose `bwrap` always fails comes first.
 */
export function backendPath(backend, dir) {
  if (backend === "bwrap") {
    if (!BWRAP_WORKS) throw new Error("bubblewrap does not work on this machine: install Debian's `bubblewrap` package to prove the bwrap backend");
    return process.env.PATH;
  }
  const stub = join(dir, "no-bwrap");
  mkdirSync(stub, { recursive: true });
  writeFileSync(join(stub, "bwrap"), "#!/bin/sh\necho 'bwrap: disabled to prove the Landlock backend' >&2\nexit 1\n");
  chmodSync(join(stub, "bwrap"), 0o755);
  return `${stub}:${process.env.PATH}`;
}

/**
 * `dsh plugin --profile <profile> add file:<bundle>` into `dshHome`.
 * @returns the command's output.
 */
export function addBundle({ host: h, dshHome, profile, spec = `file:${BUNDLE_DIR}` }) {
  prepareDshHome({ host: h, dshHome });
  return run(h.launcher, ["plugin", "--profile", profile, "add", spec], { DSH_HOME: dshHome, PATH: `${pnpmBin()}:${process.env.PATH}` }, `dsh plugin --profile ${profile} add ${spec}`);
}

/**
 * `install.sh --plugin-route --profile <profile>` into `dshHome`, as the
 * README says (it adds the bundle with `dsh plugin`, verifies the profile
 * strictly and undoes the add when that fails), with the pinned dsh and pnpm
 * on PATH. @returns the installer's output.
 */
export function installPluginRoute({ host: h, dshHome, profile, plugin = "dsh-self-checking" }) {
  prepareDshHome({ host: h, dshHome });
  const args = [join(repoRoot, "install.sh"), "--plugin", plugin, "--profile", profile, "--dsh-home", dshHome];
  return run("bash", args, { PATH: `${dirname(h.launcher)}:${pnpmBin()}:${process.env.PATH}` }, `install.sh ${args.slice(1).join(" ")}`);
}

/**
 * One scripted turn in the web app of `profile`, as a Turn (lib/turn.mjs):
 * `code` is 0 when the prompted session asked for its last scripted step and
 * no request ran past the script (the web app has no exit code of its own).
 */
export async function webRouteTurn({ host: h, dshHome, profile, cwd, task, script: turnScript, env, args, observe }) {
  const earlier = new Set(sessionFiles(dshHome));
  const { requests, output } = await webTurn({ host: h, dshHome, profile, cwd, task, script: turnScript, env, args, observe });
  const exhausted = requests.some((entry) => entry.exhausted);
  return new Turn({
    code: exhausted ? 1 : 0,
    signal: null,
    timedOut: false,
    stdout: "",
    stderr: output,
    requests,
    sessions: readSessions(h, dshHome).filter((session) => !earlier.has(session.file)),
  });
}

/**
 * One route under one backend: before/after hooks (call inside `describe`)
 * and `turn(options)` running a scripted turn in Self Checking (or
 * `mode: "workspace-write"` for the plain mode).
 * @param {"fork" | "plugin" | "web"} route
 * @param {"bwrap" | "landlock"} backend
 */
export function routeSuite(route, backend) {
  const suite = {
    route,
    backend,
    host: undefined,
    dshHome: undefined,
    profile: undefined,
    args: [],
    path: undefined,
    // Both routes take the one-shot spelling `DSH_PERMISSION_MODE=self-checking`
    // (the plugin route's bundle maps it to its preset over workspace-write).
    turn: ({ steps, cwd = scratchDir("ws"), mode = "self-checking", task = "Do the scripted work.", observe }) => {
      const env = { PATH: suite.path, DSH_PERMISSION_MODE: mode };
      return (route === "web" ? webRouteTurn : runTurn)({ host: suite.host, dshHome: suite.dshHome, profile: suite.profile, cwd, task, script: script(...steps), env, args: suite.args, observe });
    },
  };
  before(() => {
    suite.host = host();
    suite.dshHome = scratchDir("home");
    suite.path = backendPath(backend, suite.dshHome);
    if (route === "fork") {
      suite.profile = installProfile({ host: suite.host, dshHome: suite.dshHome }).name;
    } else {
      suite.profile = route === "web" ? "web" : "headless";
      installPluginRoute({ host: suite.host, dshHome: suite.dshHome, profile: suite.profile });
    }
  });
  // The suite ends by verifying what it installed (tools/verify.mjs --strict).
  after(() => {
    try {
      if (suite.profile !== undefined) verifyProfile({ host: suite.host, dshHome: suite.dshHome, profile: suite.profile });
    } finally {
      removeScratch();
    }
  });
  return suite;
}
