/**
 * Verification of the evidence log: chain links, checkpoint signatures, the
 * out-of-band anchor and the baseline digest, folded into one integrity
 * report. Pure: bytes and facts in, report out; hashing and signatures go
 * through {@link LogPorts}.
 */
import { compareAnchor, type Anchor } from './anchor.js'
import { baselineMessage, checkpointMessage, decodeRecord, GENESIS_HASH, type LogRecord, type MarkerRecord, type RecordProblem } from './record.js'
import type { LogPorts } from './ports.js'

/** Everything the verifier looks at. */
export interface VerifyLogInput {
  /** The log file's bytes; `null` when there is no log yet. */
  readonly log: Uint8Array | null
  /** The anchor: parsed, `'malformed'` (present but unreadable) or `null` (absent). */
  readonly anchor: Anchor | 'malformed' | null
  /** sha256 of `baseline.json`'s bytes, `null` when there is no baseline file. */
  readonly baselineDigest: string | null
  /** Whether this host's signing key is loaded (checkpoints are being written). */
  readonly signerAvailable: boolean
  /** This host holds no key at all (never made, or deleted): it signed nothing in a log that exists. */
  readonly hostKeyMissing?: boolean | undefined
}

/** The log integrity section of `proof_status`. */
export interface IntegrityReport {
  /** `signed`: hash chain plus signed checkpoints; `hash-only`: no signer, the chain alone. */
  readonly chainMode: 'signed' | 'hash-only'
  /** Lines in the log (a torn final line counts). */
  readonly records: number
  /** Checkpoints whose signature this host verified. */
  readonly checkpoints: number
  /** Every link holds and no checkpoint is forged. */
  readonly chainIntact: boolean
  /** Index of the first record whose link or form is broken, `null` when none. */
  readonly firstBrokenRecord: number | null
  /** The log no longer holds the anchored checkpoint (truncated, rewound or replaced). */
  readonly rewindDetected: boolean
  /** `baseline.json` differs from the digest recorded in the chain (or appeared/vanished). */
  readonly baselineTampered: boolean
  /**
   * `baseline.json` is intact but this host did not sign it (a key it did not
   * issue, or none): it can grade, but never make a claim proven.
   */
  readonly baselineForeign: boolean
  /** Checkpoints (and anchor) signed by a key this host does not hold: unknown, not forged. */
  readonly unverifiableCheckpoints: number
  /** Checkpoints signed with this host's key id whose signature does not verify. */
  readonly forgedCheckpoints: number
  /** The anchor's signature does not verify, it is unreadable, or it is missing although this host signed the log. */
  readonly anchorForged: boolean
  /** Records after the last verified checkpoint: protected by the chain only. */
  readonly tailRecords: number
  /** No tampering was detected (unverifiable parts are not tampering). */
  readonly intact: boolean
  /** One sentence per finding, in log order, for people. */
  readonly problems: readonly string[]
}

interface ChainScan {
  readonly records: readonly (LogRecord | null)[]
  readonly firstBrokenRecord: number | null
  readonly problems: string[]
}

/** Verify the log described by `input`. */
export function verifyLog(input: Readonly<VerifyLogInput>, ports: LogPorts): IntegrityReport {
  const chain = scanChain(input.log, ports)
  const problems = [...chain.problems]
  const signatures = checkCheckpoints(chain.records, ports, problems)
  const anchor = judgeAnchor(input.anchor, chain.records, signatures.valid, ports, problems)
  const baseline = judgeBaseline(chain.records, input.baselineDigest, input.signerAvailable, ports, input.hostKeyMissing === true)
  if (baseline.problem !== null) problems.push(baseline.problem)
  const baselineTampered = baseline.tampered
  noteSignerOutages(chain.records, problems)
  const chainIntact = chain.firstBrokenRecord === null && signatures.forged === 0
  return {
    chainMode: input.signerAvailable ? 'signed' : 'hash-only',
    records: chain.records.length,
    checkpoints: signatures.valid,
    chainIntact,
    firstBrokenRecord: chain.firstBrokenRecord,
    rewindDetected: anchor.rewound,
    baselineTampered,
    baselineForeign: baseline.foreign !== null,
    unverifiableCheckpoints: signatures.unverifiable + (anchor.unverifiable ? 1 : 0),
    forgedCheckpoints: signatures.forged,
    anchorForged: anchor.forged,
    tailRecords: chain.records.length - (signatures.lastValidIndex + 1),
    intact: chainIntact && !anchor.rewound && !anchor.forged && !baselineTampered,
    problems,
  }
}

