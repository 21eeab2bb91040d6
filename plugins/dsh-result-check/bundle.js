// Entry of the dsh bundle row (cordis.patch.yml: `name: <package>/bundle`) of
// dsh-result-check and dsh-proof. This file is its one source: `npm run build`
// copies it into each package as bundle.js, and `npm run check` fails on a
// copy that differs (tools/plugin-build.mjs). It
// mounts the plugin of ./lib with its peers (@deepseek-ai/*) resolved from
// the profile directory, the loader's baseUrl, as dsh resolves the profile's
// own rows; so the plugin runs on the host's packages however it was added: a
// bare directory (pnpm links it, and from there Node would find the
// checkout's dev copies or nothing), `file:` or a tarball. It loads once per
// dsh and says so when a second row or the profile's own copy is set aside;
// a peer the profile lacks is named with the fix instead of a stack trace.
import { existsSync, readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NAME = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).name;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const LIB = new URL('./lib/', import.meta.url).href;
const PEERS = '@deepseek-ai/';
/** Where a profile built by forklayer (the Self Checking profile) keeps its own copy of this package. */
const PROFILE_COPY = join('forks', NAME);

/**
 * What this entry uses of the Cordis context the dsh loader gives a row.
 * @typedef {{ warn(text: string): void, error(text: string): void }} Log
 * @typedef {{
 *   baseUrl?: unknown,
 *   root?: object,
 *   fiber?: { entry?: { options?: { id?: string } } },
 *   logger(name: string): Log,
 *   on(event: 'dispose', callback: () => void): unknown,
 *   plugin(plugin: object, config: unknown): unknown,
 * }} RowContext
 * @typedef {{ parentURL?: string }} ResolveContext
 * @typedef {(specifier: string, context: ResolveContext, next: (specifier: string, context: ResolveContext) => unknown) => unknown} ResolveHook
 */

/** Node's synchronous module hooks (Node >= 22.15; absent on Node 20, where this entry imports ./lib as it is). */
const registerHooks = /** @type {{ registerHooks?: (hooks: { resolve: ResolveHook }) => unknown }} */ (/** @type {unknown} */ (nodeModule)).registerHooks;

/** @type {string | undefined} The profile's package.json URL the plugin's peers resolve from (the first dsh context to apply). */
let profile;

/**
 * Resolve `@deepseek-ai/*` imported by ./lib from the profile directory (Node >= 22.15, as dsh 0.1.0-rc.8 requires).
 * @param {string | URL} baseUrl
 */
function resolvePeersFrom(baseUrl) {
  if (profile !== undefined || registerHooks === undefined) return;
  const from = new URL('./package.json', baseUrl).href;
  profile = from;
  registerHooks({
    resolve: (specifier, context, next) =>
      next(specifier, specifier.startsWith(PEERS) && context.parentURL?.startsWith(LIB) ? { ...context, parentURL: from } : context),
  });
}

/** The row running this plugin, per dsh root context, shared by every copy of the package in the process. */
const shared = /** @type {Record<symbol, WeakMap<object, string> | undefined>} */ (/** @type {unknown} */ (globalThis));
const running = (shared[Symbol.for(`${NAME}/row`)] ??= new WeakMap());

/**
 * One plain stderr line (and the Cordis log) saying why this row stays idle or what it replaced.
 * @param {Log} log
 * @param {'warning' | 'error'} level
 * @param {string} line
 * @param {string} [help]
 */
function say(log, level, line, help) {
  const text = `${NAME}: ${level}: ${line}${help === undefined ? '' : `\nhelp: ${help}`}`;
  process.stderr.write(`${text}\n`);
  log[level === 'error' ? 'error' : 'warn'](text);
}

/**
 * Whether the profile's manifest declares its own copy `own` as this package (`file:./forks/…`, as install.sh leaves it).
 * @param {string} base
 * @param {string} own
 */
function declaresOwn(base, own) {
  let spec;
  try {
    spec = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8')).dependencies?.[NAME];
  } catch {
    return false;
  }
  return typeof spec === 'string' && spec.startsWith('file:') && resolve(base, spec.slice('file:'.length)) === own;
}

export const name = NAME;
/** @type {string[]} */
export const inject = [];

/**
 * @param {RowContext} ctx
 * @param {unknown} config
 */
export async function apply(ctx, config) {
  const log = ctx.logger(NAME);
  const baseUrl = typeof ctx.baseUrl === 'string' || ctx.baseUrl instanceof URL ? ctx.baseUrl : undefined;
  const base = baseUrl === undefined ? undefined : fileURLToPath(new URL('.', baseUrl));
  const where = base === undefined ? '' : ` of profile "${basename(base)}"`;
  const row = ctx.fiber?.entry?.options?.id ?? NAME;
  const root = ctx.root ?? ctx;
  const first = running.get(root);
  if (first !== undefined) {
    say(log, 'warning', `row "${row}"${where} not loaded: row "${first}" already runs ${NAME}; keep one of the two rows (\`dsh --profile ${base === undefined ? '<name>' : basename(base)} --dump-config\` shows where each comes from)`);
    return;
  }
  running.set(root, row);
  ctx.on('dispose', () => running.get(root) === row && running.delete(root));
  if (base !== undefined && baseUrl !== undefined) {
    const own = join(base, PROFILE_COPY);
    if (existsSync(join(own, 'package.json')) && !declaresOwn(base, own)) {
      say(log, 'warning', `profile "${basename(base)}" ships its own ${NAME} (${PROFILE_COPY}); row "${row}" runs the copy \`dsh plugin add\` installed (${HERE}) in its place, once; to go back to the profile's copy: dsh plugin --profile ${basename(base)} add file:${own}`);
    }
    resolvePeersFrom(baseUrl);
  }
  let plugin;
  try {
    plugin = await import('./lib/index.js');
  } catch (caught) {
    const error = /** @type {{ code?: unknown, message?: unknown }} */ (caught);
    const peer = error?.code === 'ERR_MODULE_NOT_FOUND' ? /Cannot find package '([^']+)'/.exec(String(error.message))?.[1] : undefined;
    if (peer === undefined) throw error;
    say(log, 'error', `not loaded: its peer dependency ${peer} is missing from ${base ?? HERE}`, `${NAME} needs dsh 0.1.0-rc.8, whose install provides ${peer}: install that dsh, then add ${NAME} again`);
    return;
  }
  // The loader checks a row's config against its plugin's Config before
  // apply; this row's plugin is mounted here, so check here: a bad value
  // still stops boot naming the key.
  const { Config } = /** @type {{ Config?: (config: unknown) => unknown }} */ (plugin);
  ctx.plugin(plugin, Config === undefined ? config : Config(config));
}
