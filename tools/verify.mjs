#!/usr/bin/env node
// Acceptance verifier of an installed Self Checking profile.
//
//   node verify.mjs --profile <name|dir> [--dsh-home DIR] [--bundle NAME]... [--strict] [--json]
//   node verify.mjs --sessions <dsh-home>  list sessions that recorded self-checking
//
// One verifier for both routes. A profile whose forks/ holds the dsh
// authors' packages is the fork route's (checked along dsh's boot path: the
// forks, their resolution, the mode, the live file fence); any other profile
// is checked for the bundles of this project added to it (the plugin route's
// dsh-self-checking, the checking plugins dsh-result-check and dsh-proof),
// and so are the checking plugins of a fork-route profile: listed, installed,
// and composed as `dsh --dump-config` prints the tree.
//
// Every check prints one line: PASS, FAIL or SKIP, its name and the reason
// (--json: one document instead). The exit status is 1 when any check
// failed, 2 on a usage error, else 0. A check that cannot run (for example
// because the pristine dsh install, the shared module fallback
// `$DSH_HOME/profiles/node_modules`, is missing) is reported as SKIP with the
// reason, never as PASS; --strict makes it a FAIL.
//
// One file on purpose: installs copy it into the profile and releases ship
// it alone (tools/verify.mjs).
//
// Standard library only: everything else (YAML, cordis, the forks) is loaded
// from where dsh itself loads it, so the checks see what a boot sees.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

const MODE = 'self-checking';
const BIN_NAME = 'dsh';
// The preset order the profile promises (Settings → Permission lists presets in table order).
const PRESET_ORDER = ['read-only', 'workspace-write', MODE, 'danger-full-access'];
// A package every dsh install has and the fork layer does not modify: proof
// that unmodified packages still come from the pristine install.
const PRISTINE_WITNESS = '@deepseek-ai/dsh-tool-fs-search';
const HOST_APP = '@deepseek-ai/dsh';
const BOOT_PACKAGE = '@deepseek-ai/dsh-app-boot';
const POLICY_PACKAGE = '@deepseek-ai/dsh-sandbox-policy';
const PRESETS_PACKAGE = '@deepseek-ai/dsh-permission-presets';
const FS_SANDBOX_PACKAGE = '@deepseek-ai/dsh-fs-sandbox';
const CORDIS_PACKAGE = '@deepseek-ai/cordis';
const INTERCEPTED_CODE = 'FS_SELFCHECK_INTERCEPTED';
const DENIED_CODE = 'FS_SANDBOX_DENIED';

class Skip extends Error {}
class Failure extends Error {}

const skip = (reason) => { throw new Skip(reason); };
const fail = (reason) => { throw new Failure(reason); };

// ── small helpers ──────────────────────────────────────────────────────────

