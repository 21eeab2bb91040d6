// The forked pwsh executor, with a stand-in `pwsh` (PowerShell is not
// installed on these machines): the stand-in runs the -Command text with bash,
// so the executor's real argv wrapping, confinement (bwrap / Landlock),
// classification and gate are exercised; PowerShell's own diagnostics are
// covered at unit level in classify.test.mjs.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fakeSession, installPwshStandIn, makeWorld, scratch } from "../support/world.mjs";

for (const backend of ["bwrap", "landlock"]) {
	describe(`self-checking pwsh executor under ${backend} (stand-in pwsh)`, () => {
		let dirs;
		let world;
		let session;
		before(async () => {
			dirs = scratch();
			world = await makeWorld({ backend, ws: dirs.ws, pwshPath: installPwshStandIn(dirs.root) });
			session = fakeSession(`pwsh-${backend}`, dirs.ws);
		});
		after(() => dirs.cleanup());

		it("should intercept an outside write, then allow the identical re-run", async () => {
			const target = join(dirs.outside, "p.txt");
			const command = `echo pwsh > ${target}`;
			const first = await world.run(command, { session });
			assert.equal(first.sandbox.intercepted, true);
			assert.equal(existsSync(target), false);
			const again = await world.run(command, { session });
			assert.equal(again.exitCode, 0);
			assert.equal(again.sandbox.mode, "danger-full-access");
			assert.equal(readFileSync(target, "utf8"), "pwsh\n");
		});
		it("should treat a workspace script without its execute bit as a plain failure, foreground and background", async () => {
			writeFileSync(join(dirs.ws, "build.sh"), "echo built\n");
			const plain = { mode: "workspace-write", denied: false, enforcement: "full" };
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const result = await world.run("./build.sh", { session });
				assert.equal(result.exitCode, 126);
				assert.deepEqual(result.sandbox, plain, result.stderr.text);
			}
			assert.deepEqual((await world.background("./build.sh", { session })).sandbox, plain);
			assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(world.policy(session), { kind: "shell", family: "pwsh", run: "foreground", workdir: dirs.ws, command: "./build.sh" }), false);
		});
		it("should keep its grants apart from bash's (family is part of the key)", () => {
			const policy = world.policy(session);
			const command = `echo pwsh > ${join(dirs.outside, "p.txt")}`;
			assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(policy, { kind: "shell", family: "pwsh", run: "foreground", workdir: dirs.ws, command }), true);
			assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(policy, { kind: "shell", family: "bash", run: "foreground", workdir: dirs.ws, command }), false);
		});
		it("should not unlock a killed background job, even when the process exits non-zero after a denial (trap 3)", async () => {
			const target = join(dirs.outside, "killed.txt");
			const command = `trap 'exit 3' TERM; echo killed > ${target}; sleep 30 & wait`;
			const proc = await world.backgroundKilled(command, { session });
			assert.equal(proc.status, "killed");
			assert.equal(proc.sandbox?.intercepted, undefined, `exit ${proc.exitCode}, signal ${proc.signal}`);
			assert.equal(proc.sandbox?.failed, undefined);
			assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(world.policy(session), { kind: "shell", family: "pwsh", run: "background", workdir: dirs.ws, command }), false);
			assert.equal(existsSync(target), false);
		});
		it("should treat a non-terminating denial that still exits 0 as a plain success (the pwsh exit-0 decision)", async () => {
			const target = join(dirs.outside, "nonterminating.txt");
			const command = `echo x > ${target}; echo done`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const result = await world.run(command, { session });
				assert.equal(result.exitCode, 0);
				assert.equal(result.sandbox.intercepted, undefined);
				assert.equal(result.sandbox.failed, undefined);
				assert.match(result.stderr.text, /Read-only file system|Permission denied/u);
			}
			assert.equal(existsSync(target), false);
		});
		it("should intercept in the background without using the foreground grant, and deny agentless calls", async () => {
			const target = join(dirs.outside, "bg.txt");
			const command = `echo bg > ${target}`;
			assert.equal((await world.run(command, { session })).sandbox.intercepted, true);
			assert.equal((await world.background(command, { session })).sandbox?.intercepted, true);
			assert.equal(existsSync(target), false);
			const agentless = await world.background(command);
			assert.deepEqual(agentless.sandbox, { mode: "workspace-write", denied: true, enforcement: "full" });
			assert.equal(existsSync(target), false);
			await world.background(command, { session });
			assert.equal(readFileSync(target, "utf8"), "bg\n");
		});
	});
}
