// Shared harness of the fork-layer suites: module loading from the assembled
// profile-like tree, scratch directories outside every writable root, and a
// real cordis world (subprocess service, local sandbox provider, policy
// service, confining executors and the fs fence) like the base bundle's.
import { createRequire } from "node:module";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The committed runtime project (`npm ci` installs the pristine rc.8 packages here). */
export const RUNTIME = resolve(here, "../runtime");
/** The assembled profile-like directory: its node_modules holds the forks. */
export const PROFILE = join(RUNTIME, "profile");
/** The fork layer in the repository. */
export const FORKS = resolve(here, "../../../profile/forks/@deepseek-ai");

const fromProfile = createRequire(join(PROFILE, "package.json"));
const fromPristine = createRequire(join(RUNTIME, "package.json"));

/** Where a package specifier resolves from the profile directory. */
export function resolveFromProfile(specifier) {
	return fromProfile.resolve(specifier);
}

/** Import a package as code living in the profile sees it (forks win). */
export function load(specifier) {
	return import(pathToFileURL(fromProfile.resolve(specifier)).href);
}

/** Import a package from the pristine shared install (no forks). */
export function loadPristine(specifier) {
	return import(pathToFileURL(fromPristine.resolve(specifier)).href);
}

/**
 * A fresh scratch root that lies outside `/tmp`, `os.tmpdir()` and the
 * workspace: under `/var/tmp` (or `$HOME` when `/var/tmp` is missing). Both
 * are outside every writable root of a workspace-write probe, so a write there
 * is a real denial under bwrap and Landlock.
 * @returns `{ root, ws, outside, cleanup }`.
 */
export function scratch() {
	const base = pickScratchBase();
	const root = mkdtempSync(join(base, "dsh-forks-"));
	const ws = join(root, "ws");
	const outside = join(root, "outside");
	mkdirSync(ws);
	mkdirSync(outside);
	return {
		root,
		ws,
		outside,
		cleanup: () => rmSync(root, { recursive: true, force: true })
	};
}

/** Whether `path` is `root` or lies beneath it. */
function isWithin(path, root) {
	return path === root || path.startsWith(root.endsWith("/") ? root : `${root}/`);
}

function pickScratchBase() {
	const writableRoots = ["/tmp", tmpdir()].map((root) => {
		try {
			return realpathSync(root);
		} catch {
			return root;
		}
	});
	for (const candidate of ["/var/tmp", homedir()]) {
		try {
			mkdirSync(candidate, { recursive: true });
			const real = realpathSync(candidate);
			if (!writableRoots.some((root) => isWithin(real, root))) return real;
		} catch {}
	}
	throw new Error(`tests/forks: no scratch base outside /tmp and os.tmpdir() (${tmpdir()}); tried /var/tmp and $HOME`);
}

/**
 * A session-shaped object as the policy service reads it: id, immutable cwd
 * header, and the event log that carries `sandbox/mode` switches.
 */
export function fakeSession(id, cwd, mode) {
	return {
		id,
		header: { cwd },
		events: mode === undefined ? [] : [{ type: "sandbox/mode", data: { mode } }],
		append(type, data) {
			this.events.push({ type, data });
		}
	};
}

/** The committed stand-in `pwsh` (pwsh is not installed here): runs the -Command text with bash. */
export const PWSH_STAND_IN = join(here, "pwsh-standin");

/**
 * Copy the stand-in `pwsh` into a scratch root and return its path. It must
 * live outside /tmp: bwrap's private tmpfs would hide it from the confined run.
 */
export function installPwshStandIn(root) {
	const path = join(root, "pwsh");
	copyFileSync(PWSH_STAND_IN, path);
	chmodSync(path, 0o755);
	return path;
}

/** The tool-execution context of one call: with a session's agent, or agentless. */
export function execFor(session) {
	return { ...session === undefined ? {} : { agent: { session } }, callId: "call-1", signal: new AbortController().signal };
}