function isDirectory(p) {
  try { return fs.statSync(p).isDirectory(); } catch { return false; }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function realOrSelf(p) {
  try { return fs.realpathSync(p); } catch { return path.resolve(p); }
}

function isUnder(p, root) {
  const rel = path.relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * The directory Node's module lookup finds for `name` from `anchor` (a file):
 * the first `node_modules/<name>` with a package.json along the parent walk.
 * Works whether or not the package exports `./package.json`.
 */
function packageDirFrom(anchor, name) {
  for (const dir of createRequire(anchor).resolve.paths(name) ?? []) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
  }
  return undefined;
}

/** Import `specifier` exactly as code in `anchor`'s directory would. */
async function importFrom(anchor, specifier) {
  return import(pathToFileURL(createRequire(anchor).resolve(specifier)).href);
}

function display(p, base) {
  const rel = path.relative(base, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

function errorText(error) {
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

// ── the installed profile ──────────────────────────────────────────────────

/** Everything the checks need to know about one installed profile. */
function describeProfile(profileDir) {
  const manifestPath = path.join(profileDir, 'package.json');
  const forksRoot = path.join(profileDir, 'forks');
  const modulesRoot = path.join(profileDir, 'node_modules');
  const fallback = path.join(path.dirname(profileDir), 'node_modules');
  const packages = [];
  if (isDirectory(forksRoot)) {
    for (const scope of fs.readdirSync(forksRoot).sort()) {
      if (!isDirectory(path.join(forksRoot, scope))) continue;
      if (!scope.startsWith('@')) {
        // The project's own plugins, under their own unscoped names.
        const dir = path.join(forksRoot, scope);
        if (fs.existsSync(path.join(dir, 'package.json'))) packages.push({ name: scope, forkDir: dir, installedDir: path.join(modulesRoot, scope) });
        continue;
      }
      for (const name of fs.readdirSync(path.join(forksRoot, scope)).sort()) {
        const dir = path.join(forksRoot, scope, name);
        if (fs.existsSync(path.join(dir, 'package.json'))) packages.push({ name: `${scope}/${name}`, forkDir: dir, installedDir: path.join(modulesRoot, scope, name) });
      }
    }
  }
  const hostManifest = path.join(fallback, HOST_APP, 'package.json');
  return {
    dir: profileDir,
    manifestPath,
    patchPath: path.join(profileDir, 'cordis.patch.yml'),
    forksRoot,
    modulesRoot,
    fallback,
    packages,
    hostAnchor: fs.existsSync(hostManifest) ? fs.realpathSync(hostManifest) : undefined,
  };
}

function requireHost(profile) {
  if (profile.hostAnchor === undefined) {
    skip(`needs the pristine dsh install, and ${path.join(profile.fallback, HOST_APP)} is missing`);
  }
}

function requirePackages(profile) {
  if (profile.packages.length === 0) fail(`no packages under ${profile.forksRoot}; re-install the profile`);
}

function installedPackage(profile, name) {
  const pkg = profile.packages.find((entry) => entry.name === name);
  if (pkg === undefined) fail(`${name} is not part of this profile's forks/`);
  return pkg;
}

// ── checks ─────────────────────────────────────────────────────────────────

/**
 * Every package of forks/ is declared as `file:./forks/<name>` (so that
 * `dsh plugin …`, which runs pnpm, keeps it), and no `file:./forks/…` link
 * points at a package forks/ does not have. Other dependencies are plugins
 * the user added with `dsh plugin add`, and are fine.
 */
function checkManifest(profile) {
  requirePackages(profile);
  const manifest = readJson(profile.manifestPath);
  const declared = manifest.dependencies ?? {};
  const expected = Object.fromEntries(profile.packages.map(({ name }) => [name, `file:./forks/${name}`]));
  const problems = [];
  // `file:<absolute path of the same fork>` (what `dsh plugin add file:…` writes) is the same declaration.
  const samePackage = (given, name) => typeof given === 'string' && given.startsWith('file:') && path.resolve(profile.dir, given.slice('file:'.length)) === path.join(profile.forksRoot, name);
  for (const [name, spec] of Object.entries(expected)) {
    if (declared[name] === undefined) problems.push(`${name} is not declared`);
    else if (declared[name] !== spec && !samePackage(declared[name], name)) problems.push(`${name} is declared as ${JSON.stringify(declared[name])}, expected ${JSON.stringify(spec)}`);
  }
  const others = Object.entries(declared).filter(([name]) => expected[name] === undefined);
  for (const [name, spec] of others) {
    if (String(spec).replace(/^file:(\.\/)?/, '').startsWith('forks/')) problems.push(`${name} links ${JSON.stringify(spec)}, which is not a package of forks/`);
  }
  if (problems.length > 0) fail(`package.json dependencies disagree with forks/: ${problems.join('; ')}`);
  const bundles = manifest.dsh?.profile?.bundles;
  if (!Array.isArray(bundles) || bundles.length === 0) fail('package.json names no dsh.profile.bundles');
  const added = others.length > 0 ? `; ${others.length} other dependencies (added with dsh plugin)` : '';
  return `${profile.packages.length} file: dependencies match forks/${added}; bundles ${bundles.join(', ')}`;
}

/** Compare two trees: same entries, same bytes, same permission bits. */
function treeDifferences(expectedRoot, actualRoot) {
  const differences = [];
  const walk = (rel) => {
    const expected = path.join(expectedRoot, rel);
    const actual = path.join(actualRoot, rel);
    const expectedEntries = fs.readdirSync(expected).sort();
    const actualEntries = isDirectory(actual) ? fs.readdirSync(actual).sort() : [];
    for (const extra of actualEntries.filter((entry) => !expectedEntries.includes(entry))) differences.push(`${path.join(rel, extra)} is not in forks/`);
    for (const entry of expectedEntries) {
      const child = path.join(rel, entry);
      const expectedStat = fs.lstatSync(path.join(expectedRoot, child));
      let actualStat;
      try { actualStat = fs.lstatSync(path.join(actualRoot, child)); } catch { differences.push(`${child} is missing`); continue; }
      if (expectedStat.isDirectory()) {
        if (!actualStat.isDirectory()) differences.push(`${child} is not a directory`);
        else walk(child);
        continue;
      }
      if ((expectedStat.mode & 0o777) !== (actualStat.mode & 0o777)) differences.push(`${child} has mode ${(actualStat.mode & 0o777).toString(8)}, expected ${(expectedStat.mode & 0o777).toString(8)}`);
      if (expectedStat.isSymbolicLink()) {
        if (!actualStat.isSymbolicLink() || fs.readlinkSync(path.join(expectedRoot, child)) !== fs.readlinkSync(path.join(actualRoot, child))) differences.push(`${child} is not the same symlink`);
      } else if (!fs.readFileSync(path.join(expectedRoot, child)).equals(fs.readFileSync(path.join(actualRoot, child)))) {
        differences.push(`${child} differs in content`);
      }
    }
  };
  walk('');
  return differences;
}

function checkInstalledCopies(profile) {
  requirePackages(profile);
  const problems = [];
  for (const pkg of profile.packages) {
    if (!isDirectory(pkg.installedDir)) { problems.push(`${pkg.name} is missing from node_modules`); continue; }
    for (const difference of treeDifferences(pkg.forkDir, pkg.installedDir)) problems.push(`${pkg.name}/${difference}`);
  }
  if (problems.length > 0) fail(`node_modules differs from forks/: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? `; … ${problems.length - 5} more` : ''} (re-install with --force)`);
  return `${profile.packages.length} packages in node_modules are byte- and mode-identical to forks/`;
}

function checkResolution(profile, pkg) {
  const found = packageDirFrom(profile.manifestPath, pkg.name);
  if (found === undefined) fail(`${pkg.name} does not resolve from ${profile.dir}`);
  const expected = realOrSelf(pkg.installedDir);
  if (found !== expected) fail(`${pkg.name} resolves to ${found}, not to the profile's ${expected}`);
  createRequire(profile.manifestPath).resolve(pkg.name);
  return `${pkg.name} → ${display(found, profile.dir)}`;
}

function checkPristineWitness(profile) {
  requireHost(profile);
  if (profile.packages.some(({ name }) => name === PRISTINE_WITNESS)) fail(`${PRISTINE_WITNESS} is unexpectedly part of the fork layer`);
  const found = packageDirFrom(profile.manifestPath, PRISTINE_WITNESS);
  const expected = packageDirFrom(profile.hostAnchor, PRISTINE_WITNESS);
  if (found === undefined) fail(`${PRISTINE_WITNESS} does not resolve from ${profile.dir}`);
  if (found !== expected) fail(`${PRISTINE_WITNESS} resolves to ${found}, not to the pristine install's ${expected}`);
  return `${PRISTINE_WITNESS} → ${found} (the pristine install, through ${profile.fallback})`;
}

/**
 * The installed dsh is the version the profile pins (its `peerDependencies`
 * entry for dsh), and every forked package has the version of the package it
 * replaces: a fork built for another dsh would mix two releases in one tree.
 */
function checkBaseline(profile) {
  requireHost(profile);
  const hostVersion = readJson(profile.hostAnchor).version;
  const pinned = readJson(profile.manifestPath).peerDependencies?.[HOST_APP];
  if (pinned !== undefined && pinned !== hostVersion) fail(`the profile is built for dsh ${pinned}, but the installed dsh is ${hostVersion} (install dsh ${pinned}, or use --with-dsh)`);
  const mismatches = [];
  let compared = 0;
  for (const pkg of profile.packages) {
    const hostDir = packageDirFrom(profile.hostAnchor, pkg.name);
    if (hostDir === undefined) continue; // the profile's own plugins have no upstream
    compared += 1;
    const forkVersion = readJson(path.join(pkg.forkDir, 'package.json')).version;
    const upstreamVersion = readJson(path.join(hostDir, 'package.json')).version;
    if (forkVersion !== upstreamVersion) mismatches.push(`${pkg.name} fork ${forkVersion}, dsh install ${upstreamVersion}`);
  }
  if (mismatches.length > 0) fail(`the forks are built for another dsh than the installed ${hostVersion}: ${mismatches.join('; ')}`);
  return `dsh ${hostVersion}${pinned === undefined ? '' : ' as pinned'}; ${compared} forked packages have its versions`;
}

/** Every dependency and peer of a fork resolves; the forked ones to the profile's own copy. */
function checkInternalImports(profile, pkg) {
  const manifest = readJson(path.join(pkg.installedDir, 'package.json'));
  const anchor = path.join(pkg.installedDir, 'package.json');
  const names = [...new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})])].sort();
  const forked = [];
  const unresolved = [];
  const problems = [];
  let pristine = 0;
  for (const name of names) {
    const found = packageDirFrom(anchor, name);
    const fork = profile.packages.find((entry) => entry.name === name);
    if (fork !== undefined) {
      const expected = realOrSelf(fork.installedDir);
      if (found !== expected) problems.push(`${name} resolves to ${found ?? 'nothing'}, not the fork ${expected}`);
      else forked.push(name.split('/').pop());
    } else if (found === undefined) {
      unresolved.push(name);
    } else {
      pristine += 1;
    }
  }
  if (problems.length > 0) fail(problems.join('; '));
  if (unresolved.length > 0) {
    if (profile.hostAnchor === undefined) skip(`forked: ${forked.join(', ') || 'none'} → profile; the ${unresolved.length} others need the pristine dsh install, which is missing`);
    fail(`${unresolved.join(', ')} resolve from neither the profile nor the dsh install`);
  }
  return `forked: ${forked.join(', ') || 'none'} → profile; ${pristine} other imports → dsh install`;
}

