/** The tamper-evident evidence log, pure part: line format, chain and anchor verification. */
export { GENESIS_HASH, encodeRecord, decodeRecord, checkpointMessage, } from './record.js';
export { parseAnchor, advancesAnchor, compareAnchor } from './anchor.js';
export { verifyLog, splitLines } from './verify.js';
