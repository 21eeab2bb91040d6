// The file fence (dsh-fs-sandbox) and its tool mapping (dsh-tool-fs):
// intercept an outside write/edit before anything is written, allow the
// identical re-run, re-derive the canonical target at re-run time (symlink
// swap, trap 7), keep agentless calls denied, and keep fs and shell grants
// apart.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFor, fakeSession, load, loadPristine, makeWorld, scratch } from "../support/world.mjs";

const { FsError } = await load("@deepseek-ai/dsh-fs");
const { selfCheckFsInterceptedMarker } = await load("@deepseek-ai/dsh-sandbox");

describe("SandboxedFileSystem self-check fence", () => {
	let dirs;
	let world;
	let session;
	before(async () => {
		dirs = scratch();
		world = await makeWorld({ ws: dirs.ws, withFs: true });
		session = fakeSession("fs-session", dirs.ws);
	});
	after(() => dirs.cleanup());

	/** Write through the fence as the session, or agentless when `who` is null. */
	const write = async (path, content, who = session) => world.ctx.fs.writeText(await world.ctx.fs.resolve(path), content, undefined, undefined, world.policy(who ?? undefined));

	it("should let a write inside the workspace pass", async () => {
		await write(join(dirs.ws, "in.txt"), "inside");
		assert.equal(readFileSync(join(dirs.ws, "in.txt"), "utf8"), "inside");
	});
	it("should intercept an outside write before writing, then allow the identical re-run", async () => {
		const target = join(dirs.outside, "out.txt");
		await assert.rejects(write(target, "first"), (error) => {
			assert.ok(error instanceof FsError);
			assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED");
			assert.equal(error.message, selfCheckFsInterceptedMarker(target));
			return true;
		});
		assert.equal(existsSync(target), false, "nothing was written");
		await write(target, "second");
		assert.equal(readFileSync(target, "utf8"), "second");
	});
	it("should intercept an outside edit the same way", async () => {
		const target = join(dirs.outside, "edit.txt");
		writeFileSync(target, "old text");
		const edit = async () => world.ctx.fs.editText(await world.ctx.fs.resolve(target), { oldText: "old", newText: "new" }, undefined, undefined, world.policy(session));
		await assert.rejects(edit(), { code: "FS_SELFCHECK_INTERCEPTED" });
		assert.equal(readFileSync(target, "utf8"), "old text");
	});
	it("should keep agentless writes denied with the ordinary workspace-write denial", async () => {
		const target = join(dirs.outside, "agentless.txt");
		for (let attempt = 0; attempt < 2; attempt += 1) await assert.rejects(write(target, "x", null), (error) => {
			assert.equal(error.code, "FS_SANDBOX_DENIED");
			assert.match(error.message, /file access denied under workspace-write mode/u);
			return true;
		});
		assert.equal(existsSync(target), false);
	});
	it("should name the canonical outside target of a write through a workspace symlink, with the path as written labelled", async () => {
		const link = join(dirs.ws, "named-link");
		symlinkSync(dirs.outside, link);
		const written = join(link, "named.txt");
		await assert.rejects(write(written, "x"), (error) => {
			assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED");
			assertNamesTarget(error.message, join(dirs.outside, "named.txt"), written);
			return true;
		});
		assert.equal(existsSync(join(dirs.outside, "named.txt")), false);
	});
	it("should re-check the canonical target at re-run time: a swapped symlink does not redirect the write", async () => {
		const first = join(dirs.outside, "A");
		const second = join(dirs.outside, "B");
		mkdirSync(first);
		mkdirSync(second);
		const link = join(dirs.ws, "link");
		symlinkSync(first, link);
		await assert.rejects(write(join(link, "f.txt"), "one"), { code: "FS_SELFCHECK_INTERCEPTED" });
		rmSync(link);
		symlinkSync(second, link);
		await assert.rejects(write(join(link, "f.txt"), "two"), (error) => {
			assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED", "the grant was for A/f.txt, not for wherever the link points now");
			return true;
		});
		assert.equal(existsSync(join(first, "f.txt")), false);
		assert.equal(existsSync(join(second, "f.txt")), false);
		rmSync(link);
		symlinkSync(first, link);
		await write(join(link, "f.txt"), "three");
		assert.equal(readFileSync(join(first, "f.txt"), "utf8"), "three");
		assert.equal(existsSync(join(second, "f.txt")), false);
	});
	it("should re-derive the target inside the fence: a grant does not follow a target resolved before a symlink swap", async () => {
		const first = join(dirs.outside, "stale-A");
		const second = join(dirs.outside, "stale-B");
		mkdirSync(first);
		mkdirSync(second);
		const link = join(dirs.ws, "stale-link");
		symlinkSync(first, link);
		await assert.rejects(write(join(link, "f.txt"), "one"), { code: "FS_SELFCHECK_INTERCEPTED" });
		const resolvedBeforeSwap = await world.ctx.fs.resolve(join(link, "f.txt"));
		rmSync(link);
		symlinkSync(second, link);
		await assert.rejects(world.ctx.fs.writeText(resolvedBeforeSwap, "two", undefined, undefined, world.policy(session)), { code: "FS_SELFCHECK_INTERCEPTED" });
		assert.equal(existsSync(join(second, "f.txt")), false, "the swapped symlink did not redirect the granted write");
		assert.equal(existsSync(join(first, "f.txt")), false);
	});
	it("should never let a file grant unlock a shell command, nor a shell grant a file write", async () => {
		const fileGranted = join(dirs.outside, "fs-granted.txt");
		await assert.rejects(write(fileGranted, "x"), { code: "FS_SELFCHECK_INTERCEPTED" });
		const shell = await world.run(`echo shell > ${fileGranted}`, { session });
		assert.equal(shell.sandbox.intercepted, true);
		assert.equal(existsSync(fileGranted), false);
		const shellGranted = join(dirs.outside, "shell-granted.txt");
		const command = `echo shell > ${shellGranted}`;
		await world.run(command, { session });
		await world.run(command, { session });
		rmSync(shellGranted);
		await assert.rejects(write(shellGranted, "fs"), { code: "FS_SELFCHECK_INTERCEPTED" });
		assert.equal(existsSync(shellGranted), false);
	});
});

