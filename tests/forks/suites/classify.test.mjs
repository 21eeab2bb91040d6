// Unit tables for the shared self-check judgement (dsh-sandbox
// classifySelfCheck / isUnderWritableRoots): what counts as an interception,
// what as a failure with permission-like evidence, and what stays a plain
// result (traps 3, 4 and 5).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load, scratch } from "../support/world.mjs";

const BWRAP = ["read-only file system"];
const LANDLOCK = ["permission denied"];

describe("classifySelfCheck", () => {
	let dirs;
	let classify;
	let policy;
	let hostTmp;
	before(async () => {
		dirs = scratch();
		({ classifySelfCheck: classify } = await load("@deepseek-ai/dsh-sandbox"));
		policy = { mode: "self-checking", workspaceRoot: dirs.ws, sessionId: "s" };
		hostTmp = mkdtempSync("/tmp/dsh-forks-hosttmp-");
		writeFileSync(join(hostTmp, "present.txt"), "x");
	});
	after(() => {
		dirs.cleanup();
		rmSync(hostTmp, { recursive: true, force: true });
	});
	const judge = (stderr, { exitCode = 1, signal = null, timedOut, aborted, signatures = BWRAP, workdir } = {}) => classify({ exitCode, signal, timedOut, aborted, stderr }, { denialSignatures: signatures, workdir: workdir ?? dirs.ws, policy });

	it("should intercept a bwrap denial naming an outside path, in every common diagnostic shape", () => {
		const out = join(dirs.outside, "f.txt");
		for (const line of [
			`bash: line 1: ${out}: Read-only file system`,
			`touch: cannot touch '${out}': Read-only file system`,
			`mkdir: cannot create directory ‘${out}’: Read-only file system`,
			`OSError: [Errno 30] Read-only file system: '${out}'`,
			`Error: EROFS: read-only file system, open '${out}'`,
			`sh: 1: cannot create ${out}: Read-only file system`
		]) assert.equal(judge(`${line}\n`), "intercepted", line);
	});
	it("should intercept a Landlock denial naming an outside path", () => {
		assert.equal(judge(`bash: line 1: ${dirs.outside}/x: Permission denied\n`, { signatures: LANDLOCK }), "intercepted");
		assert.equal(judge(`PermissionError: [Errno 13] Permission denied: '${dirs.outside}/x'\n`, { signatures: LANDLOCK }), "intercepted");
	});
	it("should resolve a relative denied path against the command's workdir", () => {
		assert.equal(judge("touch: cannot touch '../outside/r.txt': Read-only file system\n"), "intercepted");
		assert.equal(judge("touch: cannot touch 'r.txt': Read-only file system\n"), "failed");
		assert.equal(judge("touch: cannot touch 'r.txt': Read-only file system\n", { workdir: dirs.outside }), "intercepted");
	});
	it("should treat a denial inside the writable roots as a failure, not an interception", () => {
		assert.equal(judge(`bash: ${dirs.ws}/locked.txt: Permission denied\n`, { signatures: LANDLOCK }), "failed");
		assert.equal(judge("bash: /tmp/x: Permission denied\n", { signatures: LANDLOCK }), "failed");
	});
	it("should follow symlinks when checking containment", () => {
		const link = join(dirs.ws, "to-outside");
		symlinkSync(dirs.outside, link);
		try {
			assert.equal(judge(`bash: ${link}/x: Read-only file system\n`), "intercepted");
		} finally {
			rmSync(link);
		}
	});
	it("should intercept a bare relative operand in the `<path>: <reason>` shape (a workspace symlink to the outside)", () => {
		const link = join(dirs.ws, "link");
		symlinkSync(dirs.outside, link);
		try {
			assert.equal(judge("bash: line 1: link/f.txt: Read-only file system\n"), "intercepted");
			assert.equal(judge("tee: link/f.txt: Permission denied\n", { signatures: LANDLOCK }), "intercepted");
			assert.equal(judge("bash: line 1: sub/f.txt: Read-only file system\n"), "failed", "a relative operand inside the workspace");
		} finally {
			rmSync(link);
		}
	});
	it("should read an unquoted path with spaces whole, so a denial inside a spaced workspace is not intercepted", () => {
		const spaced = join(dirs.root, "my project");
		mkdirSync(spaced);
		const spacedPolicy = { ...policy, workspaceRoot: spaced };
		const judgeSpaced = (line) => classify({ exitCode: 1, signal: null, stderr: line }, { denialSignatures: LANDLOCK, workdir: spaced, policy: spacedPolicy });
		assert.equal(judgeSpaced(`bash: line 1: ${spaced}/locked.txt: Permission denied\n`), "failed");
		assert.equal(judgeSpaced(`${spaced}/run.sh: line 3: out.txt: Permission denied\n`), "failed");
		assert.equal(judgeSpaced(`bash: line 1: ${dirs.outside}/with space/x: Permission denied\n`), "intercepted");
	});
	it("should judge an EACCES the host's own permissions explain inside the workspace as ordinary, under every backend", () => {
		writeFileSync(join(dirs.ws, "build.sh"), "echo built\n");
		mkdirSync(join(dirs.ws, "bin"), { recursive: true });
		writeFileSync(join(dirs.ws, "bin", "tool"), "echo tool\n");
		for (const signatures of [BWRAP, LANDLOCK, ["access is denied", "access to the path", "permission denied"]]) {
			for (const line of [
				"bash: line 1: ./build.sh: Permission denied",
				`bash: ${dirs.ws}/build.sh: Permission denied`,
				"bash: line 1: bin/tool: Permission denied",
				`/bin/sh: 1: ${dirs.ws}/bin/tool: Permission denied`,
				`${dirs.outside}/ci.sh: line 4: ./build.sh: Permission denied`,
				`ResourceUnavailable: Program 'build.sh' failed to run: An error occurred trying to start process '${dirs.ws}/build.sh' with working directory '${dirs.ws}'. Permission denied`
			]) assert.equal(judge(`${line}\n`, { exitCode: 126, signatures }), "ordinary", `${signatures}: ${line}`);
		}
	});
	it("should keep the failed verdict when the host does not refuse the path (Landlock denies with the same EACCES)", () => {
		writeFileSync(join(dirs.ws, "runnable.sh"), "echo ok\n");
		chmodSync(join(dirs.ws, "runnable.sh"), 0o755);
		assert.equal(judge("bash: line 1: ./runnable.sh: Permission denied\n", { exitCode: 126, signatures: LANDLOCK }), "failed");
		assert.equal(judge("touch: cannot touch 'cd-away.txt': Permission denied\n", { signatures: LANDLOCK }), "failed", "a relative path after a cd away: missing in the workspace, not refused");
		assert.equal(judge("bash: line 1: ./build.sh: Operation not permitted\n"), "failed", "only EACCES texts are judged ordinary");
		assert.equal(judge(`bash: line 1: ${dirs.ws}/build.sh: Read-only file system\n`), "failed", "EROFS on a granted root is no host refusal");
	});
	it("should keep the interception when an ordinary EACCES shares its line or stderr with an outside denial", () => {
		writeFileSync(join(dirs.ws, "build.sh"), "echo built\n");
		assert.equal(judge(`bash: line 1: ./build.sh: Permission denied\ntee: ${dirs.outside}/o.txt: Permission denied\n`, { exitCode: 126, signatures: LANDLOCK }), "intercepted");
		assert.equal(judge(`cp: cannot create regular file '${dirs.outside}/build.sh' from './build.sh': Permission denied\n`, { signatures: LANDLOCK }), "intercepted");
		assert.equal(judge(`/bin/sh: 1: cannot create ${dirs.outside}/o.txt: Permission denied\n`, { signatures: LANDLOCK }), "intercepted", "the reporting shell is skipped, its operand is not");
		assert.equal(judge(`bash: line 1: ./build.sh: Permission denied\nnpm ERR! code EACCES\n`, { exitCode: 126, signatures: LANDLOCK }), "failed", "other evidence still counts");
	});
	it("should not judge an EACCES ordinary in a writable root the backend denies (os.tmpdir() elsewhere, bwrap's private /tmp)", () => {
		const elsewhere = join(dirs.root, "own-tmpdir");
		mkdirSync(elsewhere);
		writeFileSync(join(elsewhere, "run.sh"), "echo\n");
		writeFileSync(join(hostTmp, "run.sh"), "echo\n");
		const saved = process.env.TMPDIR;
		process.env.TMPDIR = elsewhere;
		try {
			assert.equal(judge(`bash: ${elsewhere}/run.sh: Permission denied\n`, { exitCode: 126, signatures: LANDLOCK }), "failed");
		} finally {
			if (saved === undefined) delete process.env.TMPDIR;
			else process.env.TMPDIR = saved;
		}
		assert.equal(judge(`bash: ${hostTmp}/run.sh: Permission denied\n`, { exitCode: 126, signatures: LANDLOCK }), "ordinary", "Landlock's /tmp is the host's");
		assert.equal(judge(`bash: ${hostTmp}/run.sh: Permission denied\n`, { exitCode: 126 }), "failed", "bwrap's /tmp is private: the host cannot testify");
	});
	it("should treat a signature line without a path as a failure", () => {
		assert.equal(judge("cp: Read-only file system\n"), "failed");
	});
	it("should count EACCES/EPERM texts as failure evidence under any backend", () => {
		assert.equal(judge("npm ERR! code EACCES\n"), "failed");
		assert.equal(judge("chown: changing ownership of 'x': Operation not permitted\n"), "failed");
	});
	it("should count a host /tmp path hidden by bwrap's private tmpfs as failure evidence", () => {
		assert.equal(judge(`cat: ${join(hostTmp, "present.txt")}: No such file or directory\n`), "failed");
		assert.equal(judge(`bash: ${join(hostTmp, "new.txt")}: No such file or directory\n`), "failed");
	});
	it("should not count a /tmp path missing on the host, nor under Landlock", () => {
		assert.equal(judge("cat: /tmp/dsh-forks-surely-missing/x: No such file or directory\n"), undefined);
		assert.equal(judge("ls: cannot access '/tmp/dsh-forks-surely-missing': No such file or directory\n"), undefined);
		assert.equal(judge(`cat: ${join(hostTmp, "present.txt")}: No such file or directory\n`, { signatures: LANDLOCK }), undefined);
	});
	it("should leave plain failures alone: a missing path, a grep without match, a failing test", () => {
		assert.equal(judge(`ls: cannot access '${dirs.ws}/nope': No such file or directory\n`, { exitCode: 2 }), undefined);
		assert.equal(judge(`ls: cannot access '${dirs.outside}/nope': No such file or directory\n`, { exitCode: 2 }), undefined);
		assert.equal(judge("", { exitCode: 1 }), undefined);
		assert.equal(judge("AssertionError: expected 1 to equal 2\n", { exitCode: 1 }), undefined);
	});
	it("should never judge an exit 0, even when stderr mentions a denial (trap 4)", () => {
		assert.equal(judge(`bash: ${dirs.outside}/m: Read-only file system\ncontinuing\n`, { exitCode: 0 }), undefined);
		assert.equal(judge(`Set-Content: Access to the path '${dirs.outside}/m' is denied.\n`, { exitCode: 0, signatures: ["access is denied", "access to the path", "permission denied"] }), undefined);
	});
	it("should never judge timeouts, signal deaths or aborts (trap 3)", () => {
		const line = `bash: ${dirs.outside}/t: Read-only file system\n`;
		assert.equal(judge(line, { exitCode: null, signal: "SIGTERM", timedOut: true }), undefined);
		assert.equal(judge(line, { exitCode: 143, signal: null, timedOut: true }), undefined);
		assert.equal(judge(line, { exitCode: null, signal: "SIGKILL" }), undefined);
		assert.equal(judge(line, { exitCode: 130, aborted: true }), undefined);
	});
	it("should never judge a 128+N exit status: how bwrap and shells report a death by signal N (trap 3)", () => {
		const line = `bash: ${dirs.outside}/t: Read-only file system\n`;
		for (const exitCode of [129, 134, 137, 139, 143, 192]) assert.equal(judge(line, { exitCode }), undefined, String(exitCode));
		for (const exitCode of [1, 2, 126, 127, 128, 193, 255]) assert.equal(judge(line, { exitCode }), "intercepted", String(exitCode));
	});
});

describe("isUnderWritableRoots", () => {
	it("should contain the workspace, /tmp and os.tmpdir(), and nothing else", async () => {
		const { isUnderWritableRoots } = await load("@deepseek-ai/dsh-sandbox");
		const dirs = scratch();
		try {
			const policy = { mode: "self-checking", workspaceRoot: dirs.ws };
			mkdirSync(join(dirs.ws, "sub"));
			assert.equal(isUnderWritableRoots(join(dirs.ws, "sub", "missing", "deep.txt"), policy), true);
			assert.equal(isUnderWritableRoots(dirs.ws, policy), true);
			assert.equal(isUnderWritableRoots("/tmp/anything", policy), true);
			assert.equal(isUnderWritableRoots(join(dirs.outside, "x"), policy), false);
			assert.equal(isUnderWritableRoots(`${dirs.ws}-sibling/x`, policy), false);
			assert.equal(isUnderWritableRoots(join(dirs.ws, "..", "outside", "x"), policy), false);
		} finally {
			dirs.cleanup();
		}
	});
});
