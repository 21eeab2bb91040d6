/**
 * The canonical JSON values the four tools return, and their output schemas
 * (dsh-tools' schema DSL, validated by the host against every result). These
 * are the adapter's stable, model-facing contract; `translate.ts` fills them
 * from the engine's results.
 */
import type { InferValue, ValueSchemaSpec } from '@deepseek-ai/dsh-tools'
import type { IntegrityReport } from '../core/log/index.js'

export type Grade = 'proven' | 'regressed' | 'stale' | 'unproven' | 'no-baseline'
export const GRADES: readonly Grade[] = ['proven', 'regressed', 'stale', 'unproven', 'no-baseline']

// ---- output schemas -------------------------------------------------------

const str = { type: 'string', required: true } as const
const int = { type: 'integer', required: true } as const
const bool = { type: 'boolean', required: true } as const
const strings = { type: 'array', required: true, items: { type: 'string' } } as const
const nullableString = { required: true, oneOf: [{ type: 'string' }, { type: 'null' }] } as const
const grade = { type: 'string', required: true, enum: GRADES } as const

export const INTEGRITY_SCHEMA = {
  type: 'object',
  required: true,
  additionalProperties: false,
  properties: {
    chainMode: { type: 'string', required: true, enum: ['signed', 'hash-only'] },
    records: int,
    checkpoints: int,
    chainIntact: bool,
    firstBrokenRecord: { required: true, oneOf: [{ type: 'integer' }, { type: 'null' }] },
    rewindDetected: bool,
    baselineTampered: bool,
    baselineForeign: bool,
    unverifiableCheckpoints: int,
    forgedCheckpoints: int,
    anchorForged: bool,
    tailRecords: int,
    intact: bool,
    problems: strings,
  },
} as const

export const TALLY_SCHEMA = {
  type: 'object',
  required: true,
  additionalProperties: false,
  properties: { passing: int, regressions: int, preExisting: int, indeterminate: int, notRun: int },
} as const

const VERIFY_PROPERTIES = {
  grade,
  /** How the re-run checks were chosen: `resolved` (TypeScript's own module resolution joined the import graph), `approximate` (the pattern graph), `forced` (every check). */
  impactPrecision: { type: 'string', required: true, enum: ['resolved', 'approximate', 'forced'] },
  evidenceRoot: nullableString,
  tally: TALLY_SCHEMA,
  ran: strings,
  regressions: {
    type: 'array',
    required: true,
    items: {
      type: 'object',
      additionalProperties: false,
      properties: {
        check: str,
        verdict: str,
        /** Session files (the agent's, explicit, unknown origin) that can explain it, most likely first. */
        suspects: strings,
        /** Files changed outside the agent's tool stream that can explain it, most likely first. */
        externalSuspects: strings,
        /** `external`: its only plausible cause changed outside the session — not charged. */
        cause: { type: 'string', required: true, enum: ['session', 'external'] },
        salientLine: nullableString,
      },
    },
  },
  changed: {
    type: 'array',
    required: true,
    items: {
      type: 'object',
      additionalProperties: false,
      properties: { path: str, origin: { type: 'string', required: true, enum: ['agent', 'external', 'explicit', 'unknown'] } },
    },
  },
  external: strings,
  changeMethods: strings,
  degraded: nullableString,
  blockers: strings,
  integrity: INTEGRITY_SCHEMA,
} as const

export const VERIFY_SCHEMA = { type: 'object', additionalProperties: false, properties: VERIFY_PROPERTIES } as const satisfies ValueSchemaSpec

export const CLAIM_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: { claim: str, ...VERIFY_PROPERTIES },
} as const satisfies ValueSchemaSpec

const BASELINE_CHECKS = {
  type: 'array',
  required: true,
  items: { type: 'object', additionalProperties: false, properties: { name: str, outcome: str } },
} as const

export const BASELINE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', required: true, enum: ['saved', 'aborted'] },
    evidenceRoot: nullableString,
    checks: BASELINE_CHECKS,
    dirtyFiles: int,
    integrity: INTEGRITY_SCHEMA,
  },
} as const satisfies ValueSchemaSpec

export const STATUS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    baseline: {
      required: true,
      oneOf: [
        { type: 'null' },
        { type: 'object', additionalProperties: false, properties: { evidenceRoot: nullableString, checks: BASELINE_CHECKS } },
      ],
    },
    /** Why the saved baseline cannot be used (tampered, unreadable), or `null`. */
    baselineProblem: nullableString,
    checks: {
      type: 'array',
      required: true,
      items: { type: 'object', additionalProperties: false, properties: { id: str, command: str, cwd: str } },
    },
    latest: {
      required: true,
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          additionalProperties: false,
          properties: { kind: { type: 'string', required: true, enum: ['verification', 'claim'] }, grade, summary: str, evidenceRoot: str },
        },
      ],
    },
    integrity: INTEGRITY_SCHEMA,
  },
} as const satisfies ValueSchemaSpec

// ---- the values, inferred from their schemas so the two cannot drift ------

export type IntegrityView = InferValue<typeof INTEGRITY_SCHEMA>
export type Tally = InferValue<typeof TALLY_SCHEMA>
export type VerifyView = InferValue<typeof VERIFY_SCHEMA>
export type ClaimView = InferValue<typeof CLAIM_SCHEMA>
export type BaselineView = InferValue<typeof BASELINE_SCHEMA>
export type StatusView = InferValue<typeof STATUS_SCHEMA>
export type RegressionView = VerifyView['regressions'][number]
export type ChangedFileView = VerifyView['changed'][number]
export type BaselineCheckView = BaselineView['checks'][number]

/** The store's report as a JSON value (a plain copy). */
export function integrityView(report: IntegrityReport): IntegrityView {
  return { ...report, problems: [...report.problems] }
}
