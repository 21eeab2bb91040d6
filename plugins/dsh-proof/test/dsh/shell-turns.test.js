// Shell calls and the turn-end enforcement: a shell counts as a mutation only
// when git's view of the workspace changed between the call's start
// (tools/pre-execute) and its result (tools/result); where that cannot be
// known, it counts as one. The stand-in host runs the command for real
// between the two events, as dsh's bash tool would.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { applyWith } from '../../lib/index.js'
import { createEnginePort } from '../../lib/dsh/translate.js'
import { callTool, standInAgent, standInHost } from '../fixtures/stand-in-host.js'
import { CHECKS, makeWorkspace } from '../fixtures/proof-workspace.js'
import { tempSetup } from '../fixtures/temp.js'

const GIT_IDENTITY = '-c user.name=agent -c user.email=agent@example.invalid -c commit.gpgsign=false'
const UNPROVEN = /This turn changed the workspace but no PROVEN claim followed/

/**
 * The plugin on a stand-in host over the committed fixture workspace.
 * @param {import('node:test').TestContext} t
 * @param {Partial<import('../../lib/index.js').ProofConfig>} [config]
 */
async function setup(t, config = {}) {
  const dirs = await tempSetup(t)
  await makeWorkspace(dirs.workspace)
  const host = standInHost()
  const adapter = applyWith(/** @type {any} */ (host.ctx), { checks: CHECKS, ...config }, { dshHome: dirs.dshHome, home: dirs.root, fallbackRoot: dirs.workspace, createPort: createEnginePort })
  const agent = standInAgent(dirs.workspace)
  /** @param {string} name @param {unknown} [args] */
  const call = async (name, args = {}) => {
    const result = await callTool(/** @type {any} */ (host.tools.get(name)), args, { agent })
    assert.deepEqual(result.violations, [], `${name} result matches its output schema`)
    return result
  }
  /**
   * One shell call as the host runs it: pre-execute, the command, the result.
   * @param {string} command
   * @param {{ tool?: string, seenStarting?: boolean, downstream?: any }} [options]
   */
  const shell = async (command, { tool = 'bash', seenStarting = true, downstream = { kind: 'allow' } } = {}) => {
    const exec = { callId: `shell-${command}`, name: tool, arguments: { command }, agent }
    const decision = seenStarting ? await host.only('tools/pre-execute')(exec, async () => downstream) : { kind: 'allow' }
    let isError = decision.kind !== 'allow'
    if (!isError) {
      try {
        execFileSync('bash', ['-c', command], { cwd: dirs.workspace, stdio: 'ignore' })
      } catch {
        isError = true
      }
    }
    host.only('tools/result')(exec, { isError, value: {} })
    // Let the reading after the call finish, so the test's own later writes are not taken for the shell's.
    await adapter.workspace(adapter.rootOf(agent)).touches.settle()
  }
  /** @param {number} turn */
  const turnStopping = (turn) => host.only('agent/turn-stopping')({ agent, turn, signal: new AbortController().signal })
  const steered = () => agent.steered.map((/** @type {any} */ m) => m.content[0].text)
  return { ...dirs, host, agent, call, shell, turnStopping, steered }
}

test('shell calls at turn end', async (t) => {
  await t.test('should not steer a turn whose shells only looked (ls, cat, git status, a test run)', async (t) => {
    const s = await setup(t)
    await s.shell('ls -la')
    await s.shell('cat lib.js')
    await s.shell('git status && git diff && git log --oneline')
    await s.shell('node check-unit.js')
    await s.shell('ls', { tool: 'pwsh' })
    await s.shell('cat does-not-exist') // fails, changes nothing
    await s.turnStopping(1)
    assert.deepEqual(s.steered(), [])
  })
  await t.test('should steer once a turn whose shell wrote a file', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.shell('ls')
    await s.shell("printf 'hello\\n' > notes.md")
    await s.turnStopping(1)
    await s.turnStopping(1)
    assert.equal(s.steered().length, 1)
    assert.match(s.steered()[0] ?? '', UNPROVEN)
    await s.shell('cat notes.md')
    await s.turnStopping(2)
    assert.equal(s.steered().length, 1, 'the next turn only looked')
  })
  await t.test('should steer a turn whose shell modified, deleted or renamed a file', async (t) => {
    for (const command of ["printf 'x' >> lib.js", 'rm check-unit.js', 'mv lib.js lib2.js', 'chmod +x lib.js']) {
      const s = await setup(t)
      await s.call('proof_baseline')
      await s.shell(command)
      await s.turnStopping(1)
      assert.equal(s.steered().length, 1, command)
    }
  })
  await t.test('should steer a turn whose shell committed (HEAD moved)', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    // Dirty before the turn (someone else's edit): the shell only commits it.
    await writeFile(join(s.workspace, 'lib.js'), 'export const answer = 43\n')
    await s.shell(`git ${GIT_IDENTITY} commit -q -am "answer 43"`)
    await s.turnStopping(1)
    assert.equal(s.steered().length, 1)
    assert.match(s.steered()[0] ?? '', UNPROVEN)
  })
  await t.test('should steer conservatively where the change cannot be known', async (t) => {
    const noGit = await setup(t)
    await rm(join(noGit.workspace, '.git'), { recursive: true, force: true })
    await noGit.call('proof_baseline')
    await noGit.shell('ls')
    await noGit.turnStopping(1)
    assert.equal(noGit.steered().length, 1, 'no git: a shell may have changed anything')
    const unseen = await setup(t)
    await unseen.call('proof_baseline')
    await unseen.shell('ls', { seenStarting: false })
    await unseen.turnStopping(1)
    assert.equal(unseen.steered().length, 1, 'a shell whose start was not seen')
  })
  await t.test('should not steer for a shell that was denied', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.shell("printf 'x' > never.txt", { downstream: { kind: 'deny', reason: 'policy' } })
    await s.turnStopping(1)
    assert.deepEqual(s.steered(), [])
  })
  await t.test('should keep a proven claim proven across a later read-only shell, not across a writing one', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.shell("printf 'export const answer = 44\\n' > lib.js")
    assert.equal((await s.call('proof_claim', { claim: 'the answer is 44' })).value.grade, 'proven')
    await s.shell('git diff')
    await s.turnStopping(1)
    assert.deepEqual(s.steered(), [])
    await s.shell("printf 'export const answer = 45\\n' > lib.js")
    await s.turnStopping(2)
    assert.equal(s.steered().length, 1)
  })
})

test('shell calls and provenance', async (t) => {
  await t.test('should charge files a shell changed or created to the agent, never as external', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.shell("printf 'export const answer = \"BROKEN\"\\n' > lib.js && printf 'new\\n' > extra.js")
    const verify = await s.call('proof_verify')
    assert.equal(verify.value.grade, 'regressed')
    assert.deepEqual(verify.value.changed, [{ path: 'extra.js', origin: 'agent' }, { path: 'lib.js', origin: 'agent' }])
    assert.deepEqual(verify.value.external, [])
    assert.ok(verify.value.regressions[0].suspects.includes('lib.js'), 'the shell\'s edit is a session suspect')
  })
  await t.test('should keep changes nobody saw a tool make unknown (not external) after a read-only shell', async (t) => {
    const s = await setup(t)
    await s.call('proof_baseline')
    await s.shell('ls')
    // A write no tool call covers (e.g. a background job the shell started).
    await writeFile(join(s.workspace, 'lib.js'), 'export const answer = 46\n')
    const verify = await s.call('proof_verify')
    assert.deepEqual(verify.value.changed, [{ path: 'lib.js', origin: 'unknown' }])
  })
})