async function loadPolicyFork(profile) {
  requireHost(profile);
  const pkg = installedPackage(profile, POLICY_PACKAGE);
  return importFrom(profile.manifestPath, pkg.name);
}

async function checkSandboxModes(profile) {
  const { SANDBOX_MODES } = await loadPolicyFork(profile);
  if (!Array.isArray(SANDBOX_MODES)) fail(`${POLICY_PACKAGE} exports no SANDBOX_MODES array`);
  if (!SANDBOX_MODES.includes(MODE)) fail(`SANDBOX_MODES is [${SANDBOX_MODES.join(', ')}]: no ${MODE} (the profile's ${POLICY_PACKAGE} is not the fork)`);
  return `SANDBOX_MODES = [${SANDBOX_MODES.join(', ')}]`;
}

/**
 * The `permission` row exactly as dsh composes it for this profile: the
 * bundle layers, then the profile's cordis.patch.yml, parsed and merged by
 * the installed dsh's own boot code.
 */
async function composedRows(profile, { dshHome } = {}) {
  requireHost(profile);
  const boot = await importFrom(profile.hostAnchor, BOOT_PACKAGE);
  const manifest = readJson(profile.manifestPath);
  const bundles = (manifest.dsh?.profile?.bundles ?? []).map((bundle) => {
    const dir = boot.resolveBundleDir(BIN_NAME, bundle, profile.hostAnchor, profile.dir);
    const declared = readJson(path.join(dir, 'package.json')).dsh?.bundle?.patch;
    if (declared === undefined) fail(`bundle ${bundle} declares no dsh.bundle`);
    return { bundle, patches: boot.loadOverlayPatches(BIN_NAME, path.join(dir, declared)) };
  });
  const own = fs.existsSync(profile.patchPath) ? boot.loadOverlayPatches(BIN_NAME, profile.patchPath) : [];
  const homePatch = dshHome === undefined ? undefined : path.join(dshHome, 'cordis.patch.yml');
  const home = homePatch !== undefined && fs.existsSync(homePatch) ? [boot.loadOverlayPatches(BIN_NAME, homePatch)] : [];
  return { rows: boot.composeEntries([...bundles.map((layer) => layer.patches), own, ...home]), bundles, own };
}

/** Every row id of a composed tree (rows nested in groups included). */
function rowIds(rows) {
  return rows.flatMap((row) => [...(row.id ? [row.id] : []), ...(row.group && Array.isArray(row.config) ? rowIds(row.config) : [])]);
}

async function checkPresetTable(profile) {
  const { rows } = await composedRows(profile);
  const row = rows.find((entry) => entry.id === 'permission');
  if (row === undefined) fail('the composed profile has no `permission` row');
  const { PermissionPresetService } = await importFrom(profile.manifestPath, PRESETS_PACKAGE);
  let config;
  try {
    config = PermissionPresetService.Config(row.config);
  } catch (error) {
    fail(`the profile's PermissionPresetService.Config rejects the preset table: ${errorText(error)}`);
  }
  const names = Object.keys(config.presets);
  const preset = config.presets[MODE];
  if (preset === undefined) fail(`no ${MODE} preset in the composed table (presets: ${names.join(', ')})`);
  if (preset.sandbox !== MODE) fail(`the ${MODE} preset selects sandbox ${preset.sandbox}`);
  const order = names.filter((name) => PRESET_ORDER.includes(name));
  if (order.join() !== PRESET_ORDER.join()) fail(`preset order is ${names.join(', ')}; expected ${PRESET_ORDER.join(', ')}`);
  return `presets ${names.join(', ')}; ${MODE} = "${preset.name}", approval ${preset.approval}`;
}

/**
 * The plugin rows the profile inserts, from its own patch layer and from the
 * bundles of its own plugins (packages of forks/), each loaded from the
 * profile; and no row id twice in the composed tree, so no plugin is loaded
 * twice (a plugin row inserted by hand beside its bundle's row would be).
 */
async function checkPluginRows(profile) {
  const { rows, bundles, own } = await composedRows(profile);
  const ids = rowIds(rows);
  const twice = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
  if (twice.length > 0) fail(`row id ${twice.join(', ')} is inserted more than once, so its plugin would load twice (remove the extra insert from cordis.patch.yml)`);
  const ownLayers = bundles.filter((layer) => profile.packages.some((pkg) => pkg.name === layer.bundle)).map((layer) => layer.patches);
  const inserted = [...ownLayers, own]
    .flat()
    .flatMap((patch) => patch.insert ?? [])
    .filter((row) => typeof row.name === 'string' && !row.name.startsWith('cordis:'));
  if (inserted.length === 0) skip('neither cordis.patch.yml nor a plugin bundle inserts plugin rows');
  const loaded = [];
  for (const row of inserted) {
    const packageName = row.name.startsWith('@') ? row.name.split('/').slice(0, 2).join('/') : row.name.split('/')[0];
    const pkg = profile.packages.find((entry) => entry.name === packageName);
    if (pkg === undefined) fail(`row ${row.id} (${row.name}) is not a package of this profile's forks/`);
    const found = packageDirFrom(profile.manifestPath, packageName);
    if (found !== realOrSelf(pkg.installedDir)) fail(`row ${row.id}: ${packageName} resolves to ${found ?? 'nothing'}, not to the profile`);
    let plugin;
    try {
      plugin = await importFrom(profile.manifestPath, row.name);
    } catch (error) {
      fail(`row ${row.id}: importing ${row.name} fails: ${errorText(error)}`);
    }
    const entry = plugin.default ?? plugin;
    if (typeof plugin.apply !== 'function' && typeof entry !== 'function' && typeof entry?.apply !== 'function') fail(`row ${row.id}: ${row.name} exports no plugin (apply or a class)`);
    loaded.push(`${row.id} (${row.name})`);
  }
  return `imported from the profile: ${loaded.join(', ')}`;
}

/**
 * Drive the fork's invariant companion with a minimal stand-in for the
 * invariants and sessions services: loaded and newly appended `sandbox/mode`
 * events naming self-checking must pass, an unknown mode must still fail (so
 * a companion that accepts everything does not pass).
 */
async function checkInvariant(profile) {
  const pkg = installedPackage(profile, POLICY_PACKAGE);
  let companion;
  try {
    companion = await importFrom(path.join(pkg.installedDir, 'package.json'), `${POLICY_PACKAGE}/invariant`);
  } catch (error) {
    if (profile.hostAnchor === undefined && error?.code === 'ERR_MODULE_NOT_FOUND') skip(`the companion imports a module of the missing pristine dsh install: ${errorText(error)}`);
    throw error;
  }
  const verdicts = (mode) => {
    const failures = [];
    let install;
    const invariants = { register: (_owner, installer) => { install = installer; return () => {}; } };
    const listeners = [];
    const event = { type: 'sandbox/mode', seq: 0, time: 0, data: { mode } };
    const session = { id: 'verify', events: [event] };
    const ctx = {
      invariants,
      sessions: { list: () => [session] },
      on: (name, listener) => { if (name === 'internal/dispatch') listeners.push(listener); return () => {}; },
    };
    companion.apply(ctx);
    if (typeof install !== 'function') fail('the companion registered no installer');
    install(ctx, (message) => failures.push(message));
    for (const listener of listeners) listener('emit', 'session/event', [session, event]);
    return failures;
  };
  const accepted = verdicts(MODE);
  if (accepted.length > 0) fail(`the companion rejects a ${MODE} sandbox/mode event: ${accepted[0]}`);
  if (verdicts('no-such-mode').length === 0) fail('the companion accepts any mode, even "no-such-mode"');
  return `sandbox/mode ${MODE} accepted (loaded and appended); an unknown mode is still rejected`;
}

