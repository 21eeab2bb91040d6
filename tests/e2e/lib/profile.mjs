// Installs the Self Checking profile the way a user does, with the
// repository's install.sh, into a test's DSH_HOME. The profile is composed
// for one-shot runs (`--headless`: dsh-base + dsh-headless instead of the web
// app); the forks, plugins and patch layer are the ones users get.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./host.mjs";

/**
 * Where install.sh is taken from: the checkout, or an unpacked release named
 * by FORKLAYER_E2E_INSTALL_FROM (same layout: install.sh, profile/, tools/).
 */
export const installSource = process.env.FORKLAYER_E2E_INSTALL_FROM ?? repoRoot;

/** Profile name the suites install under. */
export const E2E_PROFILE = "self-checking-e2e";

function run(file, args, env, what) {
  try {
    return execFileSync(file, args, { cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 5 * 60_000 });
  } catch (error) {
    throw new Error(`${what} failed (exit ${error.status}):\n${error.stdout ?? ""}${error.stderr ?? error.message}`);
  }
}

/**
 * Create the shared module fallback ($DSH_HOME/profiles/node_modules) with
 * the pinned host, as a user's first dsh boot does, so that install.sh's
 * verifier runs every check against the real install.
 */
export function prepareDshHome({ host, dshHome }) {
  if (existsSync(join(dshHome, "profiles", "node_modules", "@deepseek-ai", "dsh"))) return;
  run(host.launcher, ["--profile", "headless", "--dump-default-config"], { DSH_HOME: dshHome }, "booting the pinned dsh host to create the shared module fallback");
}

/**
 * `bash install.sh --headless` into `dshHome` (with `headless: false`, the
 * web app install.sh composes by default: dsh-base + dsh-web-app); throws
 * with the installer's output when it fails.
 * @returns {{ name: string, dir: string, output: string }}
 */
export function installProfile({ host, dshHome, name = E2E_PROFILE, headless = true }) {
  prepareDshHome({ host, dshHome });
  const args = ["--profile", name, "--dsh-home", dshHome, ...(headless ? ["--headless"] : [])];
  const output = run("bash", [join(installSource, "install.sh"), ...args], {}, `install.sh ${args.join(" ")}`);
  return { name, dir: join(dshHome, "profiles", name), output };
}
