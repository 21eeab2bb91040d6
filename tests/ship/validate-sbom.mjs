// Validates CycloneDX JSON SBOMs against the official schema of their
// specVersion with the CycloneDX project's own library
// (@cyclonedx/cyclonedx-library, which bundles the schemas and checks them
// with ajv). Usage: node validate-sbom.mjs <file.cdx.json>...
// Exits 1 naming each invalid file and its schema errors.
import { readFile } from 'node:fs/promises';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node validate-sbom.mjs <file.cdx.json>...');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  const text = await readFile(file, 'utf8');
  const version = JSON.parse(text).specVersion;
  if (!Object.values(Spec.Version).includes(version)) {
    console.error(`${file}: unknown CycloneDX specVersion ${JSON.stringify(version)}`);
    failed = true;
    continue;
  }
  const errors = await new Validation.JsonStrictValidator(version).validate(text);
  if (errors === null) {
    console.log(`${file}: valid CycloneDX ${version}`);
  } else {
    console.error(`${file}: not valid CycloneDX ${version}:\n${JSON.stringify(errors, null, 2)}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