// ── the live file-fence round trip ─────────────────────────────────────────

/** Roots a workspace-write fence always lets through: never valid as "outside". */
function temporaryRoots() {
  return [...new Set(['/tmp', os.tmpdir(), '/dev/shm'].map(realOrSelf))];
}

/** A scratch base outside every temporary area, where the verifier may create two directories. */
function scratchBase(profile) {
  const candidates = [process.env.DSH_VERIFY_SCRATCH, path.dirname(path.dirname(profile.dir)), os.homedir(), '/var/tmp'].filter(Boolean);
  for (const candidate of candidates) {
    const real = realOrSelf(candidate);
    if (temporaryRoots().some((root) => isUnder(real, root))) continue;
    try {
      fs.accessSync(real, fs.constants.W_OK);
      return real;
    } catch { /* try the next candidate */ }
  }
  return undefined;
}

async function startFence(profile, workspace) {
  const cordis = await importFrom(path.join(installedPackage(profile, POLICY_PACKAGE).installedDir, 'package.json'), CORDIS_PACKAGE);
  const { SandboxPolicyService } = await importFrom(profile.manifestPath, POLICY_PACKAGE);
  const { SandboxedFileSystem } = await importFrom(profile.manifestPath, FS_SANDBOX_PACKAGE);
  const policyConfig = { mode: MODE, workspaceRoot: workspace };
  try {
    SandboxPolicyService.Config(policyConfig);
  } catch (error) {
    fail(`the profile's SandboxPolicyService.Config rejects mode ${MODE}: ${errorText(error)}`);
  }
  const ctx = new cordis.Context();
  await ctx.plugin(SandboxPolicyService, policyConfig);
  await ctx.plugin(SandboxedFileSystem, { cwd: workspace });
  if (ctx.sandboxPolicy?.defaultMode !== MODE) fail(`the policy service did not start in ${MODE} (mode ${ctx.sandboxPolicy?.defaultMode})`);
  if (ctx.fs === undefined) fail('the sandboxed filesystem did not start');
  return ctx;
}

async function attemptWrite(ctx, file, content, policy) {
  try {
    const target = await ctx.fs.resolve(file);
    await ctx.fs.writeText(target, content, undefined, undefined, policy);
    return { written: true };
  } catch (error) {
    return { written: false, code: error?.code, message: errorText(error) };
  }
}

const fileHolds = (file, content) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content;

/**
 * The four fence steps share one scratch pair of directories and one policy
 * service. A failed setup fails the first step and skips the rest; the re-run
 * step needs the interception before it.
 */
function fenceChecks(profile) {
  const state = {};
  const setup = async () => {
    requireHost(profile);
    const base = scratchBase(profile);
    if (base === undefined) skip(`no writable directory outside ${temporaryRoots().join(', ')} for the outside-the-workspace test (set DSH_VERIFY_SCRATCH)`);
    state.root = fs.mkdtempSync(path.join(base, '.dsh-self-checking-verify-'));
    state.workspace = path.join(state.root, 'workspace');
    state.outside = path.join(state.root, 'outside');
    fs.mkdirSync(state.workspace);
    fs.mkdirSync(state.outside);
    state.ctx = await startFence(profile, state.workspace);
    state.session = {
      id: 'dsh-self-checking-verify',
      header: { cwd: state.workspace },
      events: [{ type: 'sandbox/mode', seq: 0, time: 0, data: { mode: MODE } }],
      append: () => {},
    };
  };
  const step = (fn) => async () => {
    if (state.setupError !== undefined) skip(state.setupError);
    if (state.ctx === undefined) {
      try {
        await setup();
      } catch (error) {
        state.setupError = error instanceof Skip ? error.message : 'not run: the fence could not start (see the first fence line)';
        throw error;
      }
    }
    return fn();
  };
  const sessionPolicy = () => state.ctx.sandboxPolicy.resolve({ session: state.session });
  return {
    cleanup: () => {
      if (state.root !== undefined) fs.rmSync(state.root, { recursive: true, force: true });
    },
    checks: [
      ['fence: write inside the workspace passes first time', step(async () => {
        const file = path.join(state.workspace, 'inside.txt');
        const result = await attemptWrite(state.ctx, file, 'inside\n', sessionPolicy());
        if (!result.written) fail(`refused (${result.code}: ${result.message})`);
        if (!fileHolds(file, 'inside\n')) fail(`${file} does not hold what was written`);
        return `wrote ${file}`;
      })],
      ['fence: write outside the workspace is intercepted, nothing written', step(async () => {
        const file = path.join(state.outside, 'outside.txt');
        const result = await attemptWrite(state.ctx, file, 'outside\n', sessionPolicy());
        if (result.written) fail(`${file} was written on the first attempt`);
        if (fs.existsSync(file)) fail(`${file} exists after the refusal`);
        if (result.code !== INTERCEPTED_CODE) fail(`refused with ${result.code} (${result.message}), expected ${INTERCEPTED_CODE}`);
        state.intercepted = file;
        return `${INTERCEPTED_CODE}: ${result.message}`;
      })],
      ['fence: the identical re-run is allowed', step(async () => {
        if (state.intercepted === undefined) skip('not run: the outside write was not intercepted');
        const result = await attemptWrite(state.ctx, state.intercepted, 'outside\n', sessionPolicy());
        if (!result.written) fail(`the identical re-run was refused (${result.code}: ${result.message})`);
        if (!fileHolds(state.intercepted, 'outside\n')) fail(`${state.intercepted} does not hold what was written`);
        return `wrote ${state.intercepted}`;
      })],
      ['fence: agentless write outside is denied, also when repeated', step(async () => {
        const file = path.join(state.outside, 'agentless.txt');
        for (const attempt of ['first', 'identical second']) {
          const result = await attemptWrite(state.ctx, file, 'agentless\n', state.ctx.sandboxPolicy.resolve());
          if (result.written || fs.existsSync(file)) fail(`the ${attempt} agentless write reached ${file}`);
          if (result.code !== DENIED_CODE) fail(`the ${attempt} agentless write was refused with ${result.code} (${result.message}), expected the ordinary ${DENIED_CODE}`);
        }
        return `${DENIED_CODE} both times; nothing written`;
      })],
    ],
  };
}

// ── bundles: what dsh composes for the plugin route and the checking plugins ─

/**
 * The bundles of this project a profile may list in `dsh.profile.bundles`,
 * with the version this verifier ships with (tests/install checks the table
 * against plugins/<name>/package.json) and the rows each inserts.
 */
