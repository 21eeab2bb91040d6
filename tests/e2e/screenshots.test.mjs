// The Self Checking mode as users see it: the installed profile's real web
// app, driven in a headless Chromium (playwright-core + the system Chromium,
// see lib/browser.mjs). Settings → Permission must list "Self Checking" and
// take it as the default for new sessions; the composer's permission picker
// must show it with its own glyph (a shield with a magnifier, drawn by the
// fork of dsh-client-ui-conversation; upstream has no glyph for the mode).
// On the plugin route (the stock web profile with the bundle, started with
// DSH_PERMISSION_MODE=self-checking) the picker must show the preset as the
// new session's mode, the glyph carried by its name (⌕): a bundle cannot
// change the client's icons.
//
// Each run takes every screenshot, cropped to the element, into a scratch
// directory. FORKLAYER_UPDATE_SCREENSHOTS=1 writes them to docs/images/
// instead, the copies README.md and README.zh-CN.md show. The images are not
// compared pixel for pixel (fonts differ between machines); the assertions
// are on the DOM.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startMockModel } from "../../tools/mock-model.mjs";
import { findChromium, launchChromium } from "./lib/browser.mjs";
import { host, repoRoot } from "./lib/host.mjs";
import { removeScratch, scratchDir } from "./lib/places.mjs";
import { installProfile } from "./lib/profile.mjs";
import { installPluginRoute } from "./lib/routes.mjs";
import { verifyProfile } from "./lib/verify.mjs";
import { bootWebApp } from "./lib/web.mjs";

const LABEL = "Self Checking";
const IMAGES = join(repoRoot, "docs", "images");
const SETTINGS_SHOT = "self-checking-settings-permission.png";
const COMPOSER_SHOT = "self-checking-composer-picker.png";
const PLUGIN_ROUTE_SHOT = "self-checking-plugin-route-picker.png";
/** The plugin route's preset name: the client draws no icon for it, so the name carries a glyph (a magnifier). */
const PLUGIN_ROUTE_LABEL = "Self Checking ⌕";
const UPDATE = process.env.FORKLAYER_UPDATE_SCREENSHOTS === "1";
/** Upper bound for one browser action or wait. */
const ACTION_TIMEOUT_MS = 15_000;

/**
 * The glyph the fork's picker draws for `self-checking`: the shield outline
 * every permission glyph shares, with a magnifier (lens and handle) inside.
 * Each entry is one SVG child: its tag and the attributes that draw it.
 */
const SHIELD = "M8.20554 0.899994L14.7901 3.36857V7.01026C14.7901 12 11.0466 14.2103 8.20554 15.3C5.36446 14.2103 1.62012 12 1.62012 7.01026V3.36857L8.20554 0.899994Z";
const SELF_CHECKING_GLYPH = [
  { tag: "path", d: SHIELD },
  { tag: "circle", cx: "7.7", cy: "7.2", r: "2.35" },
  { tag: "path", d: "M9.45 8.95L11.3 10.8" },
];

/** The drawing of the first SVG inside `locator`, as SELF_CHECKING_GLYPH spells it ([] when there is none). */
async function glyphOf(locator) {
  const svg = locator.locator("svg").first();
  if ((await svg.count()) === 0) return [];
  return svg.evaluate((node) =>
    [...node.children].map((child) => {
      const drawn = { tag: child.tagName.toLowerCase() };
      for (const name of ["d", "cx", "cy", "r"]) if (child.hasAttribute(name)) drawn[name] = child.getAttribute(name);
      return drawn;
    }),
  );
}

/** Screenshot the union of the boxes of `locators` (plus a margin) into `dir/file`; returns the path. */
async function shotOf(page, locators, dir, file) {
  const boxes = [];
  for (const locator of locators) {
    const box = await locator.boundingBox();
    assert.ok(box, `nothing to photograph: ${locator} is not on screen`);
    boxes.push(box);
  }
  const margin = 12;
  const viewport = page.viewportSize();
  const left = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const top = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
  const path = join(dir, file);
  await page.screenshot({ path, clip: { x: left, y: top, width: right - left, height: bottom - top }, animations: "disabled", caret: "hide" });
  return path;
}

