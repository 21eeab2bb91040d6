// dsh-client-ui-conversation: the composer's permission picker shows a glyph
// for the self-checking preset. The client bundle needs a browser/React host,
// so the suite evaluates the bundle's own `permissionGlyphs` table with a
// recording JSX runtime and inspects the element tree it builds.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FORKS, RUNTIME } from "../support/world.mjs";

const SHIELD = "shield-outline-path";

/** Evaluate the bundle's permissionGlyphs table: `{ mode: element tree }`. */
function glyphTable(clientJs) {
	const source = readFileSync(clientJs, "utf8");
	const start = source.indexOf("const permissionGlyphs = {");
	assert.notEqual(start, -1, "permissionGlyphs table present");
	const end = source.indexOf("\n\t\t};\n", start);
	const literal = source.slice(start + "const permissionGlyphs = ".length, end + "\n\t\t}".length);
	const element = (type, props) => ({ type, props });
	const runtime = { jsx: element, jsxs: element };
	return new Function("react_jsx_runtime", "shieldOutline", "FULL_ACCESS", `return ${literal};`)(runtime, SHIELD, "danger-full-access");
}

describe("permission picker glyph", () => {
	const forkClient = join(FORKS, "dsh-client-ui-conversation", "lib", "client.js");
	it("should add a self-checking glyph beside the three upstream ones", () => {
		const glyphs = glyphTable(forkClient);
		assert.deepEqual(Object.keys(glyphs), ["read-only", "workspace-write", "self-checking", "danger-full-access"]);
		const glyph = glyphs["self-checking"];
		assert.equal(glyph.type, "svg");
		assert.equal(glyph.props.viewBox, "0 0 16 16");
		assert.equal(glyph.props["aria-hidden"], true);
		const children = glyph.props.children;
		assert.equal(children[0].props.d, SHIELD, "drawn on the shared shield outline");
		assert.deepEqual(children.map((child) => child.type), ["path", "circle", "path"]);
		for (const mode of ["read-only", "workspace-write", "danger-full-access"]) assert.notDeepEqual(glyph, glyphs[mode], mode);
	});
	it("should be absent from the pristine bundle (the picker would show no glyph)", () => {
		const pristine = glyphTable(join(RUNTIME, "node_modules", "@deepseek-ai", "dsh-client-ui-conversation", "lib", "client.js"));
		assert.equal(pristine["self-checking"], undefined);
	});
});
