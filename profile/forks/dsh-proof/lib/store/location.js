/**
 * Where a workspace's evidence lives. `host` (the default) keeps it under
 * `$DSH_HOME/proof/workspaces/<key>/`, outside the agent's writable area;
 * `workspace` keeps it in `<root>/.proof/`. The signing key and the anchors
 * always live under `$DSH_HOME/proof/keys/`, never inside the workspace.
 */
import { createHash } from 'node:crypto';
import { basename, join, resolve } from 'node:path';
/** Name of the in-workspace evidence directory (`evidenceStore: workspace`). */
export const WORKSPACE_STORE_DIR = '.proof';
/** `<directory name>-<16 hex of sha256(absolute root)>`: readable and collision-free. */
export function workspaceKeyOf(workspaceRoot) {
    const root = resolve(workspaceRoot);
    const digest = createHash('sha256').update(root, 'utf8').digest('hex').slice(0, 16);
    const name = basename(root).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'root';
    return `${name}-${digest}`;
}
export function locateStore(options) {
    const workspaceKey = workspaceKeyOf(options.workspaceRoot);
    const proofHome = join(resolve(options.dshHome), 'proof');
    const dir = options.evidenceStore === 'workspace'
        ? join(resolve(options.workspaceRoot), WORKSPACE_STORE_DIR)
        : join(proofHome, 'workspaces', workspaceKey);
    const keyDir = join(proofHome, 'keys');
    return {
        workspaceKey,
        dir,
        logFile: join(dir, 'evidence.jsonl'),
        baselineFile: join(dir, 'baseline.json'),
        keyDir,
        anchorFile: join(keyDir, 'anchors', `${workspaceKey}.json`),
    };
}
