import assert from 'node:assert/strict';
import test from 'node:test';
import { extractClaims } from '../../lib/core/claims.js';
import { findUnsourcedClaims, scanSourceNumbers } from '../../lib/core/sources.js';
import { SOURCING_CASES } from '../fixtures/sourcing.js';

/** @param {string} text */
function readValues(text) {
  /** @type {number[]} */
  const values = [];
  scanSourceNumbers(text, (value) => {
    values.push(value);
    return false;
  });
  return values;
}

test('findUnsourcedClaims', async (t) => {
  for (const [answer, sources, expected] of SOURCING_CASES) {
    await t.test(`should leave ${JSON.stringify(expected)} unsourced in ${JSON.stringify(answer)} given ${JSON.stringify(sources)}`, () => {
      const claims = extractClaims(answer);
      assert.deepEqual(
        findUnsourcedClaims(claims, sources).map((claim) => claim.text),
        expected,
      );
    });
  }

  await t.test('should find a source in any of several texts', () => {
    const claims = extractClaims('A 1708 and B 0.873.');
    assert.deepEqual(findUnsourcedClaims(claims, ['x 1708', 'y', 'z 0.8731']), []);
  });

  await t.test('should return nothing for no claims', () => {
    assert.deepEqual(findUnsourcedClaims([], ['1708']), []);
  });
});

test('scanSourceNumbers', async (t) => {
  await t.test('should read plain integers and decimals exactly', () => {
    assert.deepEqual(readValues('a 1708 b 0.87312 c 007'), [1708, 0.87312, 7]);
  });

  await t.test('should read numbers inside identifiers', () => {
    assert.deepEqual(readValues('H100 x86_64'), [100, 86, 64]);
  });

  await t.test('should read both comma readings and the parts of a grouped number', () => {
    const values = readValues('1,708');
    for (const value of [1708, 1, 708, 1.708]) assert.ok(values.includes(value), `missing ${value} in ${values}`);
  });

  await t.test('should read a version as its parts and neighbouring pairs', () => {
    const values = readValues('1.2.3');
    for (const value of [1, 2, 3, 1.2, 2.3]) assert.ok(values.includes(value), `missing ${value} in ${values}`);
  });

  await t.test('should add the fraction of a percentage and the value of an exponent', () => {
    assert.ok(readValues('12.5%').includes(0.125));
    assert.ok(readValues('3.12e-4').includes(0.000312));
  });

  await t.test('should read full-width digits as their ASCII twins', () => {
    const values = readValues('共１，７０８条，阈值０．８５，占１２．５％');
    for (const value of [1708, 0.85, 12.5, 0.125]) assert.ok(values.includes(value), `missing ${value} in ${values}`);
  });

  await t.test('should read numbers longer than 15 digits without losing magnitude', () => {
    assert.deepEqual(readValues('12345678901234567890'), [12345678901234567000]);
  });

  await t.test('should stop when the visitor asks to', () => {
    let seen = 0;
    const stopped = scanSourceNumbers('1 2 3 4', () => {
      seen += 1;
      return seen === 2;
    });
    assert.equal(stopped, true);
    assert.equal(seen, 2);
  });
});
