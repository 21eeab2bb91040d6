// Tool level (dsh-tool-bash, dsh-tool-pwsh): what the model sees. The
// notices appear verbatim, replace the plain denial marker and escalation
// hint, keep `[exit code: N]`; the output schema (additionalProperties:
// false) accepts the new booleans; descriptions teach the mode.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFor, fakeSession, installPwshStandIn, load, loadPristine, makeWorld, scratch } from "../support/world.mjs";

const INTERCEPTED = "[sandbox: self-check intercepted — this command attempted to access a path outside the workspace; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be allowed with full access]";
const FAILED = "[sandbox: self-check failed — this command failed; this may be a sandbox permission issue; unless this access is intentional, do not re-run this command — if it IS intentional, re-run the exact same command and it will be retried with full access]";
const DENIAL = "[sandbox: file access denied under workspace-write mode]";
const HINT_PREFIX = "[sandbox: escalation available";

const { validateJsonSchemaValue } = await load("@deepseek-ai/dsh-tools");

/** Register a tool plugin against a minimal host around a real world; returns the tool and the started jobs. */
function mountTool(plugin, world) {
	const registered = new Map();
	const jobs = [];
	const services = {
		sandboxPolicy: world.ctx.sandboxPolicy,
		jobs: { start: ({ run }) => { jobs.push(run()); return `job-${jobs.length}`; } }
	};
	plugin.apply({
		shell: world.ctx.shell,
		systemPrompt: { section: () => {} },
		shellEnv: { collect: () => ({}) },
		tools: { register: (tool) => registered.set(tool.name, tool) },
		get: (name) => services[name]
	}, plugin.Config({}));
	const [tool] = registered.values();
	return { tool, jobs };
}

function foregroundValue(sandbox, exitCode = 1) {
	return {
		kind: "foreground",
		exitCode,
		signal: null,
		timedOut: false,
		aborted: false,
		timeoutMs: 60000,
		stdout: { text: "", truncated: false },
		stderr: { text: "bash: line 1: /var/tmp/x: Read-only file system\n", truncated: false },
		sandbox
	};
}

const lines = (rendered) => rendered[0].text.split("\n");

