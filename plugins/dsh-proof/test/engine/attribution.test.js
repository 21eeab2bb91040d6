import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createProofEngine } from '../../lib/engine/index.js'
import { git, sha256, tempWorkspace, writeTree } from './fixtures.js'

/** A single-package calculator: one `npm test` check over two test files. */
const CALCULATOR = {
  'package.json': `${JSON.stringify({ name: 'calc', private: true, type: 'module', scripts: { test: 'node --test test/' } }, null, 2)}\n`,
  'math.js': '// adds\nexport const add = (a, b) => a + b\n',
  'other.js': "import { add } from './util.js'\nexport const mul = (a, b) => a * b\nexport const twice = (a) => add(a, a)\n",
  'util.js': 'export const add = (a, b) => a + b\n',
  'README.md': '# calc\n',
  'test/math.test.js': "import { test } from 'node:test'\nimport assert from 'node:assert/strict'\nimport { add } from '../math.js'\n\ntest('add', () => assert.equal(add(2, 3), 5))\n",
  'test/other.test.js': "import { test } from 'node:test'\nimport assert from 'node:assert/strict'\nimport { mul } from '../other.js'\n\ntest('mul', () => assert.equal(mul(2, 3), 6))\n",
}

async function committedCalculator(/** @type {import('node:test').TestContext} */ t) {
  const { workspace } = await tempWorkspace(t)
  await writeTree(workspace, CALCULATOR)
  git(workspace, 'init', '-q')
  git(workspace, 'add', '.')
  git(workspace, 'commit', '-q', '-m', 'calculator')
  const engine = createProofEngine({ workspace })
  /** The agent's tool stream: path → digest of what its tool left. */
  const touched = /** @type {Record<string, { digest: string }>} */ ({})
  const agentWrites = async (/** @type {string} */ path, /** @type {string} */ text) => {
    await writeFile(join(workspace, path), text)
    touched[path] = { digest: sha256(text) }
  }
  return { workspace, engine, agentWrites, touches: () => ({ files: { ...touched } }) }
}

test('regression attribution on a real project (real shell, real git)', async (t) => {
  await t.test('should not charge a break made outside the session to the agent\'s harmless edit', async (t) => {
    const { workspace, engine, agentWrites, touches } = await committedCalculator(t)
    await engine.baseline()
    await agentWrites('math.js', '// adds two numbers\nexport const add = (a, b) => a + b\n')
    assert.equal((await engine.claim('documented add()', { touches: touches() })).grade, 'proven')
    // Another process breaks other.js.
    await writeFile(join(workspace, 'other.js'), CALCULATOR['other.js'].replace('a * b', 'a + b'))
    const c = await engine.claim('documented add()', { touches: touches() })
    const verdict = c.verdicts.find((v) => v.checkId === 'npm:.:test')
    assert.equal(verdict?.verdict, 'regression')
    assert.equal(verdict?.cause, 'external', JSON.stringify(verdict))
    assert.deepEqual(verdict?.externalSuspects, ['other.js'])
    assert.deepEqual(verdict?.suspects, ['math.js'])
    assert.equal(c.grade, 'unproven', 'not charged to the session, not proven either')
    assert.equal(c.counts.regressions, 0)
    assert.deepEqual(c.blockers.map((b) => b.kind), ['external-failure'])
    assert.match(c.blockers[0]?.message ?? '', /other\.js/)
  })

  await t.test('should charge the session and rank its files by the failing test\'s imports, nearest first, without prose', async (t) => {
    const { engine, agentWrites, touches } = await committedCalculator(t)
    await engine.baseline()
    await agentWrites('README.md', '# calc\n\nA calculator.\n')
    await agentWrites('math.js', '// adds two numbers\nexport const add = (a, b) => a + b\n')
    await agentWrites('util.js', 'export const add = (a, b) => a + b\nexport const id = (x) => x\n')
    await agentWrites('other.js', CALCULATOR['other.js'].replace('a * b', 'a - b'))
    const c = await engine.claim('tidied up', { touches: touches() })
    const verdict = c.verdicts.find((v) => v.checkId === 'npm:.:test')
    assert.equal(c.grade, 'regressed')
    assert.equal(verdict?.cause, 'session')
    // test/other.test.js failed: other.js is one import away, util.js two; math.js is off the path; README.md reaches no check.
    assert.deepEqual(verdict?.suspects, ['other.js', 'util.js', 'math.js'])
    assert.match(verdict?.salientLine ?? '', /not ok|✖|Expected/, 'the failure line of a short output is quoted')
  })
})
