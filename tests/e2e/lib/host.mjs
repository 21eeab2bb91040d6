// Locates (and if needed installs) the pinned dsh host the end-to-end tests
// drive. tests/e2e/run.sh installs it once per run and exports its directory;
// a test file run on its own installs into the same cached directory.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where the host is cached inside a run (git-ignored). */
export const defaultHostDir = join(repoRoot, ".cache", "host");

let cached;

/**
 * The installed host's paths: `node` (Node 24), `dsh` (entry point) and
 * `launcher` (bin/dsh, which runs dsh with that Node). Installs it with
 * tools/install-host.sh when missing, and throws with the installer's output
 * when that fails: a missing host is a failure, never a skip.
 */
export function host() {
  if (cached !== undefined) return cached;
  const dir = process.env.FORKLAYER_E2E_HOST_DIR ?? defaultHostDir;
  let out;
  try {
    out = execFileSync("bash", [join(repoRoot, "tools", "install-host.sh"), dir], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 10 * 60_000,
    });
  } catch (error) {
    throw new Error(`cannot install the pinned dsh host into ${dir}:\n${error.stderr ?? error.message}`);
  }
  const paths = Object.fromEntries(
    out
      .trim()
      .split("\n")
      .map((line) => line.split(/=(.*)/s, 2)),
  );
  for (const key of ["node", "dsh", "launcher"]) {
    if (!paths[key] || !existsSync(paths[key])) throw new Error(`tools/install-host.sh did not report a usable \`${key}\` (got ${paths[key]})`);
  }
  cached = { dir, ...paths };
  return cached;
}
