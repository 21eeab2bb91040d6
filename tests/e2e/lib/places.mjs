// Scratch directories for end-to-end turns. "Outside" directories lie outside
// both the workspace and /tmp (os.tmpdir()): /tmp is a writable root of the
// workspace-write sandbox (and a private tmpfs under bwrap), so a write there
// proves nothing about confinement.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";

/** Parent of outside directories: on the real disk, not under /tmp. */
const OUTSIDE_PARENT = "/var/tmp";

const made = [];

function track(dir) {
  made.push(dir);
  return dir;
}

/** A fresh directory under os.tmpdir() (workspaces, DSH_HOMEs). */
export function scratchDir(label) {
  return track(realpathSync(mkdtempSync(join(tmpdir(), `forklayer-e2e-${label}-`))));
}

/** A fresh directory that is neither under the workspace nor under /tmp. */
export function outsideDir(label) {
  mkdirSync(OUTSIDE_PARENT, { recursive: true });
  const dir = realpathSync(mkdtempSync(join(OUTSIDE_PARENT, `forklayer-e2e-${label}-`)));
  for (const root of new Set([tmpdir(), "/tmp"])) {
    const real = realpathSync(root);
    if (dir === real || dir.startsWith(real + sep)) throw new Error(`outside directory ${dir} lies under ${real}; set TMPDIR elsewhere`);
  }
  return track(dir);
}

/** Remove every directory made by this module (call from an `after` hook). */
export function removeScratch() {
  while (made.length > 0) rmSync(made.pop(), { recursive: true, force: true });
}
