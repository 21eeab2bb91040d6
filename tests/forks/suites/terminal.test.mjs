// dsh-terminal-bash: a persistent terminal cannot re-run a command, so a
// self-checking session's PTY is confined exactly as workspace-write; and
// switching between the two while a terminal is open must not throw (trap 10).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { fakeSession, load, makeWorld, scratch } from "../support/world.mjs";

const { BashTerminalBackend, Config } = await load("@deepseek-ai/dsh-terminal-bash");

describe("terminal-bash under self-checking", () => {
	let dirs;
	let world;
	before(async () => {
		dirs = scratch();
		world = await makeWorld({ ws: dirs.ws });
	});
	after(() => dirs.cleanup());

	/** A backend whose PTY spawn is captured (argv) and whose terminals report open activity. */
	function backend() {
		const spawned = [];
		const confinedModes = [];
		const sandbox = {
			confine: (argv, policy) => {
				confinedModes.push(policy.mode);
				return world.ctx.sandbox.confine(argv, policy);
			}
		};
		const ctx = {
			terminals: { hasOwnerActivity: () => true },
			sandboxPolicy: world.ctx.sandboxPolicy,
			get: (name) => (name === "sandbox" ? sandbox : undefined)
		};
		const config = { ...Config({}), shellPath: "/bin/bash", shellArgs: ["--noprofile", "--norc", "-i"] };
		const instance = new BashTerminalBackend(ctx, config, async (spec) => { spawned.push(spec); return {}; }, () => ({ initialize: async () => {}, close: async () => {} }));
		return { instance, spawned, confinedModes };
	}

	const ownerOf = (session) => ({ ctx: world.ctx, session, id: `owner-${session.id}` });

	it("should spawn a self-checking session's terminal with exactly the workspace-write confinement", async () => {
		const { instance, spawned, confinedModes } = backend();
		await instance.spawn({ owner: ownerOf(fakeSession("pty-sc", dirs.ws, "self-checking")), sessionId: "pty-1" });
		await instance.spawn({ owner: ownerOf(fakeSession("pty-ww", dirs.ws, "workspace-write")), sessionId: "pty-2" });
		assert.equal(spawned.length, 2);
		assert.deepEqual(confinedModes, ["workspace-write", "workspace-write"], "the terminal asks the provider for workspace-write");
		assert.equal(spawned[0].argv[0], "bwrap");
		assert.deepEqual(spawned[0].argv, spawned[1].argv);
		assert.ok(spawned[0].argv.includes("--bind"), "the workspace is writable, not the read-only profile");
		assert.ok(spawned[0].argv.includes(world.policy(fakeSession("x", dirs.ws)).workspaceRoot));
	});
	it("should let a session switch between workspace-write and self-checking while a terminal is open (trap 10)", async () => {
		const { instance } = backend();
		const session = fakeSession("pty-switch", dirs.ws, "workspace-write");
		await instance.spawn({ owner: ownerOf(session), sessionId: "pty-3" });
		assert.doesNotThrow(() => world.ctx.emit("session/event", session, { type: "sandbox/mode", data: { mode: "self-checking" } }));
		session.append("sandbox/mode", { mode: "self-checking" });
		assert.doesNotThrow(() => world.ctx.emit("session/event", session, { type: "sandbox/mode", data: { mode: "workspace-write" } }));
		session.append("sandbox/mode", { mode: "workspace-write" });
	});
	it("should still refuse a switch that changes the terminal's confinement", async () => {
		const { instance } = backend();
		const session = fakeSession("pty-refuse", dirs.ws, "self-checking");
		await instance.spawn({ owner: ownerOf(session), sessionId: "pty-4" });
		assert.throws(() => world.ctx.emit("session/event", session, { type: "sandbox/mode", data: { mode: "danger-full-access" } }), /cannot change sandbox mode from "self-checking" to "danger-full-access"/u);
		assert.throws(() => world.ctx.emit("session/event", session, { type: "sandbox/mode", data: { mode: "read-only" } }), /while persistent terminal sessions are open/u);
	});
});
