/**
 * The plugin's Cordis configuration: every key issue 7 names, each with a
 * default, so an empty `config:` row works. Documented in docs/proof-trust.md.
 */
import z from '@deepseek-ai/schemastery';
export type RequireBaseline = 'off' | 'warn' | 'ask';
export type EvidenceStoreMode = 'host' | 'workspace';
export type ExcerptStrategy = 'salient' | 'head';
/** One explicit check (monorepo sub-packages, custom builds). */
export interface CheckConfig {
    name: string;
    command: string;
    /** Workspace-relative directory the check runs in (default: the root). */
    cwd?: string;
    /** Workspace-relative prefixes or globs whose change makes the check stale. */
    paths?: string[];
    timeoutMs?: number;
}
export interface ProofConfig {
    requireBaseline: RequireBaseline;
    impactGraph: boolean;
    driftDetection: boolean;
    enforceOnTurnEnd: boolean;
    evidenceStore: EvidenceStoreMode;
    checkpointEvery: number;
    headChars: number;
    excerptStrategy: ExcerptStrategy;
    normalizeHome: boolean;
    checks: CheckConfig[];
    promptSection: boolean;
}
export declare const Config: z<Partial<ProofConfig>, ProofConfig>;
