// The installed-profile verifier (tools/verify.mjs) run the way the installers
// run it: strict (a check that cannot run fails), the composed configuration
// read through the pinned dsh's --dump-config. Every real-host suite ends by
// running it on each profile it built.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./host.mjs";

const VERIFIER = join(repoRoot, "tools", "verify.mjs");

/**
 * Run the verifier on `profile` of `dshHome` (optionally only `bundles`).
 * @returns {{ status: number | null, report: { ok: boolean, route: string, checks: { name: string, status: string, detail: string }[] }, failures: string[] }}
 */
export function runVerifier({ host, dshHome, profile, bundles = [], strict = true }) {
  const args = [VERIFIER, "--profile", profile, "--dsh-home", dshHome, "--dsh", host.launcher, "--json", ...(strict ? ["--strict"] : []), ...bundles.flatMap((name) => ["--bundle", name])];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 5 * 60_000 });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`the verifier printed no JSON report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  }
  const failures = report.checks.filter((check) => check.status !== "pass").map((check) => `${check.status.toUpperCase()}  ${check.name} — ${check.detail}`);
  return { status: run.status, report, failures };
}

/** Run the verifier and throw, naming every check that did not pass, unless the profile verifies. */
export function verifyProfile(options) {
  const { status, report, failures } = runVerifier(options);
  if (status !== 0 || !report.ok || failures.length > 0) throw new Error(`the verifier fails on profile ${options.profile} of ${options.dshHome} (exit ${status}):\n${failures.join("\n")}`);
  return report;
}
