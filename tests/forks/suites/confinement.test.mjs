// Real confinement of the forked bash executor on this machine, once under
// bwrap and once under Landlock (@deepseek-ai/node-addon-landlock-run): the
// probe, the interception, the identical re-run, and every way a grant must
// NOT be reached (other directory, background, agentless, timeout, kill,
// masked exit 0, plain failures).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fakeSession, load, makeWorld, scratch } from "../support/world.mjs";

const { launcherPath, probe } = await load("@deepseek-ai/node-addon-landlock-run");

for (const backend of ["bwrap", "landlock"]) {
	describe(`self-checking bash under ${backend}`, () => {
		let dirs;
		let world;
		let session;
		let n = 0;
		/** A fresh outside path per test, so no test sees another's grant or file. */
		const outsideFile = () => join(dirs.outside, `f${++n}.txt`);
		before(async () => {
			if (backend === "landlock") assert.notEqual(probe(launcherPath(), { timeoutMs: 5000 }), "unusable", "this kernel does not enforce Landlock; the Landlock suite cannot run");
			dirs = scratch();
			world = await makeWorld({ backend, ws: dirs.ws });
			session = fakeSession(`session-${backend}`, dirs.ws);
		});
		after(() => dirs.cleanup());

		it("should let a write inside the workspace pass the first time, confined", async () => {
			const result = await world.run("echo inside > inside.txt && cat inside.txt", { session });
			assert.equal(result.exitCode, 0);
			assert.equal(result.stdout.text, "inside\n");
			assert.deepEqual(result.sandbox, { mode: "workspace-write", denied: false, enforcement: "full" });
		});
		it("should intercept an outside write with nothing written, then run the identical re-run with full access", async () => {
			const target = outsideFile();
			const command = `echo outside > ${target}`;
			const first = await world.run(command, { session });
			assert.notEqual(first.exitCode, 0);
			assert.equal(first.sandbox.intercepted, true);
			assert.equal(first.sandbox.failed, undefined);
			assert.equal(first.sandbox.mode, "workspace-write");
			assert.equal(existsSync(target), false, "nothing exists outside after the interception");
			const again = await world.run(command, { session });
			assert.equal(again.exitCode, 0);
			assert.deepEqual(again.sandbox, { mode: "danger-full-access", denied: false });
			assert.equal(readFileSync(target, "utf8"), "outside\n");
		});
		it("should intercept a write through a workspace symlink that points outside, then allow the identical re-run", async () => {
			const link = join(dirs.ws, `link${++n}`);
			symlinkSync(dirs.outside, link);
			const name = `via-link${n}.txt`;
			const command = `echo linked > ${basename(link)}/${name}`;
			const first = await world.run(command, { session });
			assert.equal(first.sandbox.intercepted, true, first.stderr.text);
			assert.equal(existsSync(join(dirs.outside, name)), false);
			const again = await world.run(command, { session });
			assert.equal(again.exitCode, 0);
			assert.equal(readFileSync(join(dirs.outside, name), "utf8"), "linked\n");
		});
		it("should repeat the side effects of an intercepted command on its re-run (the probe really ran)", async () => {
			const target = outsideFile();
			const command = `echo run >> counter.log; echo x > ${target}`;
			await world.run(command, { session });
			assert.equal(readFileSync(join(dirs.ws, "counter.log"), "utf8"), "run\n");
			await world.run(command, { session });
			assert.equal(readFileSync(join(dirs.ws, "counter.log"), "utf8"), "run\nrun\n");
			assert.equal(existsSync(target), true);
		});
		it("should not unlock the same command in another directory", async () => {
			const target = outsideFile();
			const command = `echo elsewhere > ${target}`;
			mkdirSync(join(dirs.ws, "sub"), { recursive: true });
			assert.equal((await world.run(command, { session })).sandbox.intercepted, true);
			const elsewhere = await world.run(command, { session, workdir: join(dirs.ws, "sub") });
			assert.equal(elsewhere.sandbox.intercepted, true, "another workdir is another command");
			assert.equal(existsSync(target), false);
		});
		it("should not unlock a command that differs only by whitespace (the key is the exact string)", async () => {
			const target = outsideFile();
			const command = `echo spaced > ${target}`;
			assert.equal((await world.run(command, { session })).sandbox.intercepted, true);
			for (const variant of [`${command} `, command.replace(" > ", ">"), `\t${command}`]) {
				assert.equal((await world.run(variant, { session })).sandbox.intercepted, true, JSON.stringify(variant));
			}
			assert.equal(existsSync(target), false);
		});
		it("should not unlock a background run with a foreground grant, and intercept it on its own", async () => {
			const target = outsideFile();
			const command = `echo background > ${target}`;
			assert.equal((await world.run(command, { session })).sandbox.intercepted, true);
			const first = await world.background(command, { session });
			assert.equal(first.sandbox?.intercepted, true);
			assert.equal(existsSync(target), false, "the foreground grant did not unlock the background run");
			const again = await world.background(command, { session });
			assert.equal(again.exitCode, 0);
			assert.equal(again.sandbox, undefined, "the identical background re-run is unconfined");
			assert.equal(readFileSync(target, "utf8"), "background\n");
		});
		it("should keep agentless foreground commands denied, without a notice or a grant", async () => {
			const target = outsideFile();
			const command = `echo agentless > ${target}`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const result = await world.run(command);
				assert.notEqual(result.exitCode, 0);
				assert.deepEqual(result.sandbox, { mode: "workspace-write", denied: true, enforcement: "full" });
			}
			assert.equal(existsSync(target), false);
		});
		it("should start agentless background commands confined (fail closed, trap 1) without a notice (trap 2)", async () => {
			const target = outsideFile();
			const command = `echo agentless-bg > ${target}`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const proc = await world.background(command);
				assert.notEqual(proc.exitCode, 0);
				assert.deepEqual(proc.sandbox, { mode: "workspace-write", denied: true, enforcement: "full" });
			}
			assert.equal(existsSync(target), false);
		});
		it("should not unlock a command that timed out (trap 3)", async () => {
			const target = outsideFile();
			const command = `echo late > ${target}; sleep 30`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const result = await world.run(command, { session, timeoutMs: 400 });
				assert.equal(result.timedOut, true);
				assert.equal(result.sandbox.mode, "workspace-write", "still confined");
				assert.equal(result.sandbox.intercepted, undefined);
				assert.equal(result.sandbox.failed, undefined);
			}
			assert.equal(existsSync(target), false);
		});
		it("should not unlock a command that dies by a signal after a denial, foreground or background (trap 3)", async () => {
			for (const signal of ["KILL", "SEGV"]) {
				const target = outsideFile();
				const command = `echo dying > ${target}; kill -${signal} $$`;
				for (let attempt = 0; attempt < 2; attempt += 1) {
					const result = await world.run(command, { session });
					assert.equal(result.sandbox.intercepted, undefined, `${signal}: exit ${result.exitCode}, signal ${result.signal}`);
					assert.equal(result.sandbox.failed, undefined, signal);
					const proc = await world.background(command, { session });
					assert.equal(proc.sandbox?.intercepted, undefined, `${signal}: exit ${proc.exitCode}, signal ${proc.signal}`);
					assert.equal(proc.sandbox?.failed, undefined, signal);
				}
				assert.equal(existsSync(target), false, signal);
			}
		});
		it("should not unlock a killed background job (trap 3)", async () => {
			const target = outsideFile();
			const command = `echo killed > ${target}; sleep 30`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const proc = await world.backgroundKilled(command, { session, afterMs: 300 });
				assert.equal(proc.status, "killed");
				assert.equal(proc.sandbox?.mode, "workspace-write", "still confined");
				assert.equal(proc.sandbox?.intercepted, undefined);
				assert.equal(proc.sandbox?.failed, undefined);
			}
			assert.equal(existsSync(target), false);
		});
		it("should not unlock a killed background job whose shell traps SIGTERM and exits non-zero after a denial (trap 3)", async () => {
			const target = outsideFile();
			const command = `trap 'exit 3' TERM; echo trapped > ${target}; sleep 30 & wait`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const proc = await world.backgroundKilled(command, { session });
				assert.equal(proc.status, "killed");
				assert.equal(proc.sandbox?.intercepted, undefined, `exit ${proc.exitCode}, signal ${proc.signal}`);
				assert.equal(proc.sandbox?.failed, undefined);
			}
			const key = { kind: "shell", family: "bash", run: "background", workdir: dirs.ws, command };
			assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(world.policy(session), key), false);
			assert.equal(existsSync(target), false);
		});
		it("should not report a denial masked by exit 0 as intercepted, nor unlock it (trap 4)", async () => {
			const target = outsideFile();
			const command = `echo masked > ${target}; echo "read-only file system, continuing" >&2; exit 0`;
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const result = await world.run(command, { session });
				assert.equal(result.exitCode, 0);
				assert.deepEqual(result.sandbox, { mode: "workspace-write", denied: false, enforcement: "full" });
			}
			assert.equal(existsSync(target), false);
		});
		it("should treat a workspace script without its execute bit as a plain failure: no notice, no denial, no grant", async () => {
			mkdirSync(join(dirs.ws, "scripts"), { recursive: true });
			writeFileSync(join(dirs.ws, "build.sh"), "echo built\n");
			writeFileSync(join(dirs.ws, "scripts", "lint.sh"), "echo linted\n");
			const plain = { mode: "workspace-write", denied: false, enforcement: "full" };
			for (const command of ["./build.sh", "scripts/lint.sh", join(dirs.ws, "build.sh")]) {
				for (let attempt = 0; attempt < 2; attempt += 1) {
					const result = await world.run(command, { session });
					assert.equal(result.exitCode, 126, command);
					assert.match(result.stderr.text, /Permission denied/u, command);
					assert.deepEqual(result.sandbox, plain, `${command}: ${result.stderr.text}`);
				}
				const key = { kind: "shell", family: "bash", run: "foreground", workdir: dirs.ws, command };
				assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(world.policy(session), key), false, command);
			}
			const proc = await world.background("./build.sh", { session });
			assert.equal(proc.exitCode, 126);
			assert.deepEqual(proc.sandbox, plain, "background settlement judges it the same way");
			assert.deepEqual((await world.run("./build.sh")).sandbox, plain, "agentless: the sandbox refused nothing either");
		});
		it("should keep the failed notice when the host's permissions do not explain a Permission denied (relative path after a cd)", async () => {
			const name = `cd-away${++n}.txt`;
			const command = `cd ${dirs.outside} && touch ${name}`;
			const first = await world.run(command, { session });
			assert.notEqual(first.exitCode, 0);
			assert.equal(first.sandbox.failed, true, first.stderr.text);
			assert.equal(first.sandbox.intercepted, undefined);
			assert.equal(existsSync(join(dirs.outside, name)), false);
			assert.equal((await world.run(command, { session })).exitCode, 0, "the identical re-run is retried with full access");
			assert.equal(existsSync(join(dirs.outside, name)), true);
		});
		it("should not nudge a plain ls of a missing path, nor a grep without a match, toward full access (trap 5)", async () => {
			for (const command of [`ls ${join(dirs.outside, "missing")}`, `ls ${join(dirs.ws, "missing")}`, "grep -q needle inside.txt"]) {
				const result = await world.run(command, { session });
				assert.notEqual(result.exitCode, 0, command);
				assert.deepEqual(result.sandbox, { mode: "workspace-write", denied: false, enforcement: "full" }, command);
				const key = { kind: "shell", family: "bash", run: "foreground", workdir: dirs.ws, command };
				assert.equal(world.ctx.sandboxPolicy.selfCheckGranted(world.policy(session), key), false, command);
			}
		});
		if (backend === "bwrap") {
			it("should report a host /tmp path hidden by bwrap's private tmpfs as failed, and retry it with full access", async () => {
				const hostTmp = mkdtempSync("/tmp/dsh-forks-hidden-");
				try {
					writeFileSync(join(hostTmp, "data.txt"), "host data\n");
					const command = `cat ${join(hostTmp, "data.txt")}`;
					const first = await world.run(command, { session });
					assert.equal(first.exitCode, 1);
					assert.equal(first.sandbox.failed, true);
					assert.equal(first.sandbox.intercepted, undefined);
					const again = await world.run(command, { session });
					assert.equal(again.exitCode, 0);
					assert.equal(again.stdout.text, "host data\n");
				} finally {
					rmSync(hostTmp, { recursive: true, force: true });
				}
			});
		}
		if (backend === "landlock") {
			it("should leave the real /tmp writable under Landlock, so a /tmp write is never intercepted", async () => {
				const hostTmp = mkdtempSync("/tmp/dsh-forks-landlock-");
				try {
					const result = await world.run(`echo t > ${join(hostTmp, "t.txt")}`, { session });
					assert.equal(result.exitCode, 0);
					assert.equal(result.sandbox.intercepted, undefined);
					assert.equal(readFileSync(join(hostTmp, "t.txt"), "utf8"), "t\n");
				} finally {
					rmSync(hostTmp, { recursive: true, force: true });
				}
			});
		}
	});
}
