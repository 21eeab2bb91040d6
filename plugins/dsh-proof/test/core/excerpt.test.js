import { test } from 'node:test'
import assert from 'node:assert/strict'
import { excerptOutput, omissionMarker } from '../../lib/core/excerpt.js'

/** Sum of every marker's N. */
function markedOmissions(/** @type {string} */ text) {
  return [...text.matchAll(/\[\.\.\. (\d+) chars omitted \.\.\.\]/g)].reduce((n, m) => n + Number(m[1]), 0)
}

/** Characters of the original kept in the excerpt (markers and their line breaks removed). */
function keptChars(/** @type {string} */ text) {
  return text.replace(/\[\.\.\. \d+ chars omitted \.\.\.\]\n?/g, '').length
}

const noise = (/** @type {number} */ n, /** @type {string} */ tag) => Array.from({ length: n }, (_, i) => `${tag} line ${i} ok`).join('\n')

test('excerptOutput', async (t) => {
  await t.test('should keep short output whole', () => {
    const e = excerptOutput('all good\n', { headChars: 4000 })
    assert.deepEqual(e, { text: 'all good\n', totalChars: 9, omittedChars: 0, salientLine: null })
  })

  await t.test('should pick the failure line of output that fits the budget', () => {
    const text = 'TAP version 13\n# Subtest: add\nnot ok 1 - add\n  ---\n  error: |-\n    Expected values to be strictly equal:\n# fail 1\n'
    for (const strategy of /** @type {const} */ (['salient', 'head'])) {
      const e = excerptOutput(text, { headChars: 4000, strategy })
      assert.equal(e.text, text, 'short output is kept whole')
      assert.equal(e.omittedChars, 0)
      assert.equal(e.salientLine, 'not ok 1 - add', strategy)
    }
  })

  await t.test('should keep the first salient line and a line-aligned tail, with exact markers', () => {
    const salient = 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal: 3 !== 4'
    const text = `${noise(200, 'head')}\n${salient}\n${noise(300, 'middle')}\n# pass 10\n# fail 1\n`
    const e = excerptOutput(text, { headChars: 600 })
    assert.ok(e.text.length <= 600, `excerpt has ${e.text.length} chars`)
    assert.equal(e.salientLine, salient)
    assert.ok(e.text.includes(`${salient}\n`))
    assert.ok(e.text.endsWith('# pass 10\n# fail 1\n'))
    assert.ok(e.text.startsWith('[... '), 'the head before the salient line is marked')
    assert.equal(markedOmissions(e.text), e.omittedChars)
    assert.equal(keptChars(e.text) + e.omittedChars, text.length, 'kept + omitted = total')
    const tail = e.text.slice(e.text.lastIndexOf('omitted ...]\n') + 'omitted ...]\n'.length)
    assert.ok(text.includes(`\n${tail}`), 'the tail window starts at a line start')
  })

  await t.test('should skip a salient line longer than half the budget', () => {
    const long = `Error: ${'x'.repeat(400)}`
    const text = `${long}\n${noise(100, 'after')}\n`
    const e = excerptOutput(text, { headChars: 600 })
    assert.equal(e.salientLine, null)
    assert.ok(!e.text.includes('xxxxxxxxxx'))
    assert.equal(keptChars(e.text) + e.omittedChars, text.length)
  })

  await t.test('should not duplicate a salient line that is already in the tail', () => {
    const text = `${noise(100, 'before')}\nnot ok 3 - parses dates\n# tests 3\n`
    const e = excerptOutput(text, { headChars: 400 })
    assert.equal(e.text.split('not ok 3').length, 2)
    assert.equal(e.salientLine, 'not ok 3 - parses dates')
    assert.equal(keptChars(e.text) + e.omittedChars, text.length)
  })

  await t.test('should keep a salient last line that has no final line break whole', () => {
    const salient = `AssertionError: ${'x'.repeat(80)}`
    const text = `${noise(200, 'head')}\n${salient}`
    const e = excerptOutput(text, { headChars: 200 })
    assert.equal(e.salientLine, salient)
    assert.ok(e.text.endsWith(`\n${salient}`), e.text)
    assert.ok(e.text.length <= 200)
    assert.equal(markedOmissions(e.text), e.omittedChars)
    assert.equal(keptChars(e.text) + e.omittedChars, text.length)
  })

  await t.test('should recognise the common runners\' failure lines', () => {
    for (const line of ['Traceback (most recent call last):', '✖ adds numbers (2ms)', 'not ok 1 - x', '    at Object.<anonymous> (/w/a.test.js:3:9)', 'Test timed out after 5000ms', '--- FAIL: TestAdd (0.00s)', "thread 'main' panicked at src/lib.rs:3:5:", 'E       assert 1 == 2', 'Expected: 4', 'TypeError: x is not a function']) {
      const text = `${noise(100, 'n')}\n${line}\n${noise(100, 'm')}\n`
      assert.equal(excerptOutput(text, { headChars: 500 }).salientLine, line, line)
    }
  })

  await t.test('should truncate plainly with excerptStrategy head', () => {
    const text = `${noise(50, 'a')}\nAssertionError: boom\n${noise(50, 'b')}`
    const e = excerptOutput(text, { headChars: 300, strategy: 'head' })
    assert.ok(e.text.startsWith('a line 0 ok\n'))
    assert.ok(e.text.endsWith(omissionMarker(e.omittedChars)))
    assert.ok(e.text.length <= 300)
    assert.equal(e.salientLine, null)
    assert.equal(keptChars(e.text) + e.omittedChars - 1, text.length, 'the line break before the marker is not original text')
  })

  await t.test('should never split a surrogate pair', () => {
    const text = '😀'.repeat(400)
    for (const strategy of /** @type {const} */ (['head', 'salient'])) {
      const e = excerptOutput(text, { headChars: 301, strategy })
      const body = e.text.replace(/\n?\[\.\.\. \d+ chars omitted \.\.\.\]\n?/, '')
      assert.equal(body, '😀'.repeat(body.length / 2), strategy)
    }
  })
})