/** Width and height of a PNG file (from its IHDR chunk). */
function pngSize(file) {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString("latin1"), "PNG", `${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Boot the web app of the profile `install(host, dshHome)` returns the name
 * of, in a fresh dsh home (with `env`), and open it in a headless Chromium
 * past the first-run notice.
 */
async function openWebApp(install, env = {}) {
  const hostPaths = host();
  const dshHome = scratchDir("home");
  const name = install(hostPaths, dshHome);
  const workspace = scratchDir("ws");
  const shots = UPDATE ? IMAGES : scratchDir("shots");
  // No turn is played; the mock keeps dsh off the network all the same.
  const model = await startMockModel({ script: { steps: [{ content: "Nothing to do." }] }, lifetimeMs: 5 * 60_000 });
  let web;
  let browser;
  try {
    web = await bootWebApp({ launcher: hostPaths.launcher, dshHome, profile: name, workspace, env: { DEEPSEEK_BASE_URL: model.url, ...env } });
    browser = await launchChromium();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(ACTION_TIMEOUT_MS);
    await page.goto(web.base);
    // A fresh dsh home greets with a one-time notice.
    const notice = page.getByRole("dialog", { name: "Internal Testing Notice" });
    const settings = page.getByRole("button", { name: "Settings", exact: true });
    await notice.or(settings).first().waitFor();
    if (await notice.isVisible()) await notice.getByRole("button", { name: "Continue" }).click();
    return { web, model, browser, page, workspace, shots, dshHome, name, hostPaths, installed: { hostPaths, dshHome, name } };
  } catch (error) {
    // The caller's `after` never receives what was started here (no
    // Chromium, say): stop it now, or the running hosts keep the test
    // process alive after the failure.
    await closeWebApp({ web, model, browser });
    throw error;
  }
}

async function closeWebApp({ web, model, browser }) {
  await browser?.context.close();
  await web?.stop();
  await model?.close();
  removeScratch();
}

/** Open a new session in `workspace` from the composer: the access-mode trigger it shows. */
async function newSessionTrigger(page, workspace) {
  await page.getByRole("button", { name: "Choose workspace" }).first().click();
  const picker = page.getByRole("dialog", { name: "Select Workspace Directory" });
  await picker.getByRole("button", { name: "Edit path" }).click();
  await picker.getByRole("textbox").fill(workspace);
  await picker.getByRole("textbox").press("Enter");
  await picker.getByRole("button", { name: "Open" }).click();
  await picker.waitFor({ state: "hidden" });
  const trigger = page.getByRole("button", { name: /^Access mode, current:/ });
  await trigger.waitFor();
  return trigger;
}

/** The composer card around the message box (for the picture). */
function composerCard(page) {
  return page.getByRole("textbox", { name: "Describe what you want to build" }).locator("xpath=ancestor::div[.//button[starts-with(@aria-label, 'Access mode')]][1]");
}

test("without a Chromium the screenshot test fails, saying what to install", () => {
  const empty = scratchDir("no-browser");
  assert.throws(() => findChromium({ PATH: empty }), /^Error: error: no Chromium found .*\nhelp: install it with `apt-get install chromium`/s);
  assert.throws(() => findChromium({ PATH: "/usr/bin", FORKLAYER_CHROMIUM: join(empty, "chromium") }), /^Error: error: FORKLAYER_CHROMIUM=.* is not an executable file\nhelp: /s);
});

describe("Self Checking in the real web app, in a headless Chromium", () => {
  let web;
  let model;
  let browser;
  let page;
  let workspace;
  let shots;
  let installed;

  before(async () => {
    ({ web, model, browser, page, workspace, shots, installed } = await openWebApp((hostPaths, dshHome) => installProfile({ host: hostPaths, dshHome, name: "self-checking-shots", headless: false }).name));
  });

  after(async () => {
    try {
      if (installed !== undefined) verifyProfile({ host: installed.hostPaths, dshHome: installed.dshHome, profile: installed.name });
    } finally {
      await closeWebApp({ web, model, browser });
    }
  });

  test("Settings → Permission lists Self Checking and makes it the default for new sessions", async () => {
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    const title = dialog.getByText("Permission", { exact: true });
    const selector = title.locator("xpath=ancestor::div[.//button[@aria-haspopup='menu']][1]").locator('button[aria-haspopup="menu"]');
    await selector.click();
    const menu = page.getByRole("menu");
    const options = await menu.getByRole("menuitem").allInnerTexts();
    assert.ok(options.map((text) => text.trim()).includes(LABEL), `Settings → Permission offers ${JSON.stringify(options)}, without "${LABEL}"`);
    await menu.getByRole("menuitem", { name: LABEL, exact: true }).click();
    await assert.doesNotReject(() => selector.filter({ hasText: LABEL }).waitFor(), `choosing "${LABEL}" did not make it the default (the row still shows ${JSON.stringify(await selector.innerText())})`);
    // Reopened: the list with Self Checking ticked, for the picture.
    await selector.click();
    const ticked = menu.getByRole("menuitem", { name: LABEL, exact: true });
    await ticked.waitFor();
    const file = await shotOf(page, [title, selector, menu], shots, SETTINGS_SHOT);
    const { width, height } = pngSize(file);
    assert.ok(width > 200 && height > 200, `${file} is ${width}×${height}: not the permission row with its open list`);
    // Picking the current value again only closes the list.
    await ticked.click();
    await menu.waitFor({ state: "hidden" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  test("the composer's permission picker shows Self Checking with its shield-and-magnifier glyph", async () => {
    // The new session starts in the default chosen in Settings.
    const trigger = await newSessionTrigger(page, workspace);
    assert.equal(await trigger.getAttribute("aria-label"), `Access mode, current: ${LABEL}`, "the new session does not start in the Settings default");
    assert.deepEqual(await glyphOf(trigger), SELF_CHECKING_GLYPH, `the picker's button shows no shield-and-magnifier glyph for "${LABEL}"`);
    await trigger.click();
    const menu = page.getByRole("menu");
    const item = menu.getByRole("menuitem", { name: LABEL, exact: true });
    assert.equal(await item.count(), 1, `the composer's picker offers ${JSON.stringify(await menu.getByRole("menuitem").allInnerTexts())}, without "${LABEL}"`);
    assert.deepEqual(await glyphOf(item), SELF_CHECKING_GLYPH, `"${LABEL}" in the composer's picker has no shield-and-magnifier glyph`);
    const others = await menu.getByRole("menuitem").filter({ hasNotText: LABEL }).all();
    for (const other of others) {
      assert.notDeepEqual(await glyphOf(other), SELF_CHECKING_GLYPH, `"${(await other.innerText()).trim()}" shares the Self Checking glyph`);
    }
    const file = await shotOf(page, [menu, composerCard(page)], shots, COMPOSER_SHOT);
    const { width, height } = pngSize(file);
    assert.ok(width > 200 && height > 200, `${file} is ${width}×${height}: not the picker with its open list`);
    await page.keyboard.press("Escape");
  });

  test("both READMEs show the committed screenshots", () => {
    for (const shot of [SETTINGS_SHOT, COMPOSER_SHOT, PLUGIN_ROUTE_SHOT]) {
      assert.ok(existsSync(join(IMAGES, shot)), `docs/images/${shot} is missing: run FORKLAYER_UPDATE_SCREENSHOTS=1 node --test tests/e2e/screenshots.test.mjs`);
      pngSize(join(IMAGES, shot));
      for (const readme of ["README.md", "README.zh-CN.md"]) {
        assert.ok(readFileSync(join(repoRoot, readme), "utf8").includes(`](docs/images/${shot})`), `${readme} does not show docs/images/${shot}`);
      }
    }
  });
});