const BUNDLES = {
  'dsh-self-checking': { version: '0.1.0', rows: [] },
  'dsh-result-check': { version: '0.1.0', rows: [{ id: 'result-check', name: 'dsh-result-check/bundle' }] },
  'dsh-proof': { version: '0.1.0', rows: [{ id: 'proof', name: 'dsh-proof/bundle' }] },
};
const SELF_CHECKING = 'dsh-self-checking';
/** The native rows dsh-self-checking turns off, and the rows it inserts in their place. */
const NATIVE_SANDBOX_ROWS = ['bash-sandbox', 'pwsh-sandbox', 'fs-sandbox'];
const SELF_CHECKING_ROWS = [
  { id: 'self-checking-bash', name: 'dsh-self-checking/bash', platform: 'posix' },
  { id: 'self-checking-pwsh', name: 'dsh-self-checking/pwsh', platform: 'win32' },
  { id: 'self-checking-fs', name: 'dsh-self-checking/fs' },
  { id: 'self-checking', name: 'dsh-self-checking' },
];
/** The host classes the Self Checking rows subclass, by the contract names of the bundle's core/shape.js. */
const SUBCLASSED = [
  { contract: 'BASH_CONTRACT', specifier: '@deepseek-ai/dsh-bash-sandbox', exported: 'SandboxBashExecutor' },
  { contract: 'PWSH_CONTRACT', specifier: '@deepseek-ai/dsh-pwsh-sandbox', exported: 'SandboxPwshExecutor' },
  { contract: 'FS_CONTRACT', specifier: '@deepseek-ai/dsh-fs-sandbox', exported: 'SandboxedFileSystem' },
];

/**
 * The dsh command the composed configuration is read through: `--dsh`, then
 * the pinned host install.sh --with-dsh puts in `$DSH_HOME/host`, then `dsh`
 * on PATH; undefined when there is none.
 */
function findDsh(options) {
  if (options.dsh !== undefined) return options.dsh;
  const pinned = path.join(options.dshHome, 'host', 'bin', BIN_NAME);
  if (isExecutable(pinned)) return pinned;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '' && isExecutable(path.join(dir, BIN_NAME))) return path.join(dir, BIN_NAME);
  }
  return undefined;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A YAML loader for dsh's dialect (`!!js` expressions kept as `{ __jsExpr }`), from the host's own js-yaml. */
async function dshYaml(profile) {
  if (profile.hostAnchor === undefined) return undefined;
  const bootDir = packageDirFrom(profile.hostAnchor, BOOT_PACKAGE);
  if (bootDir === undefined) return undefined;
  const yaml = await importFrom(path.join(bootDir, 'package.json'), 'js-yaml');
  const api = yaml.default ?? yaml;
  const jsExpr = new api.Type('tag:yaml.org,2002:js', { kind: 'scalar', resolve: (data) => typeof data === 'string', construct: (data) => ({ __jsExpr: data }) });
  const schema = api.JSON_SCHEMA.extend(jsExpr);
  return (text) => api.load(text, { schema });
}

/**
 * Split `dsh --dump-config` output into rows, each with the layer comment
 * above it (`# == <origin>, patched by <layer>`).
 */
function parseDump(text, load) {
  const rows = [];
  let origin = '';
  let chunk = [];
  const flush = () => {
    const parsed = chunk.length === 0 ? null : load(chunk.join('\n'));
    if (Array.isArray(parsed)) for (const row of parsed) rows.push({ ...row, origin });
    chunk = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('# == ')) {
      flush();
      origin = line.slice('# == '.length);
    } else {
      chunk.push(line);
    }
  }
  flush();
  return rows;
}

/**
 * The composed rows of the profile, read through dsh itself: `dsh --profile
 * <name> --dump-config` in its dsh home. Without a dsh executable (and not
 * --strict), dsh's own boot code from the install composes the same layers;
 * a strict run requires the dump.
 */
async function composedTree(profile, options) {
  if (profile.tree !== undefined) return profile.tree;
  const dsh = findDsh(options);
  if (dsh === undefined) {
    const where = `--dsh, ${path.join(options.dshHome, 'host', 'bin', BIN_NAME)} and PATH`;
    if (options.strict || profile.hostAnchor === undefined) skip(`no dsh found (looked at ${where}) to read the composed configuration with --dump-config`);
    const { rows } = await composedRows(profile, { dshHome: options.dshHome });
    profile.tree = { rows: rows.map((row) => ({ ...row, origin: 'composed by the installed dsh boot code' })), how: `composed by dsh's boot code (no dsh executable found at ${where})` };
    return profile.tree;
  }
  let text;
  try {
    text = execFileSync(dsh, ['--profile', path.basename(profile.dir), '--dump-config'], {
      env: { ...process.env, DSH_HOME: options.dshHome },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
  } catch (error) {
    fail(`\`${dsh} --profile ${path.basename(profile.dir)} --dump-config\` failed: ${errorLine(String(error.stderr ?? error.message))}`);
  }
  // The dump boots the profile's layers, which creates the shared fallback when it was missing.
  if (profile.hostAnchor === undefined) Object.assign(profile, { hostAnchor: describeProfile(profile.dir).hostAnchor });
  const load = await dshYaml(profile);
  if (load === undefined) skip(`the dsh install under ${profile.fallback} has no ${BOOT_PACKAGE} to parse the dump with`);
  profile.tree = { rows: parseDump(text, load), how: `read with ${dsh} --dump-config` };
  return profile.tree;
}

/** The line of a failed dsh's stderr that says what went wrong (not the source line of its stack trace). */
function errorLine(stderr) {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  return (lines.find((line) => /^(\w*Error|dsh): /.test(line)) ?? lines[0] ?? 'no output').replace(/^Error: /, '');
}

/** The value a row key has on this machine: literal, or its `!!js` expression evaluated as dsh does. */
function evaluated(value, env = process.env) {
  if (value === null || typeof value !== 'object' || typeof value.__jsExpr !== 'string') return value;
  const host = new Proxy(process, { get: (target, key) => (key === 'env' ? env : Reflect.get(target, key)) });
  try {
    return new Function('process', `return (${value.__jsExpr});`)(host);
  } catch (error) {
    fail(`cannot evaluate the expression \`${value.__jsExpr}\`: ${errorText(error)}`);
  }
}

function rowsWithId(tree, id) {
  return tree.rows.filter((row) => row.id === id);
}

function oneRow(tree, id, what) {
  const found = rowsWithId(tree, id);
  if (found.length === 0) fail(`the composed configuration has no \`${id}\` row (${what}); re-add the bundle, or remove the override that drops it`);
  if (found.length > 1) fail(`row \`${id}\` is composed ${found.length} times (${found.map((row) => row.origin).join('; ')}): keep one`);
  return found[0];
}

function bundleList(profile) {
  const bundles = readJson(profile.manifestPath).dsh?.profile?.bundles;
  return Array.isArray(bundles) ? bundles : [];
}

/**
 * The bundles to check: the ones asked for with --bundle, else every bundle
 * of this project the profile lists or depends on (a dependency missing from
 * the list is installed but never loaded).
 */
function bundlesToCheck(profile, options) {
  if (options.bundles.length > 0) return options.bundles;
  const declared = Object.keys(readJson(profile.manifestPath).dependencies ?? {});
  return Object.keys(BUNDLES).filter((name) => bundleList(profile).includes(name) || declared.includes(name));
}

function checkListed(profile, name) {
  const bundles = bundleList(profile);
  if (!bundles.includes(name)) fail(`${name} is not in dsh.profile.bundles of ${profile.manifestPath} (bundles: ${bundles.join(', ') || 'none'}), so dsh does not load it; add it again`);
  return `bundles: ${bundles.join(', ')}`;
}

/** The installed package: its name, the version this verifier knows, its bundle layer and every file it exports. */
function checkInstalledBundle(profile, name) {
  const dir = path.join(profile.modulesRoot, name);
  const manifestFile = path.join(dir, 'package.json');
  if (!fs.existsSync(manifestFile)) fail(`${dir} is missing: the bundle is listed but not installed`);
  const manifest = readJson(manifestFile);
  if (manifest.name !== name) fail(`${manifestFile} names the package ${JSON.stringify(manifest.name)}, not ${name}`);
  const expected = BUNDLES[name].version;
  if (manifest.version !== expected) fail(`${name} ${manifest.version} is installed; this verifier checks ${expected} (add the ${expected} bundle, or use the verifier of that release)`);
  const patch = manifest.dsh?.bundle?.patch;
  if (typeof patch !== 'string') fail(`${manifestFile} declares no dsh.bundle.patch, so dsh installs it as a plain dependency and never loads it`);
  const targets = [patch, ...Object.values(manifest.exports ?? {}).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))];
  const missing = [...new Set(targets)].filter((file) => !fs.existsSync(path.join(dir, file)));
  if (missing.length > 0) fail(`${name} is incomplete: ${missing.join(', ')} missing from ${display(fs.realpathSync(dir), profile.dir)}`);
  const broken = brokenRelativeImports(fs.realpathSync(dir), manifest.files ?? ['lib']);
  if (broken.length > 0) fail(`${name} is incomplete: ${broken.slice(0, 5).join('; ')}${broken.length > 5 ? `; … ${broken.length - 5} more` : ''}`);
  return `${name} ${manifest.version} in ${display(fs.realpathSync(dir), profile.dir)}; ${targets.length} declared files present, every module they import is there`;
}

