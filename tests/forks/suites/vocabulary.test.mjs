// The shared vocabulary: the fourth mode everywhere the runtime validates a
// mode, the two verbatim notices, the escalation ladder decision (trap 8),
// and the model-facing policy paragraph.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { FORKS, PROFILE, load, loadPristine, resolveFromProfile, fakeSession, scratch, makeWorld } from "../support/world.mjs";

const INTERCEPTED = "[sandbox: self-check intercepted — this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be allowed with full access]";
const FAILED = "[sandbox: self-check failed — this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be retried with full access]";

describe("module resolution of the assembled profile tree", () => {
	it("should resolve every fork into the profile's own node_modules", async () => {
		const { readdirSync } = await import("node:fs");
		for (const pkg of readdirSync(FORKS)) {
			const resolved = realpathSync(resolveFromProfile(`@deepseek-ai/${pkg}/package.json`));
			assert.ok(resolved.startsWith(join(PROFILE, "node_modules", "@deepseek-ai", pkg)), `${pkg} resolved to ${resolved}`);
		}
	});
	it("should resolve a package that is not forked to the pristine install", () => {
		const resolved = resolveFromProfile("@deepseek-ai/dsh-shell");
		assert.ok(!resolved.startsWith(join(PROFILE, "node_modules")), resolved);
	});
});

describe("dsh-sandbox vocabulary", () => {
	it("should spell the two command notices verbatim", async () => {
		const sandbox = await load("@deepseek-ai/dsh-sandbox");
		assert.equal(sandbox.selfCheckInterceptedMarker(), INTERCEPTED);
		assert.equal(sandbox.selfCheckFailedMarker(), FAILED);
	});
	it("should name the path and say nothing was written in the file notice", async () => {
		const sandbox = await load("@deepseek-ai/dsh-sandbox");
		const text = sandbox.selfCheckFsInterceptedMarker("/var/tmp/x/notes.txt");
		assert.match(text, /^\[sandbox: self-check intercepted — /u);
		assert.ok(text.includes("\"/var/tmp/x/notes.txt\""));
		assert.ok(text.includes("outside the workspace"));
		assert.ok(text.includes("nothing was written"));
		assert.ok(text.includes("repeat the exact same operation"));
	});
	it("should put the canonical target first in the file notice and label the path as written when it differs", async () => {
		const { selfCheckFsInterceptedMarker } = await load("@deepseek-ai/dsh-sandbox");
		const text = selfCheckFsInterceptedMarker("/var/tmp/out/f.txt", "/home/me/ws/link/f.txt");
		assert.ok(text.includes("targets \"/var/tmp/out/f.txt\" (resolved from \"/home/me/ws/link/f.txt\"), which is outside the workspace;"), text);
		assert.equal(selfCheckFsInterceptedMarker("/var/tmp/x/notes.txt", "/var/tmp/x/notes.txt"), selfCheckFsInterceptedMarker("/var/tmp/x/notes.txt"));
		assert.ok(!selfCheckFsInterceptedMarker("/var/tmp/x/notes.txt").includes("resolved from"));
	});
	it("should let self-checking escalate to full access but never be an escalation target (trap 8)", async () => {
		const { WIDER_MODES, ESCALATION_TARGETS, approveEscalation } = await load("@deepseek-ai/dsh-sandbox");
		assert.deepEqual(WIDER_MODES["self-checking"], ["danger-full-access"]);
		assert.deepEqual([...ESCALATION_TARGETS], ["workspace-write", "danger-full-access"]);
		for (const from of Object.keys(WIDER_MODES)) assert.ok(!WIDER_MODES[from].includes("self-checking"), from);
		await assert.rejects(approveEscalation({ requestedMode: "self-checking", justification: "x", effectiveMode: "read-only", subject: "command" }, { approver: { request: async () => "allowed-once" }, agent: {}, callId: "c", toolName: "bash" }), /not strictly wider/u);
		const granted = await approveEscalation({ requestedMode: "danger-full-access", justification: "needs /etc", effectiveMode: "self-checking", subject: "command" }, { approver: { request: async () => "allowed-once" }, agent: {}, callId: "c", toolName: "bash" });
		assert.equal(granted, "danger-full-access");
	});
	it("should give self-checking the workspace-write allow-list", async () => {
		const { writableRoots } = await load("@deepseek-ai/dsh-sandbox");
		const ws = "/var/tmp";
		assert.deepEqual(writableRoots({ mode: "self-checking", workspaceRoot: ws }), writableRoots({ mode: "workspace-write", workspaceRoot: ws }));
		assert.deepEqual(writableRoots({ mode: "read-only", workspaceRoot: ws }), []);
	});
});

describe("dsh-sandbox-policy vocabulary", () => {
	it("should list self-checking in SANDBOX_MODES, in preset order", async () => {
		const { SANDBOX_MODES } = await load("@deepseek-ai/dsh-sandbox-policy");
		assert.deepEqual([...SANDBOX_MODES], ["read-only", "workspace-write", "self-checking", "danger-full-access"]);
	});
	it("should accept self-checking as the deployment mode in the service Config", async () => {
		const { SandboxPolicyService } = await load("@deepseek-ai/dsh-sandbox-policy");
		assert.equal(SandboxPolicyService.Config({ mode: "self-checking", workspaceRoot: "/var/tmp" }).mode, "self-checking");
		const pristine = await loadPristine("@deepseek-ai/dsh-sandbox-policy");
		assert.throws(() => pristine.SandboxPolicyService.Config({ mode: "self-checking", workspaceRoot: "/var/tmp" }));
	});
	it("should let the invariant companion accept sandbox/mode self-checking events and still reject unknown modes", async () => {
		const companion = await load("@deepseek-ai/dsh-sandbox-policy/invariant");
		const failures = [];
		let dispatch;
		const ctx = {
			sessions: { list: () => [{ events: [{ type: "sandbox/mode", data: { mode: "self-checking" } }] }] },
			on: (name, listener) => {
				assert.equal(name, "internal/dispatch");
				dispatch = listener;
			}
		};
		let install;
		await companion.apply({ invariants: { register: (_pkg, fn) => { install = fn; } } });
		install(ctx, (message) => failures.push(message));
		dispatch("emit", "session/event", [{}, { type: "sandbox/mode", data: { mode: "self-checking" } }]);
		assert.deepEqual(failures, []);
		dispatch("emit", "session/event", [{}, { type: "sandbox/mode", data: { mode: "yolo" } }]);
		assert.equal(failures.length, 1);
		assert.match(failures[0], /unknown mode "yolo"/u);
	});
	it("should render a policy-context paragraph for self-checking sessions", async () => {
		const dirs = scratch();
		try {
			const world = await makeWorld({ ws: dirs.ws });
			const section = world.contexts.find((def) => def.name === "sandbox:policy");
			assert.ok(section, "sandbox:policy context registered");
			const text = section.text({ agent: { session: fakeSession("s", dirs.ws) } });
			assert.match(text, /^Current DSH file policy: self-checking/u);
			assert.ok(text.includes(JSON.stringify(realpathSync(dirs.ws))));
			assert.ok(text.includes("intercepted once"));
			assert.ok(text.includes("has already run confined"));
			assert.ok(text.includes("wrote nothing"));
			assert.ok(text.includes("exact same command"));
			assert.ok(text.includes("lasts for this session"));
			const other = section.text({ agent: { session: fakeSession("w", dirs.ws, "workspace-write") } });
			assert.match(other, /^Current DSH file policy: workspace-write/u);
		} finally {
			dirs.cleanup();
		}
	});
});
