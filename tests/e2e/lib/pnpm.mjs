// pnpm for `dsh plugin …` (dsh runs the pnpm it finds on PATH): the pinned
// pnpm installed from the npm registry into the git-ignored .cache, once, as
// the install suite does. A failed install is a test failure, never a skip.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./host.mjs";

export const PNPM_VERSION = "12.21.0";

/** The directory holding the `pnpm` executable (put it first on PATH). */
export function pnpmBinDir() {
  const prefix = join(repoRoot, ".cache", `pnpm-${PNPM_VERSION}`);
  const bin = join(prefix, "node_modules", ".bin");
  if (existsSync(join(bin, "pnpm"))) return bin;
  try {
    execFileSync("npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error", `pnpm@${PNPM_VERSION}`], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 5 * 60_000 });
  } catch (error) {
    throw new Error(`cannot install pnpm ${PNPM_VERSION} from the npm registry into ${prefix}:\n${error.stderr ?? error.message}`);
  }
  if (!existsSync(join(bin, "pnpm"))) throw new Error(`npm installed pnpm ${PNPM_VERSION}, but ${bin}/pnpm is missing`);
  return bin;
}
