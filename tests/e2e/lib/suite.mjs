// The set-up every profile suite shares: the pinned host, a scratch DSH_HOME
// with the profile installed by install.sh, and a `turn` helper running one
// scripted headless turn in it.
import { after, before } from "node:test";
import { host } from "./host.mjs";
import { removeScratch, scratchDir } from "./places.mjs";
import { installProfile } from "./profile.mjs";
import { script } from "./script.mjs";
import { runTurn } from "./turn.mjs";
import { verifyProfile } from "./verify.mjs";

/**
 * Register the suite's before/after hooks (call inside `describe`) and return
 * its context: `host`, `dshHome` and `profile` once `before` has run, and
 * `turn(options)` to run one turn. The suite ends by verifying the profile
 * (strict), then removes the scratch directories unless `cleanup` is false.
 */
export function installedProfileSuite({ cleanup = true } = {}) {
  const suite = {
    host: undefined,
    dshHome: undefined,
    profile: undefined,
    /**
     * @param {object} options
     * @param {object[]} options.steps - the model's steps (lib/script.mjs builders).
     * @param {string} [options.cwd] - the workspace (default: a fresh scratch directory).
     * @param {string} [options.mode] - DSH_PERMISSION_MODE (default: self-checking).
     * @param {string} [options.profile] - another profile of the same DSH_HOME (e.g. the built-in `headless`).
     * @param {string} [options.task] - the user's task text.
     * @param {() => unknown} [options.observe] - see runTurn.
     */
    turn: ({ steps, cwd = scratchDir("ws"), mode = "self-checking", profile = suite.profile, task = "Do the scripted work.", observe }) =>
      runTurn({ host: suite.host, dshHome: suite.dshHome, profile, cwd, task, script: script(...steps), env: { DSH_PERMISSION_MODE: mode }, observe }),
  };
  before(() => {
    suite.host = host();
    suite.dshHome = scratchDir("home");
    suite.profile = installProfile({ host: suite.host, dshHome: suite.dshHome }).name;
  });
  // The suite ends by verifying what it installed (tools/verify.mjs --strict).
  after(() => {
    try {
      if (suite.profile !== undefined) verifyProfile({ host: suite.host, dshHome: suite.dshHome, profile: suite.profile });
    } finally {
      // A describe that also uses another suite helper leaves the clean-up to that one (it verifies later).
      if (cleanup) removeScratch();
    }
  });
  return suite;
}