/**
 * Relative imports (static and dynamic) of the package's own modules that
 * name a file it lacks: a row that loads such a module at run time fails, or
 * fails closed, however complete its entry points look.
 */
function brokenRelativeImports(packageDir, shipped) {
  const broken = [];
  const check = (file) => {
    if (!/\.m?js$/.test(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      if (!fs.existsSync(path.resolve(path.dirname(file), match[1]))) broken.push(`${path.relative(packageDir, file)} imports ${match[1]}, which is missing`);
    }
  };
  const walk = (entry) => {
    let stat;
    try { stat = fs.statSync(entry); } catch { return; }
    if (!stat.isDirectory()) return check(entry);
    for (const child of fs.readdirSync(entry)) if (child !== 'node_modules') walk(path.join(entry, child));
  };
  // What the package ships (its `files`), not a linked checkout's tests and fixtures.
  for (const entry of shipped) walk(path.join(packageDir, entry.replace(/\/$/, '')));
  return broken.sort();
}

/** A row of the tree that must be on here: present once, with this package name, not disabled on this platform. */
function checkActiveRow(tree, { id, name }, what) {
  const row = oneRow(tree, id, what);
  if (row.name !== name) fail(`row \`${id}\` mounts ${JSON.stringify(row.name)}, not ${name} (${row.origin})`);
  if (evaluated(row.disabled) === true) fail(`row \`${id}\` is disabled (${row.origin}); remove the \`disabled\` override`);
  return row;
}

function platformRowExpected(spec) {
  if (spec.platform === 'win32') return process.platform === 'win32';
  if (spec.platform === 'posix') return process.platform !== 'win32';
  return true;
}

/** Self Checking's rows: the native sandbox rows off, its own rows on (per platform), once each. */
async function checkSelfCheckingRows(profile, options) {
  const tree = await composedTree(profile, options);
  const problems = [];
  for (const id of NATIVE_SANDBOX_ROWS) {
    const rows = rowsWithId(tree, id);
    if (rows.length === 0) continue; // a profile without that capability has nothing to replace
    const row = rows[rows.length - 1];
    if (row.disabled !== true) problems.push(`the native row \`${id}\` is not disabled (${row.origin}), so it would mount beside Self Checking's`);
  }
  const active = [];
  for (const spec of SELF_CHECKING_ROWS) {
    try {
      if (platformRowExpected(spec)) active.push(checkActiveRow(tree, spec, `inserted by ${SELF_CHECKING}`).id);
      else oneRow(tree, spec.id, `inserted by ${SELF_CHECKING}`);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) fail(problems.join('; '));
  return `${NATIVE_SANDBOX_ROWS.join(', ')} disabled; ${active.join(', ')} on (${tree.how})`;
}

/** The preset table dsh composes, and the one-shot spelling: DSH_PERMISSION_MODE=self-checking starts in the preset over workspace-write. */
async function checkSelfCheckingPreset(profile, options) {
  const tree = await composedTree(profile, options);
  const permission = oneRow(tree, 'permission', 'the permission presets');
  const presets = permission.config?.presets ?? {};
  const preset = presets[MODE];
  if (preset === undefined) fail(`no ${MODE} preset in the composed \`permission\` row (${permission.origin}; presets: ${Object.keys(presets).join(', ') || 'none'})`);
  if (preset.sandbox !== 'workspace-write' || preset.approval !== 'ask') fail(`the ${MODE} preset is sandbox ${preset.sandbox}, approval ${preset.approval}; expected workspace-write, ask`);
  const order = Object.keys(presets).filter((key) => PRESET_ORDER.includes(key));
  if (order.join() !== PRESET_ORDER.join()) fail(`preset order is ${Object.keys(presets).join(', ')}; expected ${PRESET_ORDER.join(', ')}`);
  const oneShot = { ...process.env, DSH_PERMISSION_MODE: MODE };
  const defaultPreset = evaluated(permission.config?.defaultPreset, oneShot);
  if (defaultPreset !== MODE) fail(`with DSH_PERMISSION_MODE=${MODE} the default preset is ${defaultPreset ?? 'inferred'}, not ${MODE}: the \`permission\` row's config comes from ${permission.origin}; keep its defaultPreset line from ${SELF_CHECKING}'s cordis.patch.yml`);
  const policy = oneRow(tree, 'sandbox-policy', 'the sandbox policy');
  const mode = evaluated(policy.config?.mode, oneShot);
  if (mode !== 'workspace-write') fail(`with DSH_PERMISSION_MODE=${MODE} the \`sandbox-policy\` row would get mode ${JSON.stringify(mode)} and stop dsh: its config comes from ${policy.origin}; keep the mode line of ${SELF_CHECKING}'s cordis.patch.yml`);
  return `presets ${Object.keys(presets).join(', ')}; "${preset.name}"; DSH_PERMISSION_MODE=${MODE} → preset ${MODE} over workspace-write`;
}

/** The host classes the installed bundle subclasses still have the members (and arity) its own contracts name. */
async function checkSubclassedShapes(profile) {
  requireHost(profile);
  const shapeFile = path.join(profile.modulesRoot, SELF_CHECKING, 'lib', 'core', 'shape.js');
  if (!fs.existsSync(shapeFile)) fail(`${shapeFile} is missing: the installed bundle has no class contracts`);
  const shape = await import(pathToFileURL(fs.realpathSync(shapeFile)).href);
  const problems = [];
  const checked = [];
  for (const { contract, specifier, exported } of SUBCLASSED) {
    let Class;
    try {
      Class = (await importFrom(profile.manifestPath, specifier))[exported];
    } catch (error) {
      problems.push(`${specifier} cannot be imported from the profile: ${errorText(error)}`);
      continue;
    }
    if (typeof Class !== 'function') { problems.push(`${specifier} no longer exports ${exported}`); continue; }
    const inject = Array.isArray(Class.inject) ? Class.inject.map(String) : Object.keys(Class.inject ?? {});
    const arity = (member) => (typeof Class.prototype[member] === 'function' ? Class.prototype[member].length : undefined);
    problems.push(...shape.shapeProblems(shape[contract], { inject, arity }));
    checked.push(exported);
  }
  if (problems.length > 0) fail(`${problems.join('; ')} (Self Checking would run as plain workspace-write)`);
  return `${checked.join(', ')} have every member the subclasses extend`;
}

/** The user's config of a row: the last `config` of a patch targeting `id` in the profile's and the dsh home's patch layers. */
async function userConfig(profile, options, id) {
  const load = await dshYaml(profile);
  let config;
  let from;
  for (const file of [profile.patchPath, path.join(options.dshHome, 'cordis.patch.yml')]) {
    if (!fs.existsSync(file) || load === undefined) continue;
    const patches = load(fs.readFileSync(file, 'utf8'));
    for (const patch of Array.isArray(patches) ? patches : []) {
      if (patch?.id === id && 'config' in patch) { config = patch.config; from = file; }
    }
  }
  return { config, from };
}

/** A checking plugin's row: present once, its entry loads from the profile, its config is the user's and its Config accepts it. */
async function checkPluginRow(profile, options, name, spec) {
  const tree = await composedTree(profile, options);
  const row = checkActiveRow(tree, spec, `inserted by ${name}`);
  let entry;
  try {
    entry = await importFrom(profile.manifestPath, spec.name);
  } catch (error) {
    fail(`row \`${spec.id}\`: ${spec.name} does not load from the profile: ${errorText(error)}`);
  }
  if (typeof entry.apply !== 'function') fail(`row \`${spec.id}\`: ${spec.name} exports no apply()`);
  const composed = evaluated(row.config) ?? {};
  const user = await userConfig(profile, options, spec.id);
  if (user.config !== undefined && JSON.stringify(user.config) !== JSON.stringify(row.config)) {
    fail(`row \`${spec.id}\` is composed with config ${JSON.stringify(row.config)}, not the ${JSON.stringify(user.config)} of ${user.from} (${row.origin})`);
  }
  let plugin;
  try {
    plugin = await importFrom(profile.manifestPath, name);
  } catch (error) {
    skip(`row \`${spec.id}\` is composed, but ${name}'s Config could not be loaded to check its values here: ${errorText(error)}`);
  }
  try {
    plugin.Config?.(composed);
  } catch (error) {
    fail(`row \`${spec.id}\`: ${name} rejects its config ${JSON.stringify(composed)}: ${errorText(error)}`);
  }
  return `row \`${spec.id}\` once (${row.origin}); ${spec.name} loads; config ${JSON.stringify(composed)}${user.from === undefined ? ' (the default)' : ` from ${display(user.from, profile.dir)}`}`;
}

/** The checks of every bundle of this project the profile lists (or --bundle names). */
function bundleChecks(profile, options) {
  return bundlesToCheck(profile, options).flatMap((name) => {
    if (BUNDLES[name] === undefined) return [[`bundle ${name}`, () => fail(`unknown bundle ${name}; this verifier knows ${Object.keys(BUNDLES).join(', ')}`)]];
    const checks = [
      [`bundle ${name}: in the profile's bundle list`, () => checkListed(profile, name)],
      [`bundle ${name}: installed name, version and files`, () => checkInstalledBundle(profile, name)],
    ];
    if (name === SELF_CHECKING) {
      checks.push(
        [`bundle ${name}: composed rows (native sandbox rows off, its own on)`, () => checkSelfCheckingRows(profile, options)],
        [`bundle ${name}: the ${MODE} preset and the one-shot DSH_PERMISSION_MODE=${MODE}`, () => checkSelfCheckingPreset(profile, options)],
        [`bundle ${name}: the host classes it subclasses keep their shape`, () => checkSubclassedShapes(profile)],
      );
    }
    for (const spec of BUNDLES[name].rows) checks.push([`bundle ${name}: row ${spec.id} composed once, loaded, with the user's config`, () => checkPluginRow(profile, options, name, spec)]);
    return checks;
  });
}

// ── running ────────────────────────────────────────────────────────────────

/** The fork route's profile: forks/ holds packages of the dsh authors' scope. */
function isForkRoute(profile) {
  return profile.packages.some(({ name }) => name.startsWith('@'));
}

function forkRouteChecks(profile, fence) {
  return [
    ['profile manifest declares every package of forks/', () => checkManifest(profile)],
    ['node_modules copies match forks/', () => checkInstalledCopies(profile)],
    ...profile.packages.map((pkg) => [`resolves from the profile: ${pkg.name}`, () => checkResolution(profile, pkg)]),
    ['pristine dsh install present', () => {
      if (profile.hostAnchor === undefined) skip(`${path.join(profile.fallback, HOST_APP)} is missing: the checks that load dsh code are skipped (install dsh 0.1.0-rc.8 and run it once, or re-install with --with-dsh)`);
      return `${HOST_APP} ${readJson(profile.hostAnchor).version} via ${profile.fallback}`;
    }],
    ['unforked package resolves to the pristine install', () => checkPristineWitness(profile)],
    ['the installed dsh is the version the profile is built for', () => checkBaseline(profile)],
    ...profile.packages.map((pkg) => [`imports of ${pkg.name} resolve (forks to the profile)`, () => checkInternalImports(profile, pkg)]),
    [`SANDBOX_MODES contains ${MODE}`, () => checkSandboxModes(profile)],
    ['preset table validates with the profile\'s PermissionPresetService', () => checkPresetTable(profile)],
    ['plugin rows (cordis.patch.yml, plugin bundles) load once, from the profile', () => checkPluginRows(profile)],
    [`invariant companion accepts sandbox/mode ${MODE}`, () => checkInvariant(profile)],
    ...fence.checks,
  ];
}

/** Any other profile (a stock one, or one of the user's): the bundles of this project added to it. */
function pluginRouteChecks(profile, options) {
  if (bundlesToCheck(profile, options).length > 0) return [];
  return [['a bundle of this project is in the profile\'s bundle list', () => fail(`dsh.profile.bundles of ${profile.manifestPath} lists none of ${Object.keys(BUNDLES).join(', ')} (bundles: ${bundleList(profile).join(', ') || 'none'}); add one with install.sh --plugin <name>`)]];
}

/** Run one check: its status (a SKIP is a FAIL under --strict) and what it found. */
async function runOne(name, run, options) {
  try {
    return { name, status: 'PASS', detail: await run() };
  } catch (error) {
    if (error instanceof Skip) return options.strict ? { name, status: 'FAIL', detail: `could not check (--strict): ${error.message}` } : { name, status: 'SKIP', detail: error.message };
    return { name, status: 'FAIL', detail: error instanceof Failure ? error.message : `unexpected error: ${errorText(error)}` };
  }
}

function report(results, profile, route, options) {
  const counts = { PASS: 0, FAIL: 0, SKIP: 0 };
  for (const result of results) counts[result.status] += 1;
  if (options.json) {
    const checks = results.map(({ name, status, detail }) => ({ detail, name, status: status.toLowerCase() }));
    const document = { checks, counts: { failed: counts.FAIL, passed: counts.PASS, skipped: counts.SKIP }, ok: counts.FAIL === 0, profile: profile.dir, route, schema: 'forklayer.verify/1', strict: options.strict };
    process.stdout.write(`${JSON.stringify(document)}\n`);
  } else {
    for (const { name, status, detail } of results) console.log(`${status}  ${name} — ${detail}`);
    console.log(`verify: ${counts.PASS} passed, ${counts.FAIL} failed, ${counts.SKIP} skipped`);
  }
  return counts.FAIL > 0 ? 1 : 0;
}

async function runChecks(profileDir, options) {
  const profile = describeProfile(profileDir);
  if (!fs.existsSync(profile.manifestPath)) {
    return report([{ name: 'profile manifest', status: 'FAIL', detail: `${profile.manifestPath} does not exist; is ${profileDir} an installed profile?` }], profile, 'unknown', options);
  }
  const route = isForkRoute(profile) ? 'fork' : 'plugin';
  const fence = fenceChecks(profile);
  const checks = [...(route === 'fork' ? forkRouteChecks(profile, fence) : pluginRouteChecks(profile, options)), ...bundleChecks(profile, options)];
  const results = [];
  try {
    for (const [name, run] of checks) results.push(await runOne(name, run, options));
  } finally {
    fence.cleanup();
  }
  return report(results, profile, route, options);
}

// ── session scan (used by the uninstall) ───────────────────────────────────

function decompressZstd(file) {
  if (typeof zlib.zstdDecompressSync === 'function') return zlib.zstdDecompressSync(fs.readFileSync(file));
  return execFileSync('zstd', ['-dcq', file], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Session logs under `sessionsDir`, sorted. */
function sessionLogs(sessionsDir) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/^session\.jsonl(\.zstd)?$/.test(entry.name)) found.push(child);
    }
  };
  if (isDirectory(sessionsDir)) walk(sessionsDir);
  return found.sort();
}

