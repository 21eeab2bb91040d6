// dsh-sandbox-local defence in depth: a self-checking policy that reaches the
// provider is confined as workspace-write on every rung, never as the
// read-only profile upstream gives an unknown mode.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { load, loadPristine } from "../support/world.mjs";

const policyOf = (mode) => ({ mode, workspaceRoot: "/var/tmp/dsh-forks-ws", sessionId: "s" });

async function provider(pkg, { chain, runnerCommand } = {}) {
	const { Context } = await load("@deepseek-ai/cordis");
	const { LocalSandboxProvider } = await pkg;
	const ctx = new Context();
	await ctx.plugin(LocalSandboxProvider, LocalSandboxProvider.Config(runnerCommand === undefined ? {} : { runnerCommand, runnerFailureSignatures: ["runner: "] }));
	if (chain !== undefined) ctx.sandbox.internals.chain = chain;
	return ctx.sandbox;
}

describe("LocalSandboxProvider.confine for self-checking", () => {
	for (const rung of ["bwrap", "landlock", "seatbelt"]) {
		it(`should confine self-checking exactly as workspace-write on the ${rung} rung`, async () => {
			const sandbox = await provider(load("@deepseek-ai/dsh-sandbox-local"), { chain: [rung] });
			const selfChecking = sandbox.confine(["bash", "-c", "true"], policyOf("self-checking"));
			const workspaceWrite = sandbox.confine(["bash", "-c", "true"], policyOf("workspace-write"));
			const readOnly = sandbox.confine(["bash", "-c", "true"], policyOf("read-only"));
			assert.deepEqual(selfChecking, workspaceWrite);
			assert.notDeepEqual(selfChecking.argv, readOnly.argv);
			assert.ok(selfChecking.argv.some((arg) => arg.includes("/var/tmp/dsh-forks-ws")), selfChecking.argv.join(" "));
		});
	}
	it("should confine self-checking as workspace-write through a configured runnerCommand", async () => {
		const sandbox = await provider(load("@deepseek-ai/dsh-sandbox-local"), { runnerCommand: ["/usr/bin/bwrap"] });
		assert.deepEqual(sandbox.confine(["true"], policyOf("self-checking")), sandbox.confine(["true"], policyOf("workspace-write")));
	});
	it("should differ from the pristine provider, which would hand self-checking the read-only profile", async () => {
		const pristine = await provider(loadPristine("@deepseek-ai/dsh-sandbox-local"), { chain: ["bwrap"] });
		assert.deepEqual(pristine.confine(["true"], policyOf("self-checking")).argv, pristine.confine(["true"], policyOf("read-only")).argv);
	});
});
