#!/usr/bin/env node
// Acceptance verifier of an installed Self Checking profile.
//
//   node verify.mjs --profile <dir>        check the profile along dsh's boot path
//   node verify.mjs --sessions <dsh-home>  list sessions that recorded self-checking
//
// Every check prints one line: PASS, FAIL or SKIP, its name and the reason.
// The exit status is 1 when any check failed, 2 on a usage error, else 0.
// A check that cannot run (for example because the pristine dsh install, the
// shared module fallback `$DSH_HOME/profiles/node_modules`, is missing) is
// reported as SKIP with the reason, never as PASS.
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
  for (const [name, spec] of Object.entries(expected)) {
    if (declared[name] === undefined) problems.push(`${name} is not declared`);
    else if (declared[name] !== spec) problems.push(`${name} is declared as ${JSON.stringify(declared[name])}, expected ${JSON.stringify(spec)}`);
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
async function composedRows(profile) {
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
  return { rows: boot.composeEntries([...bundles.map((layer) => layer.patches), own]), bundles, own };
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

// ── running ────────────────────────────────────────────────────────────────

async function runChecks(profileDir) {
  const profile = describeProfile(profileDir);
  if (!fs.existsSync(profile.manifestPath)) {
    console.log(`FAIL  profile manifest — ${profile.manifestPath} does not exist; is ${profileDir} an installed profile?`);
    return 1;
  }
  const fence = fenceChecks(profile);
  const checks = [
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
  const counts = { PASS: 0, FAIL: 0, SKIP: 0 };
  try {
    for (const [name, run] of checks) {
      let status;
      let detail;
      try {
        detail = await run();
        status = 'PASS';
      } catch (error) {
        status = error instanceof Skip ? 'SKIP' : 'FAIL';
        detail = error instanceof Skip || error instanceof Failure ? error.message : `unexpected error: ${errorText(error)}`;
      }
      counts[status] += 1;
      console.log(`${status}  ${name} — ${detail}`);
    }
  } finally {
    fence.cleanup();
  }
  console.log(`verify: ${counts.PASS} passed, ${counts.FAIL} failed, ${counts.SKIP} skipped`);
  return counts.FAIL > 0 ? 1 : 0;
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

const USAGE = 'usage: node verify.mjs --profile <dir>\n       node verify.mjs --sessions <dsh-home>';

async function main(argv) {
  if (argv.length === 2 && argv[0] === '--profile') {
    const dir = path.resolve(argv[1]);
    if (!isDirectory(dir)) {
      console.error(`error: ${dir} is not a directory\nhelp: pass the installed profile, e.g. --profile ~/.dsh/profiles/self-checking`);
      return 2;
    }
    return runChecks(dir);
  }
  if (argv.length === 2 && argv[0] === '--sessions') {
    scanSessions(path.resolve(argv[1]));
    return 0;
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    console.log(USAGE);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

process.exit(await main(process.argv.slice(2)));
