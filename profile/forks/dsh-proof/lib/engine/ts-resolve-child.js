/**
 * Child process of `node-ts-resolver.ts`: resolves the imports of the files
 * named on stdin with the workspace's own TypeScript (`ts.preProcessFile`
 * for the specifiers, `ts.resolveModuleName` under each file's nearest
 * tsconfig/jsconfig). It runs apart from the host because the compiler is
 * loaded from the workspace, which the agent under audit can write: code
 * loaded there must not share memory with the grader.
 *
 * stdin: `{"workspace": abs, "files": [relative…]}`; stdout: one JSON line
 * per file, `{"file": rel, "targets": [rel…]}`, then `{"done": true}`, or
 * `{"error": message}`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
function main(input) {
    const root = input.workspace;
    // The workspace's own installation (a link into a package store counts),
    // never one found further up the directory tree.
    const installed = join(root, 'node_modules', 'typescript');
    if (!existsSync(join(installed, 'package.json')))
        throw new Error('typescript is not installed in the workspace');
    const ts = createRequire(join(root, 'package.json'))(installed);
    const configs = new Map();
    const settingsFor = (file) => {
        const configPath = nearestConfig(root, dirname(join(root, file)));
        let settings = configs.get(configPath);
        if (settings === undefined) {
            const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
            const options = (configPath === '' ? undefined : ts.getParsedCommandLineOfConfigFile(configPath, {}, host)?.options) ?? { allowJs: true };
            settings = { options, cache: ts.createModuleResolutionCache(root, (s) => s, options) };
            configs.set(configPath, settings);
        }
        return settings;
    };
    for (const file of input.files) {
        const abs = join(root, file);
        const text = ts.sys.readFile(abs);
        const targets = new Set();
        if (text !== undefined) {
            const { options, cache } = settingsFor(file);
            for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
                const resolved = ts.resolveModuleName(imported.fileName, abs, options, ts.sys, cache).resolvedModule?.resolvedFileName;
                const target = resolved === undefined ? null : insideWorkspace(root, resolved);
                if (target !== null && target !== file)
                    targets.add(target);
            }
        }
        process.stdout.write(`${JSON.stringify({ file, targets: [...targets].sort() })}\n`);
    }
    process.stdout.write('{"done":true}\n');
}
/** The nearest tsconfig.json / jsconfig.json from `dir` up to the root ('' when none). */
function nearestConfig(root, dir) {
    for (let d = dir;; d = dirname(d)) {
        for (const name of CONFIG_NAMES)
            if (existsSync(join(d, name)))
                return join(d, name);
        if (d === root || relative(root, d).startsWith('..') || dirname(d) === d)
            return '';
    }
}
/** Workspace-relative slash path of a resolved file, null outside it or inside a dependency tree. */
function insideWorkspace(root, file) {
    const rel = relative(root, file);
    if (rel === '' || rel.startsWith('..') || /(?:^|[\\/])node_modules[\\/]/.test(rel))
        return null;
    return rel.split(sep).join('/');
}
try {
    main(JSON.parse(readFileSync(0, 'utf8')));
}
catch (error) {
    process.stdout.write(`${JSON.stringify({ error: error.message })}\n`);
    process.exitCode = 1;
}
