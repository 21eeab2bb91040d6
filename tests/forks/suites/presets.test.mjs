// dsh-permission-presets is carried byte-identical: loaded from the profile,
// its module-load import of SANDBOX_MODES resolves to the forked policy, so a
// preset table with a self-checking row validates; loaded from the shared
// pristine install, the same table fails.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { FORKS, RUNTIME, load, loadPristine } from "../support/world.mjs";

/** The preset table the profile's cordis.patch.yml carries (row `id: permission`), in picker order. */
const PRESETS = {
	presets: {
		"read-only": { sandbox: "read-only", approval: "ask" },
		"workspace-write": { sandbox: "workspace-write", approval: "ask" },
		"self-checking": {
			sandbox: "self-checking",
			approval: "ask",
			name: "Self Checking",
			description: "Full access with a workspace boundary check: commands and edits run confined to the workspace first, and one that reaches outside is intercepted once and allowed when repeated exactly."
		},
		"danger-full-access": { sandbox: "danger-full-access", approval: "never" }
	}
};

function files(root) {
	const out = [];
	const walk = (dir) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) walk(path);
			else out.push(relative(root, path));
		}
	};
	walk(root);
	return out.sort();
}

describe("dsh-permission-presets carry", () => {
	it("should be byte-identical (content and mode) to the registry's rc.8 package", () => {
		const fork = join(FORKS, "dsh-permission-presets");
		const pristine = join(RUNTIME, "node_modules", "@deepseek-ai", "dsh-permission-presets");
		assert.deepEqual(files(fork), files(pristine));
		for (const file of files(fork)) {
			assert.ok(readFileSync(join(fork, file)).equals(readFileSync(join(pristine, file))), file);
			assert.equal(statSync(join(fork, file)).mode, statSync(join(pristine, file)).mode, file);
		}
	});
	it("should validate the self-checking preset table with the profile's PermissionPresetService.Config", async () => {
		const { PermissionPresetService } = await load("@deepseek-ai/dsh-permission-presets");
		const config = PermissionPresetService.Config(PRESETS);
		assert.deepEqual(Object.keys(config.presets), ["read-only", "workspace-write", "self-checking", "danger-full-access"]);
		assert.equal(config.presets["self-checking"].sandbox, "self-checking");
		assert.equal(config.presets["self-checking"].approval, "ask");
		assert.equal(config.presets["self-checking"].name, "Self Checking");
	});
	it("should fail validation with the pristine policy swapped in", async () => {
		const { PermissionPresetService } = await loadPristine("@deepseek-ai/dsh-permission-presets");
		assert.throws(() => PermissionPresetService.Config(PRESETS), /\$\.presets\.self-checking\.sandbox expected "read-only" \| "workspace-write" \| "danger-full-access" but got "self-checking"/u);
	});
});
