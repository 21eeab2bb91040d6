/** The tamper-evident evidence log, pure part: line format, chain and anchor verification. */
export { GENESIS_HASH, encodeRecord, decodeRecord, checkpointMessage, baselineMessage, } from './record.js';
export { parseAnchor, advancesAnchor, compareAnchor } from './anchor.js';
export { verifyLog, splitLines, judgeBaseline } from './verify.js';
