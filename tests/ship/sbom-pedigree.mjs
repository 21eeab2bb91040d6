// Checks a release's SBOM against the repository it was built from:
//   node tests/ship/sbom-pedigree.mjs <file.cdx.json>
// - every package of upstream/forklayer.lock.json is in it, as a component
//   (carried unmodified) or as the pedigree ancestor of its fork, with the
//   lock's version and its registry integrity as a SHA-512 hash;
// - every patches/<pkg>.diff is the `unofficial` patch of exactly one
//   component, byte for byte, with the sha256 of patches/<pkg>.json;
// - every own package (plugins/*/package.json) is a component.
// Exits 1 naming each mismatch.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bom = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const problems = [];
const purl = (name, version) =>
  `pkg:npm/${name.split('/').map(encodeURIComponent).join('/')}@${encodeURIComponent(version)}`;
const sriHex = (sri) => Buffer.from(sri.replace(/^sha512-/, ''), 'base64').toString('hex');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

const lock = JSON.parse(readFileSync(join(root, 'upstream/forklayer.lock.json'), 'utf8'));
const ancestors = bom.components.flatMap((c) => (c.pedigree?.ancestors ?? []).map((a) => [a, c]));
for (const [name, locked] of Object.entries(lock.packages)) {
  const expected = purl(name, locked.version);
  const found = [...bom.components.filter((c) => !c.pedigree), ...ancestors.map(([a]) => a)].filter(
    (c) => c.purl === expected,
  );
  if (found.length !== 1) {
    problems.push(`${name}: ${found.length} components or ancestors with purl ${expected}, expected 1`);
    continue;
  }
  const hash = found[0].hashes?.find((h) => h.alg === 'SHA-512')?.content;
  if (locked.integrity && hash !== sriHex(locked.integrity)) problems.push(`${name}: SHA-512 ${hash} is not the lock's integrity`);
}

const patched = bom.components.filter((c) => c.pedigree);
const diffs = readdirSync(join(root, 'patches')).filter((f) => f.endsWith('.diff')).sort();
for (const file of diffs) {
  const diff = readFileSync(join(root, 'patches', file));
  const manifest = readFileSync(join(root, 'patches', file.replace(/\.diff$/, '.json')));
  const owners = patched.filter((c) => c.pedigree.patches.some((p) => p.diff.url === `patches/${file}`));
  if (owners.length !== 1) {
    problems.push(`patches/${file}: the patch of ${owners.length} components, expected 1`);
    continue;
  }
  const [patch] = owners[0].pedigree.patches;
  const text = patch.diff.text;
  const bytes = text.encoding === 'base64' ? Buffer.from(text.content, 'base64') : Buffer.from(text.content, 'utf8');
  if (patch.type !== 'unofficial') problems.push(`patches/${file}: patch type ${patch.type}`);
  if (!bytes.equals(diff)) problems.push(`patches/${file}: the SBOM's diff text differs from the file`);
  const recorded = owners[0].properties?.find((p) => p.name === 'forklayer:manifest:sha256')?.value;
  if (recorded !== sha256(manifest)) problems.push(`patches/${file}: manifest sha256 ${recorded} is not the file's`);
  if (owners[0].pedigree.ancestors.length !== 1) problems.push(`patches/${file}: not exactly one ancestor`);
}
if (patched.length !== diffs.length) problems.push(`${patched.length} components with a pedigree, ${diffs.length} review diffs`);

// plugins/shared holds sources the plugins share, no package of its own.
const pluginDirs = readdirSync(join(root, 'plugins')).filter((d) => existsSync(join(root, 'plugins', d, 'package.json')));
for (const plugin of pluginDirs.sort()) {
  const pkg = JSON.parse(readFileSync(join(root, 'plugins', plugin, 'package.json'), 'utf8'));
  if (!bom.components.some((c) => c.purl === purl(pkg.name, pkg.version))) problems.push(`own package ${pkg.name} is missing`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `${process.argv[2]}: ${Object.keys(lock.packages).length} upstream packages, ${diffs.length} forks with their patches, own packages present`,
);
