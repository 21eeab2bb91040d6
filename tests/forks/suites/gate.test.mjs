// The per-session gate owned by the policy service: structured keys, mode
// gating, agentless calls, and disposal with the session (rc.8 emits
// `session/disposed`).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { fakeSession, load, makeWorld, scratch } from "../support/world.mjs";

describe("SandboxPolicyService self-check gate", () => {
	let dirs;
	let world;
	let gate;
	before(async () => {
		dirs = scratch();
		world = await makeWorld({ ws: dirs.ws });
		gate = world.ctx.sandboxPolicy;
	});
	after(() => dirs.cleanup());

	const shellKey = (overrides = {}) => ({ kind: "shell", family: "bash", run: "foreground", workdir: dirs.ws, command: "cp a /etc/b", ...overrides });

	it("should unlock exactly the recorded shell key in the same session", () => {
		const policy = world.policy(fakeSession("s1", dirs.ws));
		assert.equal(gate.selfCheckGranted(policy, shellKey()), false);
		assert.equal(gate.recordSelfCheck(policy, shellKey()), true);
		assert.equal(gate.selfCheckGranted(policy, shellKey()), true);
		assert.equal(gate.selfCheckGranted(policy, shellKey({ workdir: `${dirs.ws}/sub` })), false, "another directory is another command");
		assert.equal(gate.selfCheckGranted(policy, shellKey({ command: "cp a /etc/b " })), false, "the exact command string");
		assert.equal(gate.selfCheckGranted(policy, shellKey({ family: "pwsh" })), false, "another shell family");
		assert.equal(gate.selfCheckGranted(policy, shellKey({ run: "background" })), false, "a foreground grant does not unlock the background");
		assert.equal(gate.selfCheckGranted(world.policy(fakeSession("s2", dirs.ws)), shellKey()), false, "another session");
	});
	it("should never let a file key unlock a shell command or the reverse", () => {
		const policy = world.policy(fakeSession("s3", dirs.ws));
		const target = `${dirs.outside}/x.txt`;
		gate.recordSelfCheck(policy, { kind: "fs", target });
		assert.equal(gate.selfCheckGranted(policy, { kind: "fs", target }), true);
		assert.equal(gate.selfCheckGranted(policy, shellKey({ command: target })), false);
		assert.equal(gate.selfCheckGranted(policy, shellKey({ workdir: target, command: target })), false);
		gate.recordSelfCheck(policy, shellKey({ command: `${dirs.outside}/y.txt` }));
		assert.equal(gate.selfCheckGranted(policy, { kind: "fs", target: `${dirs.outside}/y.txt` }), false);
	});
	it("should consult grants only while the call's mode is self-checking", () => {
		const session = fakeSession("s4", dirs.ws);
		gate.recordSelfCheck(world.policy(session), shellKey());
		session.append("sandbox/mode", { mode: "workspace-write" });
		const wsPolicy = world.policy(session);
		assert.equal(wsPolicy.mode, "workspace-write");
		assert.equal(gate.selfCheckGranted(wsPolicy, shellKey()), false);
		assert.equal(gate.recordSelfCheck(wsPolicy, shellKey({ command: "other" })), false);
		session.append("sandbox/mode", { mode: "self-checking" });
		assert.equal(gate.selfCheckGranted(world.policy(session), shellKey()), true, "the grant lasts for the session");
	});
	it("should never record nor unlock agentless calls", () => {
		const agentless = world.policy();
		assert.equal(agentless.sessionId, undefined);
		assert.equal(gate.recordSelfCheck(agentless, shellKey()), false);
		assert.equal(gate.selfCheckGranted(agentless, shellKey()), false);
	});
	it("should drop a session's grants when the host emits session/disposed", () => {
		const session = fakeSession("s5", dirs.ws);
		const policy = world.policy(session);
		gate.recordSelfCheck(policy, shellKey());
		gate.recordSelfCheck(policy, { kind: "fs", target: `${dirs.outside}/z` });
		world.ctx.emit("session/disposed", session);
		assert.equal(gate.selfCheckGranted(policy, shellKey()), false);
		assert.equal(gate.selfCheckGranted(policy, { kind: "fs", target: `${dirs.outside}/z` }), false);
	});
	it("should drop the grants of a real dsh-session store session when its owner is disposed", async () => {
		const { SessionStore } = await load("@deepseek-ai/dsh-session");
		await world.ctx.plugin(SessionStore);
		let session;
		const owner = world.ctx.plugin({ name: "session-owner", inject: ["sessions"], apply: (ctx) => { session = ctx.sessions.create("real-session", { meta: { cwd: dirs.ws } }); } });
		await owner;
		const command = `echo real > ${dirs.outside}/real.txt`;
		assert.equal((await world.run(command, { session })).sandbox.intercepted, true);
		const policy = world.policy(session);
		const key = shellKey({ command });
		assert.equal(gate.selfCheckGranted(policy, key), true);
		await owner.dispose();
		assert.equal(gate.selfCheckGranted(policy, key), false, "the store's own session/disposed dropped the grant");
	});
	it("should start empty in a new service instance (in memory only: a restart resets it)", async () => {
		const policy = world.policy(fakeSession("s6", dirs.ws));
		gate.recordSelfCheck(policy, shellKey());
		const restarted = await makeWorld({ ws: dirs.ws });
		assert.equal(restarted.ctx.sandboxPolicy.selfCheckGranted(policy, shellKey()), false);
	});
	it("should reject malformed keys instead of guessing", () => {
		const policy = world.policy(fakeSession("s7", dirs.ws));
		assert.throws(() => gate.recordSelfCheck(policy, { kind: "shell", family: "zsh", run: "foreground", workdir: dirs.ws, command: "x" }), /invalid self-check gate key/u);
		assert.throws(() => gate.recordSelfCheck(policy, `bash:${dirs.ws}:x`), /invalid self-check gate key/u);
		assert.throws(() => gate.selfCheckGranted(policy, { kind: "fs" }), /invalid self-check gate key/u);
	});
});