/** What one session log says about the mode: its last sandbox/mode and permission/preset values. */
function sessionModes(file) {
  const text = (file.endsWith('.zstd') ? decompressZstd(file) : fs.readFileSync(file)).toString('utf8');
  const result = { mode: undefined, preset: undefined, mentioned: false };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let event;
    try { event = JSON.parse(line); } catch { continue; }
    if (event.type === 'sandbox/mode') result.mode = event.data?.mode;
    else if (event.type === 'permission/preset') result.preset = event.data?.preset;
    else continue;
    if (result.mode === MODE || result.preset === MODE) result.mentioned = true;
  }
  return result;
}

function scanSessions(dshHome) {
  const sessionsDir = path.join(dshHome, 'sessions');
  let unreadable = 0;
  let current = 0;
  let earlier = 0;
  for (const file of sessionLogs(sessionsDir)) {
    let modes;
    try {
      modes = sessionModes(file);
    } catch {
      unreadable += 1;
      continue;
    }
    const now = modes.mode === MODE || modes.preset === MODE;
    if (now) current += 1;
    else if (modes.mentioned) earlier += 1;
    if (now || modes.mentioned) console.log(`${now ? 'current' : 'earlier'}  ${path.dirname(path.relative(sessionsDir, file))}`);
  }
  if (unreadable > 0) console.log(`unreadable  ${unreadable} session log(s) (reading .zstd logs needs Node >= 22.15 or the zstd command)`);
  return { current, earlier, unreadable };
}