const NEWLINE = 0x0a

/** Split into lines; a final segment without a newline is a torn line. */
export function splitLines(log: Uint8Array): { lines: Uint8Array[]; torn: boolean } {
  const lines: Uint8Array[] = []
  let start = 0
  for (let i = 0; i < log.length; i++) {
    if (log[i] === NEWLINE) {
      lines.push(log.subarray(start, i))
      start = i + 1
    }
  }
  const torn = start < log.length
  if (torn) lines.push(log.subarray(start))
  return { lines, torn }
}

const PROBLEM_TEXT: Record<RecordProblem, string> = {
  'not-utf8': 'is not valid UTF-8',
  'not-json': 'is not JSON',
  'not-canonical': 'is not in canonical form (it was edited)',
  'bad-shape': 'is not a log record',
}

function scanChain(log: Uint8Array | null, ports: LogPorts): ChainScan {
  const records: (LogRecord | null)[] = []
  const problems: string[] = []
  let firstBrokenRecord: number | null = null
  const breakAt = (index: number, why: string): void => {
    if (firstBrokenRecord === null) firstBrokenRecord = index
    problems.push(`record ${index} ${why}`)
  }
  if (log === null) return { records, firstBrokenRecord, problems }
  const { lines, torn } = splitLines(log)
  let expectedPrev = GENESIS_HASH
  lines.forEach((line, index) => {
    const decoded = decodeRecord(line)
    const isTornLine = torn && index === lines.length - 1
    if (decoded.record === undefined) {
      records.push(null)
      breakAt(index, isTornLine ? 'is incomplete (a torn write or a cut)' : PROBLEM_TEXT[decoded.problem])
    } else {
      records.push(decoded.record)
      if (decoded.record.seq !== index) breakAt(index, `claims position ${decoded.record.seq}: records were removed, inserted or reordered`)
      else if (decoded.record.prev !== expectedPrev) breakAt(index, 'does not link to the record before it: that record was edited or removed')
      else if (isTornLine) breakAt(index, 'has no final newline (a torn write or a cut)')
    }
    expectedPrev = ports.sha256(line)
  })
  return { records, firstBrokenRecord, problems }
}

interface SignatureTally {
  readonly valid: number
  readonly unverifiable: number
  readonly forged: number
  readonly lastValidIndex: number
}

function checkCheckpoints(records: readonly (LogRecord | null)[], ports: LogPorts, problems: string[]): SignatureTally {
  let valid = 0
  let unverifiable = 0
  let forged = 0
  let lastValidIndex = -1
  records.forEach((record, index) => {
    if (record === null || record.kind !== 'checkpoint') return
    const { count, head, keyId, signature } = record.data
    if (count !== record.seq || head !== record.prev) {
      forged++
      problems.push(`checkpoint ${index} commits to {count: ${count}} at another position: it was moved or forged`)
      return
    }
    const check = ports.verifySignature(checkpointMessage({ count, head }), signature, keyId)
    if (check === 'valid') {
      valid++
      lastValidIndex = index
    } else if (check === 'unverifiable') {
      unverifiable++
    } else {
      forged++
      problems.push(`checkpoint ${index} has a signature that does not verify: it was forged`)
    }
  })
  return { valid, unverifiable, forged, lastValidIndex }
}

interface AnchorJudgement {
  readonly rewound: boolean
  readonly forged: boolean
  readonly unverifiable: boolean
}

function judgeAnchor(
  anchor: Anchor | 'malformed' | null,
  records: readonly (LogRecord | null)[],
  signedByThisHost: number,
  ports: LogPorts,
  problems: string[],
): AnchorJudgement {
  if (anchor === 'malformed') {
    problems.push('the anchor file is not a readable anchor: it was overwritten')
    return { rewound: false, forged: true, unverifiable: false }
  }
  if (anchor === null) {
    // Every checkpoint this host writes also advances the anchor, so a log
    // holding this host's checkpoints without an anchor lost it.
    if (signedByThisHost === 0) return { rewound: false, forged: false, unverifiable: false }
    problems.push(`the anchor is missing although this host signed ${signedByThisHost} checkpoint(s) in the log: it was deleted`)
    return { rewound: false, forged: true, unverifiable: false }
  }
  const comparison = compareAnchor(anchor, records, ports)
  if (comparison.problem !== null) problems.push(comparison.problem)
  return {
    rewound: comparison.rewound,
    forged: comparison.signature === 'invalid',
    unverifiable: comparison.signature === 'unverifiable',
  }
}