describe("Self Checking on the plugin route in the real web app (stock web profile + bundle), in a headless Chromium", () => {
  let app;

  before(async () => {
    // Started as a one-shot user would: DSH_PERMISSION_MODE=self-checking makes new sessions start in the preset.
    app = await openWebApp((hostPaths, dshHome) => {
      installPluginRoute({ host: hostPaths, dshHome, profile: "web" });
      return "web";
    }, { DSH_PERMISSION_MODE: "self-checking" });
  });

  after(async () => {
    try {
      if (app !== undefined) verifyProfile({ host: app.installed.hostPaths, dshHome: app.installed.dshHome, profile: app.installed.name });
    } finally {
      await closeWebApp(app ?? {});
    }
  });

  test("the composer's picker shows the preset with the glyph in its name, as the session's current mode", async () => {
    const { page, workspace, shots } = app;
    const trigger = await newSessionTrigger(page, workspace);
    assert.equal(await trigger.getAttribute("aria-label"), `Access mode, current: ${PLUGIN_ROUTE_LABEL}`, "DSH_PERMISSION_MODE=self-checking does not start the new session in the preset");
    assert.ok((await trigger.innerText()).includes(PLUGIN_ROUTE_LABEL), `the picker's button reads ${JSON.stringify(await trigger.innerText())}, without the glyph`);
    await trigger.click();
    const menu = page.getByRole("menu");
    const labels = (await menu.getByRole("menuitem").allInnerTexts()).map((text) => text.trim());
    assert.equal(labels.filter((label) => label.includes(PLUGIN_ROUTE_LABEL)).length, 1, `the composer's picker offers ${JSON.stringify(labels)}, without "${PLUGIN_ROUTE_LABEL}" once`);
    assert.equal(labels.filter((label) => label.includes("⌕")).length, 1, "only Self Checking carries the glyph");
    const file = await shotOf(page, [menu, composerCard(page)], shots, PLUGIN_ROUTE_SHOT);
    const { width, height } = pngSize(file);
    assert.ok(width > 200 && height > 200, `${file} is ${width}×${height}: not the picker with its open list`);
    await page.keyboard.press("Escape");
  });
});