describe("dsh-tool-fs mapping under self-checking", () => {
	let dirs;
	let world;
	let tools;
	before(async () => {
		dirs = scratch();
		world = await makeWorld({ ws: dirs.ws, withFs: true });
		tools = mountFsTools(await load("@deepseek-ai/dsh-tool-fs"), world.ctx.fs, world.ctx.sandboxPolicy);
	});
	after(() => dirs.cleanup());

	it("should pass the interception notice through the write tool, then allow the identical re-run", async () => {
		const session = fakeSession("tool-fs", dirs.ws);
		const target = join(dirs.outside, "tool.txt");
		const args = { file_path: target, content: "via tool" };
		await assert.rejects(tools.get("write").execute(args, execFor(session)), (error) => {
			assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED");
			assert.equal(error.message, selfCheckFsInterceptedMarker(target));
			return true;
		});
		assert.equal(existsSync(target), false);
		const value = await tools.get("write").execute(args, execFor(session));
		assert.equal(value.operation, "create");
		assert.equal(readFileSync(target, "utf8"), "via tool");
	});
	it("should pass the interception notice through the edit tool, then allow the identical re-run", async () => {
		const session = fakeSession("tool-fs-edit", dirs.ws);
		const target = join(dirs.outside, "tool-edit.txt");
		writeFileSync(target, "old line\n");
		const args = { file_path: target, old_string: "old", new_string: "new" };
		await assert.rejects(tools.get("edit").execute(args, execFor(session)), (error) => {
			assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED");
			assert.equal(error.message, selfCheckFsInterceptedMarker(target));
			return true;
		});
		assert.equal(readFileSync(target, "utf8"), "old line\n", "nothing was written");
		const value = await tools.get("edit").execute(args, execFor(session));
		assert.equal(value.after, "new line\n");
		assert.equal(readFileSync(target, "utf8"), "new line\n");
	});
	it("should name the canonical outside target through the write and edit tools when a workspace symlink leads there", async () => {
		const session = fakeSession("tool-fs-link", dirs.ws);
		const link = join(dirs.ws, "tool-link");
		symlinkSync(dirs.outside, link);
		writeFileSync(join(dirs.outside, "linked-edit.txt"), "old\n");
		const calls = [
			["write", { file_path: join(link, "linked-write.txt"), content: "x" }, "linked-write.txt"],
			["edit", { file_path: join(link, "linked-edit.txt"), old_string: "old", new_string: "new" }, "linked-edit.txt"]
		];
		for (const [name, args, file] of calls) await assert.rejects(tools.get(name).execute(args, execFor(session)), (error) => {
			assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED", name);
			assertNamesTarget(error.message, join(dirs.outside, file), args.file_path);
			return true;
		});
		assert.equal(existsSync(join(dirs.outside, "linked-write.txt")), false);
		assert.equal(readFileSync(join(dirs.outside, "linked-edit.txt"), "utf8"), "old\n");
	});
	it("should word an agentless denial as the ordinary workspace-write denial with the escalation hint", async () => {
		const args = { file_path: join(dirs.outside, "agentless-tool.txt"), content: "x" };
		await assert.rejects(tools.get("write").execute(args, execFor(undefined)), (error) => {
			assert.equal(error.code, "FS_SANDBOX_DENIED");
			assert.match(error.message, /^\[sandbox: file access denied under workspace-write mode\]\n\[sandbox: escalation available/u);
			return true;
		});
	});
	it("should add the defensive escalation hint, not an unlock, to other mutation failures", async () => {
		const hinted = mountFsTools(await load("@deepseek-ai/dsh-tool-fs"), failingFs("self-checking", "cannot write \"/srv/x\": EACCES: permission denied"), world.ctx.sandboxPolicy);
		const session = fakeSession("tool-fs-hint", dirs.ws);
		for (let attempt = 0; attempt < 2; attempt += 1) await assert.rejects(hinted.get("write").execute({ file_path: "/srv/x", content: "x" }, execFor(session)), (error) => {
			assert.equal(error.code, "FS_IO_ERROR");
			assert.ok(error.message.startsWith("cannot write \"/srv/x\": EACCES: permission denied\n[sandbox: self-check — "), error.message);
			assert.ok(error.message.includes("NOT unlocked by repeating it"));
			assert.ok(error.message.includes("sandbox_permissions: \"danger-full-access\""));
			assert.ok(error.message.includes("justification"));
			return true;
		});
	});
	it("should leave workspace-write sessions' failures untouched", async () => {
		const plain = mountFsTools(await load("@deepseek-ai/dsh-tool-fs"), failingFs("workspace-write", "cannot write \"/srv/x\": EIO"), world.ctx.sandboxPolicy);
		const session = fakeSession("tool-fs-ww", dirs.ws, "workspace-write");
		await assert.rejects(plain.get("write").execute({ file_path: "/srv/x", content: "x" }, execFor(session)), { code: "FS_IO_ERROR", message: "cannot write \"/srv/x\": EIO" });
	});
});

describe("dsh-tool-fs in workspace-write and read-only sessions (unchanged from upstream)", () => {
	for (const mode of ["workspace-write", "read-only"]) {
		it(`should refuse an outside write with the same error as the pristine rc.8 stack in a ${mode} session`, async () => {
			const dirs = scratch();
			try {
				const seen = [];
				for (const pristine of [false, true]) {
					const world = await makeWorld({ ws: dirs.ws, mode, withFs: true, pristine });
					const tools = mountFsTools(await (pristine ? loadPristine : load)("@deepseek-ai/dsh-tool-fs"), world.ctx.fs, world.ctx.sandboxPolicy);
					const session = fakeSession(`fs-regression-${mode}`, dirs.ws, mode);
					for (const args of [{ file_path: join(dirs.outside, "r.txt"), content: "x" }, { file_path: join(dirs.ws, "r.txt"), content: "in" }]) {
						try {
							seen.push({ ok: await tools.get("write").execute(args, execFor(session)) });
						} catch (error) {
							seen.push({ code: error.code, message: error.message });
						}
					}
					rmSync(join(dirs.ws, "r.txt"), { force: true });
				}
				assert.deepEqual(seen.slice(0, 2), seen.slice(2));
				assert.equal(seen[0].code, "FS_SANDBOX_DENIED");
				assert.match(seen[0].message, new RegExp(`^\\[sandbox: file access denied under ${mode} mode\\]\\n\\[sandbox: escalation available`, "u"));
				assert.equal(existsSync(join(dirs.outside, "r.txt")), false);
			} finally {
				dirs.cleanup();
			}
		});
	}
});

describe("pristine dsh-tool-str-replace-editor over the forked fence (audit: no carry needed)", () => {
	it("should pass the interception through unchanged and let the identical create run again", async () => {
		const dirs = scratch();
		try {
			const world = await makeWorld({ ws: dirs.ws, withFs: true });
			const editor = await loadPristine("@deepseek-ai/dsh-tool-str-replace-editor");
			const registered = new Map();
			editor.apply({
				fs: world.ctx.fs,
				tools: { register: (tool) => registered.set(tool.name, tool) },
				get: (name) => (name === "sandboxPolicy" ? world.ctx.sandboxPolicy : undefined),
				waterfall: async (_event, _target, _exec, fallback) => fallback(),
				emit: () => {}
			}, editor.Config({}));
			const [tool] = registered.values();
			const session = fakeSession("editor", dirs.ws);
			const target = join(dirs.outside, "editor.txt");
			const args = { command: "create", path: target, file_text: "from editor\n" };
			await assert.rejects(tool.execute(args, execFor(session)), (error) => {
				assert.equal(error.code, "FS_SELFCHECK_INTERCEPTED");
				assert.equal(error.message, selfCheckFsInterceptedMarker(target));
				return true;
			});
			assert.equal(existsSync(target), false);
			await tool.execute(args, execFor(session));
			assert.equal(readFileSync(target, "utf8"), "from editor\n");
		} finally {
			dirs.cleanup();
		}
	});
});

/**
 * The interception notice names the canonical outside target as the place
 * that is outside the workspace, and the path as written only labelled.
 */
function assertNamesTarget(message, target, written) {
	assert.ok(message.includes(`targets ${JSON.stringify(target)} (resolved from ${JSON.stringify(written)}), which is outside the workspace;`), message);
	assert.equal(message, selfCheckFsInterceptedMarker(target, written));
}

/** A confining filesystem whose every write fails with `FS_IO_ERROR` (root cannot provoke EACCES for real). */
function failingFs(sandboxMode, message) {
	return {
		sandboxMode,
		resolve: async (path) => ({ displayPath: path, targetKey: path }),
		writeText: async () => {
			throw new FsError(message, "FS_IO_ERROR");
		}
	};
}

/** Register dsh-tool-fs against a minimal host; returns its tools by name. */
function mountFsTools(plugin, fs, sandboxPolicy) {
	const registered = new Map();
	plugin.apply({
		fs,
		systemPrompt: { section: () => {} },
		tools: { register: (tool) => registered.set(tool.name, tool) },
		inject: () => {},
		get: (name) => (name === "sandboxPolicy" ? sandboxPolicy : undefined),
		waterfall: async (_event, _target, _exec, fallback) => fallback(),
		emit: () => {}
	}, plugin.Config({}));
	return registered;
}
