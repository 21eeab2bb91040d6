/**
 * The plugin's Cordis configuration: every key issue 7 names, each with a
 * default, so an empty `config:` row works. Documented in docs/proof-trust.md.
 */
import z from '@deepseek-ai/schemastery';
const CheckSchema = z.object({
    name: z.string().required().description('Name shown in evidence and verdicts.'),
    command: z.string().required().description('Shell command; exit status 0 means pass.'),
    cwd: z.string().description('Workspace-relative working directory (default: the workspace root).'),
    paths: z.array(z.string()).description('Workspace-relative prefixes or globs (`*`, `**`) whose change makes this check stale.'),
    timeoutMs: z.natural().min(1).description('Per-check timeout in milliseconds.'),
});
export const Config = z.object({
    requireBaseline: z
        .union(['off', 'warn', 'ask'])
        .default('warn')
        .description('Before a baseline exists: `off` ignores it, `warn` reminds the model at turn end, `ask` routes every mutation through user approval.'),
    impactGraph: z.boolean().default(true).description('Select stale checks through the import graph; `false` runs every check on every verification.'),
    driftDetection: z.boolean().default(true).description('At turn end, flag files that changed outside the tool stream since a tool wrote them.'),
    enforceOnTurnEnd: z.boolean().default(true).description('Steer once when a turn mutated the workspace without a proven claim.'),
    evidenceStore: z
        .union(['host', 'workspace'])
        .default('host')
        .description('`host`: the log lives under $DSH_HOME/proof/workspaces/<key>/ (outside the agent\'s writable area); `workspace`: in .proof/, with mutations touching it routed through approval.'),
    checkpointEvery: z.natural().min(1).default(32).description('Records between automatic signed checkpoints (boundaries always checkpoint).'),
    headChars: z.natural().min(200).default(4000).description('Excerpt budget per check output, in characters.'),
    excerptStrategy: z
        .union(['salient', 'head'])
        .default('salient')
        .description('`salient`: first failure line plus a tail window; `head`: plain head truncation.'),
    normalizeHome: z.boolean().default(true).description('Replace the home directory by $HOME in evidence.'),
    checks: z.array(CheckSchema).default([]).description('Explicit checks, in addition to the discovered ones.'),
    promptSection: z.boolean().default(true).description('Add the `proof:policy` system prompt section.'),
});
