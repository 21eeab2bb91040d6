import { resolve } from "node:path";
import { Service } from "@deepseek-ai/cordis";
import z from "@deepseek-ai/schemastery";
import { canonicalPath } from "@deepseek-ai/dsh-sandbox";
//#region lib/types/session-mode.js
/**
* Per-session sandbox-mode override: the session log as the store. A runtime
* switch (a UI policy control or test scenario) is recorded as one
* `sandbox/mode` event on the session it applies to;
* `effective = fold(events) ?? the deployment default`, so an override
* survives restart by replay, two sessions can never see each other's state,
* and there is no external config store. The event is log-only (the
* `approval/*` precedent): the policy owner projects the fold into each model
* request, while enforcing tools report operation-specific boundary markers.
* EXECUTION honors the same fold through `ctx.sandboxPolicy.resolve()` — it
* stamps the mode together with the calling session's workspace root onto each
* capability call, weakest-precedence beneath an escalation grant.
*
* The override is policy state shared by every enforcing family (bash and
* filesystem alike), so it lives here in the policy package rather than in any
* one capability's seam.
*
* @module dsh-sandbox-policy/session-mode
*/
/** Every {@link SandboxMode}, for option advertisement and runtime validation of untrusted mode strings. */
const SANDBOX_MODES = [
	"read-only",
	"workspace-write",
	"self-checking",
	"danger-full-access"
];
/**
* The session's sandbox-mode override: the last `sandbox/mode` event in the
* log, or undefined when the session never switched (callers apply the
* deployment default). The pure fold — resume needs no catch-up machinery
* because replaying the log IS the state.
* @param events - session events in log order (other event types are skipped).
* @returns the mode of the last switch event, or undefined without one.
*/
function effectiveSandboxMode(events) {
	for (let index = events.length - 1; index >= 0; index -= 1) {
		const event = events[index];
		if (event.type === "sandbox/mode") return event.data.mode;
	}
}
/**
* THE write path for a session's sandbox-mode override: appends exactly one
* `sandbox/mode` event — the switch IS its event; nothing mutates mode state
* out of band. Takes effect on the session's next confined call (bash or fs)
* — the consumers fold on every read.
* @param session - the session the override belongs to.
* @param mode - the mode every subsequent confined call in this session runs
*   under (until the next switch).
*/
function setSandboxMode(session, mode) {
	session.append("sandbox/mode", { mode });
}
//#endregion
//#region lib/types/self-check-gate.js
/**
* The `self-checking` per-session gate: which intercepted (or failed) calls a
* session may now repeat with full access. In memory only — a server restart
* resets it — and dropped when the session is disposed. Keys are structured
* and kept in separate stores per kind: a shell key is (family, run, canonical
* workdir, exact command) and a file key is (canonical target), so a file
* grant can never unlock a command, nor a command in another directory, nor a
* foreground grant a background run.
*
* @module dsh-sandbox-policy/self-check-gate
*/
/** The shell families whose commands the gate records. */
const SELF_CHECK_SHELL_FAMILIES = ["bash", "pwsh"];
/** The two ways a shell command runs; a grant for one never unlocks the other. */
const SELF_CHECK_SHELL_RUNS = ["foreground", "background"];
/**
* Validate one structured gate key and return its store and member.
* @param key - `{ kind: "shell", family, run, workdir, command }` or `{ kind: "fs", target }`.
* @returns the store name and the member within that store.
*/
function selfCheckSlot(key) {
	if (key?.kind === "fs" && typeof key.target === "string" && key.target.length > 0) return {
		store: "fs",
		member: key.target
	};
	if (key?.kind === "shell" && SELF_CHECK_SHELL_FAMILIES.includes(key.family) && SELF_CHECK_SHELL_RUNS.includes(key.run) && typeof key.workdir === "string" && typeof key.command === "string") return {
		store: "shell",
		member: JSON.stringify([
			key.family,
			key.run,
			key.workdir,
			key.command
		])
	};
	throw new Error(`invalid self-check gate key: ${JSON.stringify(key)}`);
}
var SelfCheckGate = class {
	/** Per session id: one store of file targets, one of shell tuples. */
	sessions = /* @__PURE__ */ new Map();
	has(sessionId, key) {
		const { store, member } = selfCheckSlot(key);
		return this.sessions.get(sessionId)?.[store].has(member) === true;
	}
	add(sessionId, key) {
		const { store, member } = selfCheckSlot(key);
		let entry = this.sessions.get(sessionId);
		if (entry === void 0) {
			entry = {
				fs: /* @__PURE__ */ new Set(),
				shell: /* @__PURE__ */ new Set()
			};
			this.sessions.set(sessionId, entry);
		}
		entry[store].add(member);
	}
	forget(sessionId) {
		this.sessions.delete(sessionId);
	}
};
//#endregion
//#region lib/types/index.js
/**
* The sandbox POLICY home (`ctx.sandboxPolicy`): the single owner of the
* deployment's sandbox fallbacks plus per-session resolution: the file-effect
* {@link SandboxMode}, the `workspace-write` root, and the override kit (the
* `sandbox/mode` event, its fold, and its write path, from `./session-mode.ts`).
* Before each agent request, the owner also contributes the resolved policy to
* the cache-safe runtime-context snapshot. The agent loop logs that snapshot as
* model history, so replay reconstructs the same mode and root the enforcing
* consumers resolve without rewriting the stable system prompt.
*
* Enforcing filesystem, one-shot bash, and terminal backends read the SAME
* resolved policy here. The context describes that policy without inventorying
* capabilities, while each backend retains its own enforcement dialect and each
* tool owns its operation-specific denial and escalation guidance. The service
* reads session state once at each operation boundary; executors and providers
* remain session-free.
*
* @module @deepseek-ai/dsh-sandbox-policy
*/
/** Resolve filesystem identity before lexical normalization can erase symlink-sensitive components. */
function resolveWorkspaceRoot(path) {
	return resolve(canonicalPath(path));
}
/** Render the policy without claiming which capabilities are mounted. */
function renderPolicyContext(policy) {
	switch (policy.mode) {
		case "read-only": return "Current DSH file policy: read-only. Any available operation enforced by the DSH file sandbox cannot modify files in the standing mode. Do not refuse a required modification from this policy alone: try an available tool normally and follow any denial and escalation guidance it returns.";
		case "workspace-write": return `Current DSH file policy: workspace-write. Any available operation enforced by the DSH file sandbox may modify files under the session workspace: ${JSON.stringify(policy.workspaceRoot)}. Some platform temporary areas may also be writable.`;
		case "self-checking": return `Current DSH file policy: self-checking (full access with a workspace boundary check). Every command and file modification first runs, or is checked, confined to the session workspace: ${JSON.stringify(policy.workspaceRoot)} (plus some platform temporary areas). When one touches a path outside the workspace, it is intercepted once and its result says so: an intercepted command has already run confined (its other effects happened), an intercepted file operation wrote nothing. If that outside access was not intended, do not repeat it and fix the command or path instead. If it is intended, repeat the exact same command (same working directory, same foreground or background run) or file operation: it then runs with full access and no approval prompt, and that grant lasts for this session. A command that failed under confinement with a permission-like error gets a self-check failed notice and the same choice: leave it, or repeat it exactly to retry it with full access. Other file-operation failures are never unlocked by repeating them.`;
		case "danger-full-access": return "Current DSH file policy: danger-full-access. The DSH file sandbox does not restrict file modifications by available operations.";
		/* v8 ignore next 4 -- SandboxMode is a typed same-process closed union; this branch is only the static exhaustiveness guard. */
		default: {
			const mode = policy.mode;
			throw new Error(`unreachable sandbox mode: ${String(mode)}`);
		}
	}
}
/**
* The sandbox-policy service (`ctx.sandboxPolicy`). Owns the deployment
* default mode, fallback workspace root, and current request-time policy
* section. Tool layers call {@link resolve} for each execution so a session's
* mode log and immutable cwd travel together to every enforcing capability.
*/
var SandboxPolicyService = class extends Service {
	static Config = z.object({
		mode: z.union([
			"read-only",
			"workspace-write",
			"self-checking",
			"danger-full-access"
		]).default("read-only"),
		workspaceRoot: z.string()
	});
	/** The deployment default mode — the fallback beneath a session override. */
	defaultMode;
	/** The absolute `workspace-write` fallback root for calls without a session cwd. */
	workspaceRoot;
	/** The `self-checking` grants of live sessions (in memory; see {@link SelfCheckGate}). */
	selfCheckGate = new SelfCheckGate();
	constructor(ctx, config) {
		super(ctx, "sandboxPolicy");
		this.defaultMode = config.mode;
		this.workspaceRoot = resolveWorkspaceRoot(config.workspaceRoot ?? process.cwd());
		ctx.on("session/disposed", (session) => {
			this.selfCheckGate.forget(session.id);
		});
		ctx.inject(["systemPrompt"], (scope) => {
			scope.systemPrompt.context({
				name: "sandbox:policy",
				order: 110,
				text: (context) => {
					const session = context.agent?.session;
					return session === void 0 ? "" : renderPolicyContext(this.resolve({ session }));
				}
			});
		});
	}
	/**
	* Resolve the complete policy for one capability call. An approved explicit
	* mode outranks the session's last `sandbox/mode` event, which outranks the
	* deployment default. A session cwd is its workspace-write boundary; the
	* configured root is the fallback for agentless calls and sessions without a
	* cwd.
	* @param request - optional session and approved mode override.
	* @returns the fully resolved per-call mode and absolute workspace root.
	*/
	resolve(request = {}) {
		const { session } = request;
		return {
			mode: request.mode ?? (session === void 0 ? void 0 : this.overrideOf(session)) ?? this.defaultMode,
			workspaceRoot: resolveWorkspaceRoot(session?.header.cwd ?? this.workspaceRoot),
			...session === void 0 ? {} : { sessionId: session.id }
		};
	}
	/**
	* Read the session override without applying the deployment default.
	* @param session - session whose log supplies the override.
	* @returns the last logged mode, or `undefined` without one.
	*/
	overrideOf(session) {
		return effectiveSandboxMode(session.events);
	}
	/**
	* Whether this `self-checking` call may run with full access: its session
	* recorded the same structured key earlier. Consulted only while the call's
	* mode is `self-checking`; agentless calls (no session id) never unlock.
	* @param policy - the call's resolved policy.
	* @param key - the structured gate key (see {@link SelfCheckGate}).
	* @returns whether the call is unlocked.
	*/
	selfCheckGranted(policy, key) {
		if (policy.mode !== "self-checking" || policy.sessionId === void 0) return false;
		return this.selfCheckGate.has(policy.sessionId, key);
	}
	/**
	* Record an intercepted or failed `self-checking` call so its identical
	* re-run in the same session runs with full access. Agentless calls are
	* never recorded (they fail closed as plain workspace-write denials).
	* @param policy - the call's resolved policy.
	* @param key - the structured gate key (see {@link SelfCheckGate}).
	* @returns whether a grant was recorded — callers show a self-check notice only then.
	*/
	recordSelfCheck(policy, key) {
		if (policy.mode !== "self-checking" || policy.sessionId === void 0) return false;
		this.selfCheckGate.add(policy.sessionId, key);
		return true;
	}
};
//#endregion
export { SANDBOX_MODES, SandboxPolicyService, SandboxPolicyService as default, effectiveSandboxMode, setSandboxMode };
