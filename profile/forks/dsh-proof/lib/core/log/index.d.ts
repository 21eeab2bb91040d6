/** The tamper-evident evidence log, pure part: line format, chain and anchor verification. */
export { GENESIS_HASH, encodeRecord, decodeRecord, checkpointMessage, baselineMessage, type MarkerName, type LogRecord, type EvidenceRecord, type MarkerRecord, type CheckpointRecord, type CheckpointPayload, type RecordBody, type RecordProblem, } from './record.js';
export { parseAnchor, advancesAnchor, compareAnchor, type Anchor, type AnchorComparison } from './anchor.js';
export { verifyLog, splitLines, judgeBaseline, type VerifyLogInput, type IntegrityReport, type BaselineJudgement } from './verify.js';
export type { LogPorts, SignatureCheck } from './ports.js';