/** Whether `baseline.json` is the one this host saved, and why not. */
export interface BaselineJudgement {
  readonly tampered: boolean
  readonly problem: string | null
  /** Why an untampered baseline cannot make a claim proven (this host did not sign it), or null. */
  readonly foreign: string | null
}

/**
 * Judge `baseline.json` (its sha256, `null` when absent) against the last
 * `baseline-saved` marker. While this host's key is loaded the marker must
 * carry this host's signature over the digest: anyone who can write the log
 * can append a well-linked marker (and the next checkpoint would cover it),
 * but only the key holder can sign one. A marker under a key this host does
 * not hold is not forged while no checkpoint in the log is this host's, but
 * it is not this host's either: the baseline is `foreign`, it grades but
 * never proves (an agent that can write a workspace store can plant a log and
 * a baseline signed with a key of its own, recording as failing the check it
 * is about to break).
 */
export function judgeBaseline(
  records: readonly (LogRecord | null)[],
  digest: string | null,
  signerAvailable: boolean,
  ports: LogPorts,
  hostKeyMissing = false,
): BaselineJudgement {
  const marker = lastBaselineMarker(records)
  const tampered = (problem: string): BaselineJudgement => ({ tampered: true, problem, foreign: null })
  const trusted: BaselineJudgement = { tampered: false, problem: null, foreign: null }
  if (marker === null && digest === null) return trusted
  if (marker === null) return tampered('baseline.json exists but the log never recorded saving it: it was planted')
  if (digest === null) return tampered('the log records a saved baseline but baseline.json is missing: it was removed')
  if (marker.data.digest !== digest) return tampered('baseline.json differs from the digest recorded when it was saved: it was swapped or edited')
  const { keyId, signature } = marker.data
  const check = typeof keyId === 'string' && typeof signature === 'string' ? ports.verifySignature(baselineMessage(digest), signature, keyId) : 'unsigned'
  if (check === 'valid') return trusted
  const foreign = (why: string): BaselineJudgement => {
    const problem = `record ${marker.seq}, the baseline-saved marker, ${why}: this host did not record that baseline.json, so no claim graded against it can be proven (take a new baseline)`
    return { tampered: false, problem, foreign: problem }
  }
  if (!signerAvailable) {
    // Hash-only: the chain alone vouches for a marker this host wrote
    // unsigned, but not for one signed by a key it cannot check, nor for a
    // log it could not have written at all.
    if (check !== 'unsigned') return foreign(`is signed by key ${String(keyId)}, which this host cannot verify`)
    if (hostKeyMissing) return foreign('is in a log this host holds no key for')
    if (records.some((r) => r?.kind === 'checkpoint')) return foreign('is covered by checkpoints of a key this host cannot verify')
    return trusted
  }
  // A foreign key on a log this host never signed is not a forgery (a copied
  // log, a replaced key) but not this host's work either; on a log it
  // signed, an impostor.
  if (check === 'unverifiable' && !signedByThisHost(records, ports)) return foreign(`is signed by key ${String(keyId)}, which this host did not issue`)
  return tampered(
    `record ${marker.seq}, the baseline-saved marker, ${check === 'invalid' ? 'has a signature that does not verify' : check === 'unsigned' ? 'is not signed' : 'is signed by a key this host does not hold'}: this host did not record that baseline.json (take a new baseline)`,
  )
}

function signedByThisHost(records: readonly (LogRecord | null)[], ports: LogPorts): boolean {
  return records.some((r) => r?.kind === 'checkpoint' && ports.verifySignature(checkpointMessage(r.data), r.data.signature, r.data.keyId) === 'valid')
}

function lastBaselineMarker(records: readonly (LogRecord | null)[]): MarkerRecord | null {
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]
    if (record?.kind === 'marker' && record.data.marker === 'baseline-saved') return record
  }
  return null
}

function noteSignerOutages(records: readonly (LogRecord | null)[], problems: string[]): void {
  records.forEach((record, index) => {
    if (record?.kind === 'marker' && record.data.marker === 'signer-unavailable') {
      const reason = typeof record.data.reason === 'string' ? `: ${record.data.reason}` : ''
      problems.push(`record ${index}: the signing key was unavailable${reason}; records after it are hash-chained only`)
    }
  })
}