/**
 * A real cordis world with the forked sandbox stack.
 * @param options.backend - `bwrap` or `landlock`: the provider's Linux chain is pinned to that one rung.
 * @param options.mode - the policy service's deployment default mode.
 * @param options.ws - the workspace root.
 * @param options.pwshPath - when set, the pwsh executor replaces the bash one as `ctx.shell`.
 * @param options.pristine - load every package from the pristine install (the upstream baseline).
 */
export async function makeWorld({ backend = "bwrap", mode = "self-checking", ws, pwshPath, withFs = false, pristine = false }) {
	const importPackage = pristine ? loadPristine : load;
	const { Context } = await importPackage("@deepseek-ai/cordis");
	const SubprocessLocal = (await importPackage("@deepseek-ai/dsh-subprocess-local")).default;
	const { LocalSandboxProvider } = await importPackage("@deepseek-ai/dsh-sandbox-local");
	const { SandboxPolicyService } = await importPackage("@deepseek-ai/dsh-sandbox-policy");
	const ctx = new Context();
	ctx.provide("systemPrompt");
	const contexts = [];
	ctx.set("systemPrompt", { context: (def) => contexts.push(def), section: () => {} });
	await ctx.plugin(SubprocessLocal);
	await ctx.plugin(LocalSandboxProvider, LocalSandboxProvider.Config({}));
	ctx.sandbox.internals.chain = [backend];
	await ctx.plugin(SandboxPolicyService, SandboxPolicyService.Config({ mode, workspaceRoot: ws }));
	if (pwshPath === undefined) {
		const { SandboxBashExecutor } = await importPackage("@deepseek-ai/dsh-bash-sandbox");
		await ctx.plugin(SandboxBashExecutor, SandboxBashExecutor.Config({ cwd: ws, timeoutMs: 20000 }));
	} else {
		const { SandboxPwshExecutor } = await importPackage("@deepseek-ai/dsh-pwsh-sandbox");
		await ctx.plugin(SandboxPwshExecutor, SandboxPwshExecutor.Config({ cwd: ws, timeoutMs: 20000, pwshPath }));
	}
	if (withFs) {
		const { SandboxedFileSystem } = await importPackage("@deepseek-ai/dsh-fs-sandbox");
		await ctx.plugin(SandboxedFileSystem, SandboxedFileSystem.Config({ cwd: ws }));
	}
	return {
		ctx,
		contexts,
		/** The resolved policy of a call: with a session, or agentless. */
		policy: (session) => ctx.sandboxPolicy.resolve(session === undefined ? {} : { session }),
		/** Run one foreground command as the tool layer would. */
		run: (command, { session, workdir, timeoutMs } = {}) => ctx.shell.run(ctx.shell.resolve({
			command,
			...workdir === undefined ? {} : { workdir },
			...timeoutMs === undefined ? {} : { timeoutMs },
			sandboxPolicy: ctx.sandboxPolicy.resolve(session === undefined ? {} : { session })
		})),
		/** Start one background command and wait for it to settle. */
		background: async (command, { session, workdir } = {}) => {
			const proc = ctx.shell.start(ctx.shell.resolve({
				command,
				...workdir === undefined ? {} : { workdir },
				sandboxPolicy: ctx.sandboxPolicy.resolve(session === undefined ? {} : { session })
			}));
			await proc.done;
			return proc;
		},
		/** Start one background command, `job_kill` it after `afterMs`, and wait for it to settle. */
		backgroundKilled: async (command, { session, afterMs = 400 } = {}) => {
			const proc = ctx.shell.start(ctx.shell.resolve({ command, sandboxPolicy: ctx.sandboxPolicy.resolve(session === undefined ? {} : { session }) }));
			await new Promise((resolve) => setTimeout(resolve, afterMs));
			if (!proc.kill()) throw new Error(`the background command settled before the kill: ${command}`);
			await proc.done;
			return proc;
		},
		dispose: () => ctx.registry.get(ctx.runtime?.plugin)?.dispose?.()
	};
}