for (const family of ["bash", "pwsh"]) {
	describe(`dsh-tool-${family} self-check rendering and schema`, () => {
		let dirs;
		let world;
		let tool;
		let pristineTool;
		before(async () => {
			dirs = scratch();
			world = await makeWorld({ ws: dirs.ws, ...family === "pwsh" ? { pwshPath: installPwshStandIn(dirs.root) } : {} });
			({ tool } = mountTool(await load(`@deepseek-ai/dsh-tool-${family}`), world));
			({ tool: pristineTool } = mountTool(await loadPristine(`@deepseek-ai/dsh-tool-${family}`), world));
		});
		after(() => dirs.cleanup());

		it("should show the intercepted notice verbatim in place of the denial marker and hint, keeping [exit code: N]", () => {
			const text = lines(tool.output.render({}, foregroundValue({ mode: "workspace-write", denied: true, enforcement: "full", intercepted: true })));
			assert.deepEqual(text.slice(-2), [INTERCEPTED, "[exit code: 1]"]);
			assert.ok(!text.includes(DENIAL));
			assert.ok(!text.some((line) => line.startsWith(HINT_PREFIX)));
		});
		it("should show the failed notice verbatim in place of the denial marker and hint, keeping [exit code: N]", () => {
			const text = lines(tool.output.render({}, foregroundValue({ mode: "workspace-write", denied: true, enforcement: "full", failed: true }, 126)));
			assert.deepEqual(text.slice(-2), [FAILED, "[exit code: 126]"]);
			assert.ok(!text.includes(DENIAL));
		});
		it("should keep the plain denial marker and hint when nothing was recorded", () => {
			const text = lines(tool.output.render({}, foregroundValue({ mode: "workspace-write", denied: true, enforcement: "full" })));
			assert.equal(text.at(-3), DENIAL);
			assert.ok(text.at(-2).startsWith(HINT_PREFIX));
			assert.equal(text.at(-1), "[exit code: 1]");
		});
		it("should accept the new booleans in the output schema (the pristine schema rejects them)", () => {
			for (const flag of ["intercepted", "failed"]) {
				const value = foregroundValue({ mode: "workspace-write", denied: true, enforcement: "full", [flag]: true });
				assert.deepEqual(validateJsonSchemaValue(tool.output.schema, value), [], flag);
				assert.notDeepEqual(validateJsonSchemaValue(pristineTool.output.schema, value), [], flag);
			}
			assert.notDeepEqual(validateJsonSchemaValue(tool.output.schema, foregroundValue({ mode: "workspace-write", denied: true, intercepted: "yes" })), []);
		});
		it("should teach the mode in the tool description", () => {
			assert.ok(tool.description.includes("In the self-checking sandbox mode every command first runs confined to the workspace."));
			assert.ok(tool.description.includes("has already run once, confined"));
			assert.ok(tool.description.includes("without `sandbox_permissions`"));
			assert.ok(!pristineTool.description.includes("self-check"));
			if (family === "pwsh") assert.ok(tool.description.includes("Exit 0 is never judged"));
			assert.deepEqual(tool.parameters.properties.sandbox_permissions.enum, ["workspace-write", "danger-full-access"], "self-checking is not an escalation target");
		});
		it("should append the paragraph to the unchanged upstream description, and only where a confining executor is mounted", async () => {
			assert.ok(tool.description.startsWith(pristineTool.description));
			assert.match(tool.description.slice(pristineTool.description.length), /^ In the self-checking sandbox mode /u);
			const unconfined = (plugin) => mountTool(plugin, { ctx: { shell: { sandboxMode: undefined }, sandboxPolicy: undefined } }).tool.description;
			assert.equal(unconfined(await load(`@deepseek-ai/dsh-tool-${family}`)), unconfined(await loadPristine(`@deepseek-ai/dsh-tool-${family}`)));
		});
		it("should deliver the notice end to end through execute, then run the identical re-run", async () => {
			const session = fakeSession(`tool-${family}`, dirs.ws);
			const target = join(dirs.outside, `${family}.txt`);
			const args = { command: `echo ${family} > ${target}`, description: "Write a file outside" };
			const first = await tool.execute(args, execFor(session));
			assert.deepEqual(validateJsonSchemaValue(tool.output.schema, first), []);
			assert.equal(first.sandbox.intercepted, true);
			assert.deepEqual(lines(tool.output.render(args, first)).slice(-2), [INTERCEPTED, "[exit code: 1]"]);
			assert.equal(existsSync(target), false);
			const again = await tool.execute(args, execFor(session));
			assert.equal(again.exitCode, 0);
			assert.equal(tool.output.render(args, again)[0].text, "(no output)");
			assert.equal(readFileSync(target, "utf8"), `${family}\n`);
		});
		it("should give agentless calls the ordinary workspace-write denial, never a self-check notice", async () => {
			const target = join(dirs.outside, `${family}-agentless.txt`);
			const args = { command: `echo a > ${target}`, description: "Write a file outside" };
			const value = await tool.execute(args, execFor(undefined));
			const text = lines(tool.output.render(args, value));
			assert.ok(text.includes(DENIAL));
			assert.ok(!text.includes(INTERCEPTED) && !text.includes(FAILED));
			assert.equal(existsSync(target), false);
		});
	});
}

