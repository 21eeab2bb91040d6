import assert from 'node:assert/strict';
import test from 'node:test';
import { extractClaims } from '../../lib/core/claims.js';
import { formatNote, formatNotice, NOTE_HEADING } from '../../lib/core/note.js';

const failures = [{ tool: 'fetch', reason: 'status "timeout"' }];
const numbers = extractClaims('1708 2315 3141 0.91 0.92 12.5%');

test('formatNotice', async (t) => {
  await t.test('should count failures and numbers in one line', () => {
    assert.equal(formatNotice({ failures, numbers: [] }), 'Result check: 1 unreported tool failure');
    assert.equal(formatNotice({ failures: [], numbers: numbers.slice(0, 1) }), 'Result check: 1 unsourced number');
    assert.equal(formatNotice({ failures: [...failures, ...failures], numbers }), 'Result check: 2 unreported tool failures, 6 unsourced numbers');
  });
});

test('formatNote', async (t) => {
  await t.test('should write the stable note text', () => {
    assert.equal(
      formatNote({ failures, numbers: numbers.slice(0, 2) }, { maxListedNumbers: 8 }),
      [
        NOTE_HEADING,
        '',
        'Unreported tool failure: these tool calls failed, no later call to the same tool succeeded, and your answer does not say so:',
        '- `fetch`: status "timeout"',
        'Say in your answer what failed and what that means for the result.',
        '',
        'Unsourced numbers: no tool output, tool argument or user message of this session contains these numbers at the precision you wrote them:',
        '- 1708',
        '- 2315',
        'For each one: name the tool output it comes from, add a one-line derivation from sourced numbers, or correct it. Do not change a number that is right.',
        '',
        'Then give your complete final answer again.',
      ].join('\n'),
    );
  });

  await t.test('should list at most maxListedNumbers numbers and count the rest', () => {
    const note = formatNote({ failures: [], numbers }, { maxListedNumbers: 4 });
    assert.match(note, /- 1708\n- 2315\n- 3141\n- 0\.91\n- … and 2 more\n/);
    assert.doesNotMatch(note, /Unreported tool failure/);
  });
});
