import { Service } from "@deepseek-ai/cordis";
import { HarnessError, assertNever } from "@deepseek-ai/dsh-llm";
import { accessSync, constants, existsSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve, sep } from "node:path";
//#region lib/types/escalation.js
/**
* The escalation vocabulary and choreography shared by every sandbox-enforcing
* tool family (`@deepseek-ai/dsh-tool-bash`, `@deepseek-ai/dsh-tool-fs`): the
* strictly-wider ladder, the argument-pairing validation, the model-facing
* denial/hint markers, and {@link approveEscalation} — the ordered fail-closed
* sequence that resolves a `sandbox_permissions` request through a
* user-approval channel BEFORE anything executes. One home keeps the two
* families' approval ordering and verbatim error texts from drifting apart.
*
* The channel is a minimal STRUCTURAL function shape ({@link EscalationAsk}),
* not the approval service type: the tool layer — which owns the agent, the
* call id, and the tool name — closes over `ctx.approval.request(...)` and
* hands the closure down, so this package never depends on the approval or
* agent packages.
*
* @module dsh-sandbox/escalation
*/
/**
* The strictly-wider table: what a call whose effective mode is the key may
* escalate TO. Checked at EXECUTION, never baked into a tool schema — the
* schema's enum is {@link ESCALATION_TARGETS}, because schemas are
* registry-global while the effective mode is per-call truth.
*/
const WIDER_MODES = {
	"read-only": ["workspace-write", "danger-full-access"],
	"workspace-write": ["danger-full-access"],
	"self-checking": ["danger-full-access"]
};
/**
* The closed escalation-target vocabulary — every mode a call could ever
* escalate TO (`read-only` is the floor; nothing escalates to it). Advertised
* whenever the mounted capability confines: cutting the enum down to the modes
* wider than the composition's DEFAULT would strand a session whose effective
* mode sits below it (a `danger-full-access` default would advertise nothing
* while a narrower-switched session stays confined with no lever).
* `self-checking` is deliberately NOT a target: its unlock is the plain
* identical re-run in the standing mode, so a one-shot escalation TO it would
* approve nothing the re-run does not already give.
*/
const ESCALATION_TARGETS = ["workspace-write", "danger-full-access"];
/**
* Validate the escalation argument pairing a tool schema cannot express:
* `sandbox_permissions` and `justification` travel together — an approval
* prompt without a reason, or a reason driving nothing, is a malformed ask —
* and the justification must be a non-empty sentence.
* @param sandboxPermissions - the raw `sandbox_permissions` argument, if given.
* @param justification - the raw `justification` argument, if given.
*/
function validateEscalationArgs(sandboxPermissions, justification) {
	if (sandboxPermissions !== void 0 && justification === void 0) throw new Error("invalid escalation: sandbox_permissions requires a justification");
	if (justification !== void 0 && sandboxPermissions === void 0) throw new Error("invalid escalation: justification is only valid together with sandbox_permissions");
	if (justification !== void 0 && justification.trim().length === 0) throw new Error("invalid justification: expected a non-empty sentence");
}
/**
* The model-facing denial marker — the one vocabulary both enforcing families
* teach and report, so the model recognizes a policy denial identically
* whether the kernel refused a bash file effect or the filesystem provider's
* fence refused a mutation.
* @param mode - the mode the denied call ran under.
* @returns the marker line, exactly as the model sees it.
*/
function sandboxDenialMarker(mode) {
	return `[sandbox: file access denied under ${mode} mode]`;
}
/**
* The same-turn escalation hint that rides a denial when the composition
* advertises the escalation fields — the nudge lives at the decision point so
* the sanctioned retry does not depend on the model recalling the tool
* description.
* @param subject - the family's noun for the denied action (`command` for
*   bash, `operation` for a filesystem mutation).
* @returns the hint line, exactly as the model sees it.
*/
function escalationHintMarker(subject) {
	return `[sandbox: escalation available — retry this exact ${subject} once with sandbox_permissions (the narrowest wider mode that suffices) + justification; the approval prompt asks the user]`;
}
/**
* The `self-checking` interception notice for a command: its confined probe was
* refused for a path outside the workspace and the session recorded a grant.
* Replaces {@link sandboxDenialMarker} and {@link escalationHintMarker}.
* @returns the notice line, exactly as the model sees it.
*/
function selfCheckInterceptedMarker() {
	return "[sandbox: self-check intercepted — this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be allowed with full access]";
}
/**
* The `self-checking` failure notice for a command: its confined probe failed
* with permission-like evidence and the session recorded a grant. Never shown
* where nothing was recorded (an agentless call cannot be retried).
* @returns the notice line, exactly as the model sees it.
*/
function selfCheckFailedMarker() {
	return "[sandbox: self-check failed — this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be retried with full access]";
}
/**
* The `self-checking` interception notice for a file mutation, naming the
* canonical target: the place that is outside the workspace. A path written
* through a workspace symlink (`<ws>/link/f.txt`) looks inside, so naming it
* alone would contradict "outside the workspace"; it is added, labelled, when
* it differs from the target. Unlike a command, nothing was executed: the
* fence refused before writing.
* @param target - the canonical target (symlinks resolved).
* @param written - the path as the model spelled it (resolved for display).
* @returns the notice line, exactly as the model sees it.
*/
function selfCheckFsInterceptedMarker(target, written = target) {
	const named = written === target ? JSON.stringify(target) : `${JSON.stringify(target)} (resolved from ${JSON.stringify(written)})`;
	return `[sandbox: self-check intercepted — this file operation targets ${named}, which is outside the workspace; nothing was written; unless writing there is intentional, do not repeat it — if it IS intentional, repeat the exact same operation and it will be allowed with full access]`;
}
/**
* Resolve a sandbox-escalation request BEFORE anything executes: check strict
* widening against the call's effective mode, then resolve the approval
* channel, then map every outcome — the ordered fail-closed sequence both
* enforcing families share. Returns the granted mode to stamp onto exactly
* this call; throws the distinct verbatim text for every other path (a
* non-widening request, a missing approval service, an agent-less execution,
* a rejection, a cancellation, an unanswerable ask) — the tool registry turns
* the throw into the call's isError result, and nothing has run. A
* non-widening request never prompts a human.
* @param request - the escalation to judge (see {@link EscalationRequest}).
* @param approval - the approval ingredients the tool holds (see {@link EscalationApproval}).
* @returns the granted mode, consumed by the one call that asked.
*/
async function approveEscalation(request, approval) {
	const { requestedMode: mode, effectiveMode, justification, subject } = request;
	if (!(WIDER_MODES[effectiveMode] ?? []).includes(mode)) throw new Error(`sandbox escalation to "${mode}" is not strictly wider than this call's current "${effectiveMode}" mode`);
	if (approval.approver === void 0) throw new Error(`sandbox escalation to "${mode}" requires approval, but no approval service is composed`);
	if (approval.agent === void 0) throw new Error(`sandbox escalation to "${mode}" requires approval, but the call has no agent to route it through`);
	const outcome = await approval.approver.request({
		agent: approval.agent,
		toolName: approval.toolName,
		callId: approval.callId,
		reason: `escalate sandbox to ${mode}: ${justification}`,
		...approval.signal ? { signal: approval.signal } : {}
	});
	switch (outcome) {
		case "allowed-once": return mode;
		case "rejected": throw new Error(`the user rejected escalating this ${subject} to "${mode}"`);
		case "cancelled": throw new Error(`approval for escalating to "${mode}" was cancelled`);
		case "unavailable": throw new Error(`sandbox escalation to "${mode}" requires approval, but no approval channel is available`);
		default: return assertNever(outcome, "EscalationOutcome");
	}
}
//#endregion
//#region lib/types/roots.js
/**
* The writable-root derivation shared by every enforcement dialect that
* expresses a mode as a canonical allow-list: `workspace-write` means "the
* workspace root plus the platform temp areas", and this module is that
* meaning's one home. The Seatbelt profile
* (`@deepseek-ai/dsh-sandbox-local`) and the in-process filesystem fence
* (`@deepseek-ai/dsh-fs-sandbox`) both derive their allow-list here, so "the
* write tool cannot write /tmp but bash can" asymmetries cannot arise between
* them. The bwrap and Landlock dialects keep their own grant spellings (an
* ephemeral `/tmp` mount, launcher-owned flags) — the honest per-runner
* differences recorded in the sandbox RFC — with parity pinned by test.
*
* @module dsh-sandbox/roots
*/
/**
* Resolve a granted root to the path the enforcement layer actually compares:
* canonical (symlinks resolved), because both Seatbelt filters and the fs
* fence's containment check match resolved paths — `/tmp` IS `/private/tmp`
* on darwin, and an as-spelled grant would match nothing.
* @param path - the root as configured or platform-reported.
* @returns the canonical path, or the spelling as-is when resolution fails
*   (a missing root matches nothing until it exists — the conservative
*   outcome; inventing a fallback would grant a path the caller never named).
*/
function canonicalPath(path) {
	try {
		return realpathSync.native(path);
	} catch {
		return path;
	}
}
/**
* The roots one confined execution may WRITE under — the mode's meaning as a
* canonical, deduplicated allow-list. `read-only` allows nothing;
* `workspace-write` allows the policy's workspace root, the host `/tmp`, and
* the per-user platform temp dir (`os.tmpdir()` — the real temp area for
* mkstemp-family tools; omitting it would deny what the mode promises).
* `self-checking` probes every call under workspace-write, so it shares the
* workspace-write allow-list.
* @param policy - the file-effect policy to derive the allow-list from.
* @returns the canonical writable roots; empty exactly under `read-only`.
*/
function writableRoots(policy) {
	if (policy.mode !== "workspace-write" && policy.mode !== "self-checking") return [];
	return [...new Set([
		policy.workspaceRoot,
		"/tmp",
		tmpdir()
	].map(canonicalPath))];
}
//#endregion
//#region lib/types/self-check.js
/**
* The `self-checking` mode's shared judgement ("full access with a workspace
* boundary check"): every shell probe runs under workspace-write, and a failed
* probe is classified here so the bash and pwsh executors cannot drift. An
* interception needs a denial-signature line naming a path outside the
* writable roots (the fs fence's containment, synchronously); any other failure
* unlocks only with permission-like evidence (EACCES/EPERM/EROFS, or a host
* `/tmp` path hidden by bwrap's private tmpfs), so a grep without a match or
* an `ls` of a missing path never nudges the model toward full access. An
* EACCES the host's own permissions explain, on a path the backend grants
* (`./build.sh` without its execute bit), is ordinary: no notice, no grant,
* no denial marker, although Landlock reports its denials with the same errno.
*
* @module dsh-sandbox/self-check
*/
/** Stderr texts that count as permission-like evidence for the "failed" unlock. */
const PERMISSION_EVIDENCE = [
	"permission denied",
	"operation not permitted",
	"read-only file system",
	"access is denied",
	"access to the path",
	"eacces",
	"eperm",
	"erofs"
];
/** Stderr texts of an EACCES refusal: perror, Node/npm, PowerShell. */
const EACCES_TEXTS = [
	"permission denied",
	"eacces",
	"access is denied",
	"access to the path"
];
/** A quoted span on a diagnostic line (ASCII quotes, backticks, GNU's ‘…’). */
const QUOTED_SPAN = /[‘'"`]([^‘’'"`\r\n]+)[’'"`]/gu;
/** An unquoted word that spells a path: absolute, drive-rooted, or explicitly relative. */
const PATH_WORD = /^(?:\/|[A-Za-z]:[\\/]|\.\.?[\\/])/u;
/** A bare relative operand (`link/f.txt`, `out.txt`): one word with a separator or a dot. */
const BARE_OPERAND = /^[^\s]*[\\/.][^\s]*$/u;
/**
* The confinement a `self-checking` call probes under: the same policy as
* `workspace-write` (same root, same session).
* @param policy - the call's resolved policy.
* @returns the workspace-write probe policy.
*/
function selfCheckProbePolicy(policy) {
	return {
		...policy,
		mode: "workspace-write"
	};
}
/** Canonicalize a possibly-missing path: the deepest existing ancestor resolved, the missing suffix kept. */
function canonicalTarget(path) {
	const missing = [];
	let ancestor = path;
	while (true) {
		try {
			return join(realpathSync.native(ancestor), ...missing);
		} catch {
			const parent = dirname(ancestor);
			if (parent === ancestor) return path;
			missing.unshift(basename(ancestor));
			ancestor = parent;
		}
	}
}
function statIfPresentSync(path) {
	try {
		return statSync(path, { bigint: true });
	} catch {
		return void 0;
	}
}
function isLexicallyUnderRoot(path, root) {
	return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
/**
* Whether `path` lies under a root a workspace-write probe of `policy` may
* write: canonical lexical containment first, filesystem identity of the
* existing ancestors as the fallback (the fs fence's containment, synchronous
* because background settlement classifies synchronously).
* @param path - absolute path, possibly missing.
* @param policy - the call's resolved policy (its workspace root counts).
* @returns whether the path is a writable root or lies beneath one.
*/
function isUnderWritableRoots(path, policy) {
	return isUnderRoots(path, writableRoots(selfCheckProbePolicy(policy)));
}
/** Whether `path` (possibly missing) is one of the canonical `roots` or lies beneath one; see {@link isUnderWritableRoots}. */
function isUnderRoots(path, roots) {
	const target = canonicalTarget(path);
	for (const root of roots) {
		if (isLexicallyUnderRoot(target, root)) return true;
		const rootInfo = statIfPresentSync(root);
		if (rootInfo === void 0) continue;
		for (let ancestor = target;; ancestor = dirname(ancestor)) {
			const info = statIfPresentSync(ancestor);
			if (info !== void 0 && info.dev === rootInfo.dev && info.ino === rootInfo.ino) return true;
			if (dirname(ancestor) === ancestor) break;
		}
	}
	return false;
}
/**
* The paths one diagnostic line names, resolved against the command's workdir
* (`touch: cannot touch '../x'`, `bash: /x: Read-only file system`,
* `PermissionError: [Errno 13] Permission denied: '/x'`). A `: `-separated
* segment that starts with a path is one path, spaces included (`bash: /my
* project/x: …`); a one-word segment before the reason is the perror-style
* operand even when bare relative (`bash: line 1: link/f.txt: …`). The
* reporting shell or script before a script location (`/bin/sh: 1: …`,
* `/opt/run.sh: line 3: …`) is skipped: it is where the error was reported,
* not what was refused.
* @param line - one stderr line.
* @param workdir - the directory the command ran in.
* @returns absolute paths, possibly empty.
*/
function diagnosticPaths(line, workdir) {
	const spelled = [];
	for (const match of line.matchAll(QUOTED_SPAN)) spelled.push(match[1]);
	const segments = line.replace(QUOTED_SPAN, " ").split(/:\s/u).map((segment) => segment.trim());
	segments.forEach((segment, index) => {
		if (index === 0 && isScriptLocation(segments[1])) return;
		if (PATH_WORD.test(segment)) spelled.push(segment.replace(/[,;:]+$/u, ""));
		else if (index > 0 && index < segments.length - 1 && BARE_OPERAND.test(segment)) spelled.push(segment);
		else for (const word of segment.split(/\s+/u)) if (PATH_WORD.test(word)) spelled.push(word.replace(/[,;:]+$/u, ""));
	});
	return spelled.filter((path) => path.trim().length > 0).map((path) => resolve(workdir, path));
}
/**
* Whether a diagnostic's second segment is a shell's script location (`line
* 3` from bash, `1` from dash): the first segment is then the reporting shell
* or script (`/bin/sh: 1: ./build.sh: Permission denied`), not an operand.
*/
function isScriptLocation(segment) {
	return segment !== void 0 && /^(?:line )?\d+$/u.test(segment);
}
/** A host `/tmp` path that bwrap's private tmpfs hid (it, or its non-`/tmp` parent, exists on the host). */
function isHiddenHostTmpPath(path) {
	if (path === "/tmp" || !isLexicallyUnderRoot(path, "/tmp")) return false;
	return existsSync(path) || dirname(path) !== "/tmp" && existsSync(dirname(path));
}
/**
* The roots where the Linux backends really let a workspace-write probe do
* everything, so an EACCES there cannot be theirs: the workspace (bwrap binds
* it, Landlock grants it all rights) and /tmp. `os.tmpdir()` elsewhere is a
* writable root for the fs fence and Seatbelt but the Linux backends deny it,
* so it stays a sandbox-denied location. Under bwrap's private tmpfs the host
* cannot testify about the probe's /tmp, so only the workspace counts there.
* @param policy - the call's resolved policy.
* @param privateTmp - whether the backend hid the host /tmp (bwrap).
*/
function grantedProbeRoots(policy, privateTmp) {
	const roots = privateTmp ? [policy.workspaceRoot] : [policy.workspaceRoot, "/tmp"];
	return [...new Set(roots.map(canonicalPath))];
}
/** The errno code `access(2)` reports for `path` and `mode`, undefined when allowed. */
function accessErrorCode(path, mode) {
	try {
		accessSync(path, mode);
		return void 0;
	} catch (error) {
		return error?.code ?? "EIO";
	}
}
/**
* Whether the host's own permissions refuse `path` to this user: an existing
* path lacks a read, write or execute permission (a script without its
* execute bit, a file without read permission), or the nearest existing
* ancestor of a missing path cannot be written or searched. Such an EACCES
* would happen unconfined too, so it is no sign of the sandbox.
*/
function hostRefuses(path) {
	let bits = [constants.R_OK, constants.W_OK, constants.X_OK];
	for (let probe = path;; probe = dirname(probe)) {
		const codes = bits.map((mode) => accessErrorCode(probe, mode));
		if (!codes.includes("ENOENT")) return codes.includes("EACCES");
		if (dirname(probe) === probe) return false;
		bits = [constants.W_OK, constants.X_OK];
	}
}
/**
* Whether one diagnostic line is an ordinary EACCES, not a sandbox refusal:
* every path it names lies under a root the backend grants (so the sandbox
* refused none of them), and the host's own permissions refuse at least one
* (PowerShell also names the working directory, which is fine). The errno
* text alone cannot decide it (Landlock denies with EACCES too), and a
* relative path may have been resolved against a directory the command
* `cd`'d away from, which the host check catches (a missing file there is not
* refused).
*/
function isOrdinaryRefusal(lowered, paths, roots) {
	if (!EACCES_TEXTS.some((text) => lowered.includes(text))) return false;
	return paths.every((path) => isUnderRoots(path, roots)) && paths.some(hostRefuses);
}
/** The highest signal number a 128+N exit status can report (Linux SIGRTMAX). */
const MAX_SIGNAL = 64;
/**
* Whether an exit status is 128+N: how a shell reports a child's death by
* signal N, and how bwrap reports its confined command's (the signal itself
* never reaches the caller under bwrap, unlike under Landlock).
*/
function isSignalExitStatus(exitCode) {
	return exitCode > 128 && exitCode <= 128 + MAX_SIGNAL;
}
/**
* Judge one settled `self-checking` probe. Only a real non-zero exit counts:
* timeouts, signal deaths (a signal, or a 128+N status), aborts and kills
* never unlock, and an exit 0 that merely mentions a denial on stderr stays a
* success.
* @param outcome - the probe's exit facts and collected stderr text.
* @param facts - the wrap's denial signatures, the command's workdir and its policy.
* @returns `"intercepted"` (a denied path outside the writable roots),
*   `"failed"` (other permission-like evidence), `"ordinary"` (the only
*   permission-like lines are EACCES refusals the host's own permissions
*   explain inside the granted roots: not the sandbox's doing, so no denial
*   either), or undefined (a plain result).
*/
function classifySelfCheck(outcome, facts) {
	const { exitCode, signal, stderr } = outcome;
	if (outcome.timedOut === true || outcome.aborted === true || signal !== null || exitCode === null || exitCode === 0 || isSignalExitStatus(exitCode)) return void 0;
	const signatures = facts.denialSignatures.map((signature) => signature.toLowerCase()).filter((signature) => signature.trim().length > 0);
	const privateTmp = signatures.includes("read-only file system");
	const granted = grantedProbeRoots(facts.policy, privateTmp);
	let evidence = false;
	let ordinary = false;
	for (const line of stderr.split(/\r?\n/u)) {
		const lowered = line.toLowerCase();
		const denial = signatures.some((signature) => lowered.includes(signature));
		if (denial && diagnosticPaths(line, facts.workdir).some((path) => !isUnderWritableRoots(path, facts.policy))) return "intercepted";
		if (denial || PERMISSION_EVIDENCE.some((text) => lowered.includes(text))) {
			if (isOrdinaryRefusal(lowered, diagnosticPaths(line, facts.workdir), granted)) ordinary = true;
			else evidence = true;
		} else if (privateTmp && lowered.includes("no such file or directory") && diagnosticPaths(line, facts.workdir).some(isHiddenHostTmpPath)) evidence = true;
	}
	if (evidence) return "failed";
	return ordinary ? "ordinary" : void 0;
}
/**
* The `self-checking` gate facts of one shell call, shared by the bash and
* pwsh executors: its structured key (family, foreground or background,
* canonical workdir, exact command) and whether its session already unlocked
* it. Undefined outside `self-checking`.
* @param gate - the session gate (`ctx.sandboxPolicy`).
* @param spec - the call's `sandboxPolicy`, `workdir` and `command`.
* @param family - `"bash"` or `"pwsh"`.
* @param run - `"foreground"` or `"background"`.
*/
function selfCheckShellGate(gate, spec, family, run) {
	const policy = spec.sandboxPolicy;
	if (policy.mode !== "self-checking") return void 0;
	const key = {
		kind: "shell",
		family,
		run,
		workdir: canonicalPath(spec.workdir),
		command: spec.command
	};
	return {
		policy,
		key,
		granted: gate.selfCheckGranted?.(policy, key) === true
	};
}
/**
* Classify a settled `self-checking` shell probe and record its grant. The
* notice flags are returned only when a grant was really recorded, so an
* agentless call (nothing recorded) keeps the plain workspace-write denial.
* An ordinary EACCES records nothing and clears the executor's `denied` (the
* Landlock signature matched it): the model sees the plain result, agentless
* or not, because the sandbox refused nothing.
* @param gate - the session gate (`ctx.sandboxPolicy`).
* @param selfCheck - what {@link selfCheckShellGate} returned for the call.
* @returns `{ intercepted: true }`, `{ failed: true }`, `{ denied: false }`, or `{}`.
*/
function recordSelfCheckShell(gate, selfCheck, outcome, denialSignatures, workdir) {
	if (selfCheck === void 0) return {};
	const verdict = classifySelfCheck(outcome, {
		denialSignatures,
		workdir,
		policy: selfCheck.policy
	});
	if (verdict === "ordinary") return { denied: false };
	if (verdict === void 0 || gate.recordSelfCheck?.(selfCheck.policy, selfCheck.key) !== true) return {};
	return { [verdict]: true };
}
//#endregion
//#region lib/types/index.js
/**
* Service Definition for the same-world process-confinement capability seam: wrap exact subprocess argv under a
* host-path file policy. Containers, microVMs, and remote execution replace the
* surrounding capability seam instead; this service shares the host kernel and filesystem.
* @module @deepseek-ai/dsh-sandbox
*/
/**
* Error code for a requested confined mode when no backend is usable. The
* provider fails closed, and `HarnessError` carries the code through
* `tool/result` so callers can distinguish missing confinement from command
* failure.
*/
const SANDBOX_UNAVAILABLE = "SANDBOX_UNAVAILABLE";
/**
* Thrown when {@link SandboxProvider.confine} cannot enforce the requested
* mode. Carries {@link SANDBOX_UNAVAILABLE} through the structured error
* channel.
*/
var SandboxUnavailableError = class extends HarnessError {
	constructor(mode, detail) {
		super(`sandbox mode "${mode}" is requested but no sandbox backend is usable on this host; refusing to run the command unconfined. Install bubblewrap or run a Landlock-enforcing kernel (Linux), ensure sandbox-exec is usable (macOS), or ensure the ACL restricted-token runner can start (Windows) — otherwise switch the consumer to danger-full-access.` + (detail === void 0 ? "" : ` Runner failure: ${detail}`), SANDBOX_UNAVAILABLE);
		this.name = "SandboxUnavailableError";
	}
};
/**
* Abstract process-sandbox service. {@link confine} must return enforcing argv
* or fail closed at wrap or runner-execution time; silent unconfined passthrough
* is forbidden. Functional probes arbitrate multi-runner chains and may be
* skipped for a sole candidate, whose own refusal remains the fail-closed end.
*/
var SandboxProvider = class extends Service {
	/* v8 ignore next -- abstract service construction is covered through concrete provider packages. */
	constructor(ctx) {
		super(ctx, "sandbox");
	}
};
//#endregion
export { ESCALATION_TARGETS, SANDBOX_UNAVAILABLE, SandboxProvider, SandboxProvider as default, SandboxUnavailableError, WIDER_MODES, approveEscalation, canonicalPath, classifySelfCheck, escalationHintMarker, isUnderWritableRoots, recordSelfCheckShell, sandboxDenialMarker, selfCheckFailedMarker, selfCheckFsInterceptedMarker, selfCheckInterceptedMarker, selfCheckProbePolicy, selfCheckShellGate, validateEscalationArgs, writableRoots };