/** A host `/tmp` file: under bwrap's private tmpfs the confined probe cannot see it (the "failed" case). */
function hostTmpFile() {
	const dir = mkdtempSync("/tmp/dsh-forks-tools-");
	writeFileSync(join(dir, "data.txt"), "host data\n");
	return { path: join(dir, "data.txt"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

for (const family of ["bash", "pwsh"]) {
	describe(`dsh-tool-${family} failed notice and job_output`, () => {
		let dirs;
		let world;
		let mounted;
		let hostTmp;
		before(async () => {
			dirs = scratch();
			hostTmp = hostTmpFile();
			world = await makeWorld({ ws: dirs.ws, ...family === "pwsh" ? { pwshPath: installPwshStandIn(dirs.root) } : {} });
			mounted = mountTool(await load(`@deepseek-ai/dsh-tool-${family}`), world);
		});
		after(() => {
			dirs.cleanup();
			hostTmp.cleanup();
		});

		it("should carry failed: true in the canonical result, accepted by the schema, with the failed notice and [exit code: N]", async () => {
			const { tool } = mounted;
			const args = { command: `cat ${hostTmp.path}`, description: "Read a host /tmp file" };
			const first = await tool.execute(args, execFor(fakeSession(`failed-${family}`, dirs.ws)));
			assert.equal(first.sandbox.failed, true);
			assert.equal(first.sandbox.intercepted, undefined);
			assert.deepEqual(validateJsonSchemaValue(tool.output.schema, first), []);
			assert.deepEqual(lines(tool.output.render(args, first)).slice(-2), [FAILED, `[exit code: ${first.exitCode}]`]);
		});
		it("should put the intercepted notice on the job_output read instead of the denial marker", async () => {
			const { tool, jobs } = mounted;
			const args = { command: `echo bg > ${join(dirs.outside, `bg-${family}.txt`)}`, description: "Write outside in background", run_in_background: true };
			const started = await tool.execute(args, execFor(fakeSession(`bg-intercepted-${family}`, dirs.ws)));
			assert.equal(started.kind, "background");
			const job = jobs.at(-1);
			await job.done;
			const read = job.readOutput();
			assert.ok(read.endsWith(`\n${INTERCEPTED}`), read);
			assert.ok(!read.includes(DENIAL) && !read.includes(HINT_PREFIX), read);
			assert.equal(existsSync(join(dirs.outside, `bg-${family}.txt`)), false);
		});
		it("should put the failed notice on the job_output read", async () => {
			const { tool, jobs } = mounted;
			const args = { command: `cat ${hostTmp.path}`, description: "Read a host /tmp file in background", run_in_background: true };
			await tool.execute(args, execFor(fakeSession(`bg-failed-${family}`, dirs.ws)));
			const job = jobs.at(-1);
			await job.done;
			const read = job.readOutput();
			assert.ok(read.endsWith(`\n${FAILED}`), read);
			assert.ok(!read.includes(HINT_PREFIX), read);
		});
	});
}

for (const family of ["bash", "pwsh"]) for (const backend of ["bwrap", "landlock"]) {
	describe(`dsh-tool-${family} under ${backend}: a workspace script without its execute bit`, () => {
		let dirs;
		let mounted;
		before(async () => {
			dirs = scratch();
			writeFileSync(join(dirs.ws, "build.sh"), "echo built\n");
			const world = await makeWorld({ backend, ws: dirs.ws, ...family === "pwsh" ? { pwshPath: installPwshStandIn(dirs.root) } : {} });
			mounted = mountTool(await load(`@deepseek-ai/dsh-tool-${family}`), world);
		});
		after(() => dirs.cleanup());

		/** No self-check notice, no denial marker, no escalation hint: the sandbox refused nothing. */
		const assertPlain = (text) => {
			assert.ok(!text.includes(FAILED) && !text.includes(INTERCEPTED), text);
			assert.ok(!text.includes(DENIAL) && !text.includes(HINT_PREFIX), text);
		};
		it("should render the ordinary result, [exit code: 126] only", async () => {
			const args = { command: "./build.sh", description: "Run the build script" };
			const session = fakeSession(`noexec-${family}-${backend}`, dirs.ws);
			for (let attempt = 0; attempt < 2; attempt += 1) {
				const value = await mounted.tool.execute(args, execFor(session));
				assert.deepEqual(validateJsonSchemaValue(mounted.tool.output.schema, value), []);
				const text = mounted.tool.output.render(args, value)[0].text;
				assert.match(text, /build\.sh: Permission denied\n\[exit code: 126\]$/u);
				assertPlain(text);
			}
		});
		it("should render the ordinary job_output read", async () => {
			const args = { command: "./build.sh", description: "Run the build script", run_in_background: true };
			await mounted.tool.execute(args, execFor(fakeSession(`noexec-bg-${family}-${backend}`, dirs.ws)));
			const job = mounted.jobs.at(-1);
			await job.done;
			const read = job.readOutput();
			assert.match(read, /build\.sh: Permission denied\n$/u);
			assertPlain(read);
		});
	});
}

describe("workspace-write and read-only sessions see exactly the upstream bytes", () => {
	for (const family of ["bash", "pwsh"]) for (const mode of ["workspace-write", "read-only"]) {
		it(`should render the same ${family} results as the pristine rc.8 stack in a ${mode} session (foreground and job_output)`, async () => {
			const dirs = scratch();
			try {
				const stacks = [];
				for (const pristine of [false, true]) {
					const world = await makeWorld({ ws: dirs.ws, mode, pristine, ...family === "pwsh" ? { pwshPath: installPwshStandIn(dirs.root) } : {} });
					const plugin = await (pristine ? loadPristine : load)(`@deepseek-ai/dsh-tool-${family}`);
					stacks.push(mountTool(plugin, world));
				}
				for (const command of [`echo hi > ${join(dirs.outside, "x.txt")}`, "echo in > in.txt", `ls ${join(dirs.outside, "missing")}`]) {
					const seen = [];
					for (const { tool, jobs } of stacks) {
						const session = fakeSession(`regression-${mode}`, dirs.ws, mode);
						const args = { command, description: "Regression probe" };
						const value = await tool.execute(args, execFor(session));
						await tool.execute({ ...args, run_in_background: true }, execFor(session));
						await jobs.at(-1).done;
						seen.push({ value, text: tool.output.render(args, value)[0].text, read: jobs.at(-1).readOutput() });
					}
					assert.deepEqual(seen[0], seen[1], command);
					if (command.includes("x.txt")) {
						assert.ok(seen[0].text.includes(`[sandbox: file access denied under ${mode} mode]`), seen[0].text);
						assert.ok(seen[0].text.includes(HINT_PREFIX), seen[0].text);
					}
				}
				assert.equal(existsSync(join(dirs.outside, "x.txt")), false);
			} finally {
				dirs.cleanup();
			}
		});
	}
});