// ── command line ───────────────────────────────────────────────────────────

const USAGE = `usage: node verify.mjs --profile <name|dir> [--dsh-home <dir>] [--bundle <name>]... [--strict] [--json] [--dsh <command>]
       node verify.mjs --sessions <dsh-home>

  --profile    an installed profile: a name under <dsh-home>/profiles, or its directory
  --dsh-home   the dsh home (default: the directory above profiles/ of a profile
               directory, else $DSH_HOME, else ~/.dsh)
  --bundle     check this bundle (repeatable; default: every bundle of this project
               the profile lists: ${Object.keys(BUNDLES).join(', ')})
  --strict     a check that cannot run (no dsh to dump the configuration, no dsh
               install to load code from) fails instead of being skipped
  --json       one JSON document on stdout (schema forklayer.verify/1) instead of lines
  --dsh        the dsh command to read the composed configuration with (default:
               <dsh-home>/host/bin/dsh, else dsh on PATH)`;

function usageError(message) {
  console.error(`error: ${message}\nhelp: node verify.mjs --help shows the options`);
  return 2;
}

/** Parse the --profile form's options; a string is a usage error. */
function parseOptions(argv) {
  const options = { bundles: [], strict: false, json: false, dsh: undefined, dshHome: undefined, profile: undefined };
  const valued = { '--profile': 'profile', '--dsh-home': 'dshHome', '--dsh': 'dsh', '--bundle': 'bundles' };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--strict') options.strict = true;
    else if (arg === '--json') options.json = true;
    else if (valued[arg] !== undefined) {
      const value = argv[index + 1];
      if (value === undefined || value === '') return `${arg} needs a value`;
      index += 1;
      if (arg === '--bundle') options.bundles.push(value);
      else options[valued[arg]] = value;
    } else return `unknown argument \`${arg}\``;
  }
  if (options.profile === undefined) return '--profile is required';
  return options;
}

/** The profile directory and dsh home the options name. */
function locate(options) {
  const byPath = options.profile.includes('/') || options.profile.includes(path.sep) || options.profile === '.' || options.profile === '..';
  const envHome = process.env.DSH_HOME?.trim() ? process.env.DSH_HOME : path.join(os.homedir(), '.dsh');
  if (byPath) {
    const dir = path.resolve(options.profile);
    return { dir, dshHome: path.resolve(options.dshHome ?? path.dirname(path.dirname(dir))) };
  }
  const dshHome = path.resolve(options.dshHome ?? envHome);
  return { dir: path.join(dshHome, 'profiles', options.profile), dshHome };
}

async function main(argv) {
  if (argv.length === 2 && argv[0] === '--sessions') {
    scanSessions(path.resolve(argv[1]));
    return 0;
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    console.log(USAGE);
    return 0;
  }
  if (argv[0] !== '--profile' && !argv.includes('--profile')) {
    console.error(USAGE);
    return 2;
  }
  const options = parseOptions(argv);
  if (typeof options === 'string') return usageError(options);
  const { dir, dshHome } = locate(options);
  if (!isDirectory(dir)) {
    console.error(`error: ${dir} is not a directory\nhelp: pass the installed profile, e.g. --profile ~/.dsh/profiles/self-checking or --profile web --dsh-home ~/.dsh`);
    return 2;
  }
  return runChecks(dir, { ...options, dshHome });
}

process.exit(await main(process.argv.slice(2)));
