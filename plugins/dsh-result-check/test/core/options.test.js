import assert from 'node:assert/strict';
import test from 'node:test';
import { ResultCheckError } from '../../lib/core/errors.js';
import { DEFAULT_OPTIONS, resolveOptions } from '../../lib/core/options.js';
import { matchesWildcard } from '../../lib/core/wildcard.js';

test('resolveOptions', async (t) => {
  await t.test('should give the defaults for no config', () => {
    assert.deepEqual(resolveOptions(undefined), DEFAULT_OPTIONS);
    assert.deepEqual(resolveOptions(null), DEFAULT_OPTIONS);
    assert.deepEqual(resolveOptions({}), DEFAULT_OPTIONS);
    assert.deepEqual(resolveOptions({ maxNudgesPerTurn: null }), DEFAULT_OPTIONS);
  });

  await t.test('should keep valid settings and trim list entries', () => {
    const options = resolveOptions({ minIntegerDigits: 4, ignoreTools: [' mcp__* '], skipSubagents: true });
    assert.equal(options.minIntegerDigits, 4);
    assert.deepEqual(options.ignoreTools, ['mcp__*']);
    assert.equal(options.skipSubagents, true);
    assert.equal(options.checkNumbers, true);
  });

  /** @type {Array<[unknown, RegExp]>} */
  const bad = [
    [{ checkNumbers: 'yes' }, /`checkNumbers`: expected true or false, got "yes"/],
    [{ minIntegerDigits: 0 }, /`minIntegerDigits`: expected a whole number from 1 to 15, got number 0/],
    [{ minIntegerDigits: 2.5 }, /`minIntegerDigits`: expected a whole number/],
    [{ maxNudgesPerTurn: 11 }, /`maxNudgesPerTurn`: expected a whole number from 0 to 10/],
    [{ maxListedNumbers: '8' }, /`maxListedNumbers`: expected a whole number from 1 to 100, got "8"/],
    [{ ignoreTools: 'bash' }, /`ignoreTools`: expected a list of strings, got "bash"/],
    [{ failureStatuses: ['error', ''] }, /`failureStatuses\[1\]`: expected a non-empty string/],
    [{ checkNumber: false }, /`checkNumber`: unknown key \(known keys: checkFailures, checkNumbers/],
    [[], /`\(root\)`: expected an object, got a list/],
  ];
  for (const [config, message] of bad) {
    await t.test(`should reject ${JSON.stringify(config)} with a clear message`, () => {
      assert.throws(
        () => resolveOptions(config),
        (error) => error instanceof ResultCheckError && error.code === 'invalid_config' && message.test(error.message) && /cordis\.patch\.yml/.test(error.message),
      );
    });
  }
});

test('matchesWildcard', async (t) => {
  const cases = [
    ['bash', 'bash', true],
    ['bash', 'bash2', false],
    ['mcp__*', 'mcp__search', true],
    ['mcp__*', 'mcp_', false],
    ['*_sandbox', 'fs_sandbox', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['*', '', true],
    ['a*a', 'a', false],
  ];
  for (const [pattern, name, expected] of cases) {
    await t.test(`should ${expected ? '' : 'not '}match ${name} with ${pattern}`, () => {
      assert.equal(matchesWildcard(String(pattern), String(name)), expected);
    });
  }
});
