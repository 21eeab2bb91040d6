// A headless Chromium driven by playwright-core, for the tests that look at
// the web app. playwright-core is installed from the npm registry at one
// exact version into a git-ignored cache; the browser is the system's
// Chromium (Debian's `chromium` package; CI installs it): Playwright's own
// browser download is not used. A missing browser is a failure, never a skip.
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join } from "node:path";
import { repoRoot } from "./host.mjs";
import { scratchDir } from "./places.mjs";

/** The playwright-core release the screenshot test drives Chromium with. */
export const PLAYWRIGHT_CORE_VERSION = "1.65.1";

/** Where it is installed (git-ignored, like the host in .cache/host). */
export const playwrightDir = join(repoRoot, ".cache", `playwright-core-${PLAYWRIGHT_CORE_VERSION}`);

/** Chromium's flags for a quiet, offline, throw-away headless run. */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium binary: $FORKLAYER_CHROMIUM when set, else the first of
 * `chromium` (Debian's package), `chromium-browser`, `google-chrome` on PATH.
 * Throws `error:`/`help:` text naming what to install when there is none.
 */
export function findChromium(env = process.env) {
  if (env.FORKLAYER_CHROMIUM !== undefined) {
    if (executable(env.FORKLAYER_CHROMIUM)) return env.FORKLAYER_CHROMIUM;
    throw new Error(`error: FORKLAYER_CHROMIUM=${env.FORKLAYER_CHROMIUM} is not an executable file\nhelp: point it at a Chromium binary, or unset it to use chromium from PATH`);
  }
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    for (const dir of dirs) if (executable(join(dir, name))) return join(dir, name);
  }
  throw new Error(
    "error: no Chromium found (looked for chromium, chromium-browser and google-chrome on PATH); the screenshot test drives the web app in a headless Chromium\n" +
      "help: install it with `apt-get install chromium` (Debian/Ubuntu; .ci/run does this), or set FORKLAYER_CHROMIUM to a Chromium binary",
  );
}

/** playwright-core's module, installed into the cache first when missing. */
export function playwrightCore() {
  if (!existsSync(join(playwrightDir, "node_modules", "playwright-core", "package.json"))) {
    try {
      execFileSync("npm", ["install", "--prefix", playwrightDir, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--ignore-scripts", `playwright-core@${PLAYWRIGHT_CORE_VERSION}`], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 5 * 60_000,
      });
    } catch (error) {
      throw new Error(`error: cannot install playwright-core@${PLAYWRIGHT_CORE_VERSION} into ${playwrightDir}:\n${error.stderr ?? error.message}\nhelp: the screenshot test needs the npm registry once; retry, or run the npm install above yourself`);
    }
  }
  const required = createRequire(join(playwrightDir, "package.json"))("playwright-core");
  const { version } = createRequire(join(playwrightDir, "package.json"))("playwright-core/package.json");
  if (version !== PLAYWRIGHT_CORE_VERSION) throw new Error(`error: ${playwrightDir} holds playwright-core ${version}, not ${PLAYWRIGHT_CORE_VERSION}\nhelp: remove ${playwrightDir}; the test reinstalls the pinned version`);
  return required;
}

/** Launch the system Chromium headless with a fresh profile directory (a scratch directory: removeScratch removes it). */
export async function launchChromium() {
  const executablePath = findChromium();
  const { chromium } = playwrightCore();
  const userDataDir = scratchDir("chromium");
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 2,
    colorScheme: "light",
    locale: "en-US",
  });
  return { context, executablePath };
}
