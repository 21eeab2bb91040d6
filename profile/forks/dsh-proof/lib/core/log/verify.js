/**
 * Verification of the evidence log: chain links, checkpoint signatures, the
 * out-of-band anchor and the baseline digest, folded into one integrity
 * report. Pure: bytes and facts in, report out; hashing and signatures go
 * through {@link LogPorts}.
 */
import { compareAnchor } from './anchor.js';
import { baselineMessage, checkpointMessage, decodeRecord, GENESIS_HASH } from './record.js';
/** Verify the log described by `input`. */
export function verifyLog(input, ports) {
    const chain = scanChain(input.log, ports);
    const problems = [...chain.problems];
    const signatures = checkCheckpoints(chain.records, ports, problems);
    const anchor = judgeAnchor(input.anchor, chain.records, signatures.valid, ports, problems);
    const baseline = judgeBaseline(chain.records, input.baselineDigest, input.signerAvailable, ports, input.hostKeyMissing === true);
    if (baseline.problem !== null)
        problems.push(baseline.problem);
    const baselineTampered = baseline.tampered;
    noteSignerOutages(chain.records, problems);
    const chainIntact = chain.firstBrokenRecord === null && signatures.forged === 0;
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
    };
}
const NEWLINE = 0x0a;
/** Split into lines; a final segment without a newline is a torn line. */
export function splitLines(log) {
    const lines = [];
    let start = 0;
    for (let i = 0; i < log.length; i++) {
        if (log[i] === NEWLINE) {
            lines.push(log.subarray(start, i));
            start = i + 1;
        }
    }
    const torn = start < log.length;
    if (torn)
        lines.push(log.subarray(start));
    return { lines, torn };
}
const PROBLEM_TEXT = {
    'not-utf8': 'is not valid UTF-8',
    'not-json': 'is not JSON',
    'not-canonical': 'is not in canonical form (it was edited)',
    'bad-shape': 'is not a log record',
};
function scanChain(log, ports) {
    const records = [];
    const problems = [];
    let firstBrokenRecord = null;
    const breakAt = (index, why) => {
        if (firstBrokenRecord === null)
            firstBrokenRecord = index;
        problems.push(`record ${index} ${why}`);
    };
    if (log === null)
        return { records, firstBrokenRecord, problems };
    const { lines, torn } = splitLines(log);
    let expectedPrev = GENESIS_HASH;
    lines.forEach((line, index) => {
        const decoded = decodeRecord(line);
        const isTornLine = torn && index === lines.length - 1;
        if (decoded.record === undefined) {
            records.push(null);
            breakAt(index, isTornLine ? 'is incomplete (a torn write or a cut)' : PROBLEM_TEXT[decoded.problem]);
        }
        else {
            records.push(decoded.record);
            if (decoded.record.seq !== index)
                breakAt(index, `claims position ${decoded.record.seq}: records were removed, inserted or reordered`);
            else if (decoded.record.prev !== expectedPrev)
                breakAt(index, 'does not link to the record before it: that record was edited or removed');
            else if (isTornLine)
                breakAt(index, 'has no final newline (a torn write or a cut)');
        }
        expectedPrev = ports.sha256(line);
    });
    return { records, firstBrokenRecord, problems };
}
function checkCheckpoints(records, ports, problems) {
    let valid = 0;
    let unverifiable = 0;
    let forged = 0;
    let lastValidIndex = -1;
    records.forEach((record, index) => {
        if (record === null || record.kind !== 'checkpoint')
            return;
        const { count, head, keyId, signature } = record.data;
        if (count !== record.seq || head !== record.prev) {
            forged++;
            problems.push(`checkpoint ${index} commits to {count: ${count}} at another position: it was moved or forged`);
            return;
        }
        const check = ports.verifySignature(checkpointMessage({ count, head }), signature, keyId);
        if (check === 'valid') {
            valid++;
            lastValidIndex = index;
        }
        else if (check === 'unverifiable') {
            unverifiable++;
        }
        else {
            forged++;
            problems.push(`checkpoint ${index} has a signature that does not verify: it was forged`);
        }
    });
    return { valid, unverifiable, forged, lastValidIndex };
}
function judgeAnchor(anchor, records, signedByThisHost, ports, problems) {
    if (anchor === 'malformed') {
        problems.push('the anchor file is not a readable anchor: it was overwritten');
        return { rewound: false, forged: true, unverifiable: false };
    }
    if (anchor === null) {
        // Every checkpoint this host writes also advances the anchor, so a log
        // holding this host's checkpoints without an anchor lost it.
        if (signedByThisHost === 0)
            return { rewound: false, forged: false, unverifiable: false };
        problems.push(`the anchor is missing although this host signed ${signedByThisHost} checkpoint(s) in the log: it was deleted`);
        return { rewound: false, forged: true, unverifiable: false };
    }
    const comparison = compareAnchor(anchor, records, ports);
    if (comparison.problem !== null)
        problems.push(comparison.problem);
    return {
        rewound: comparison.rewound,
        forged: comparison.signature === 'invalid',
        unverifiable: comparison.signature === 'unverifiable',
    };
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
export function judgeBaseline(records, digest, signerAvailable, ports, hostKeyMissing = false) {
    const marker = lastBaselineMarker(records);
    const tampered = (problem) => ({ tampered: true, problem, foreign: null });
    const trusted = { tampered: false, problem: null, foreign: null };
    if (marker === null && digest === null)
        return trusted;
    if (marker === null)
        return tampered('baseline.json exists but the log never recorded saving it: it was planted');
    if (digest === null)
        return tampered('the log records a saved baseline but baseline.json is missing: it was removed');
    if (marker.data.digest !== digest)
        return tampered('baseline.json differs from the digest recorded when it was saved: it was swapped or edited');
    const { keyId, signature } = marker.data;
    const check = typeof keyId === 'string' && typeof signature === 'string' ? ports.verifySignature(baselineMessage(digest), signature, keyId) : 'unsigned';
    if (check === 'valid')
        return trusted;
    const foreign = (why) => {
        const problem = `record ${marker.seq}, the baseline-saved marker, ${why}: this host did not record that baseline.json, so no claim graded against it can be proven (take a new baseline)`;
        return { tampered: false, problem, foreign: problem };
    };
    if (!signerAvailable) {
        // Hash-only: the chain alone vouches for a marker this host wrote
        // unsigned, but not for one signed by a key it cannot check, nor for a
        // log it could not have written at all.
        if (check !== 'unsigned')
            return foreign(`is signed by key ${String(keyId)}, which this host cannot verify`);
        if (hostKeyMissing)
            return foreign('is in a log this host holds no key for');
        if (records.some((r) => r?.kind === 'checkpoint'))
            return foreign('is covered by checkpoints of a key this host cannot verify');
        return trusted;
    }
    // A foreign key on a log this host never signed is not a forgery (a copied
    // log, a replaced key) but not this host's work either; on a log it
    // signed, an impostor.
    if (check === 'unverifiable' && !signedByThisHost(records, ports))
        return foreign(`is signed by key ${String(keyId)}, which this host did not issue`);
    return tampered(`record ${marker.seq}, the baseline-saved marker, ${check === 'invalid' ? 'has a signature that does not verify' : check === 'unsigned' ? 'is not signed' : 'is signed by a key this host does not hold'}: this host did not record that baseline.json (take a new baseline)`);
}
function signedByThisHost(records, ports) {
    return records.some((r) => r?.kind === 'checkpoint' && ports.verifySignature(checkpointMessage(r.data), r.data.signature, r.data.keyId) === 'valid');
}
function lastBaselineMarker(records) {
    for (let i = records.length - 1; i >= 0; i--) {
        const record = records[i];
        if (record?.kind === 'marker' && record.data.marker === 'baseline-saved')
            return record;
    }
    return null;
}
function noteSignerOutages(records, problems) {
    records.forEach((record, index) => {
        if (record?.kind === 'marker' && record.data.marker === 'signer-unavailable') {
            const reason = typeof record.data.reason === 'string' ? `: ${record.data.reason}` : '';
            problems.push(`record ${index}: the signing key was unavailable${reason}; records after it are hash-chained only`);
        }
    });
}
