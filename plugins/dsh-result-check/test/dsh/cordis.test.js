import assert from 'node:assert/strict';
import test from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Context } from '@deepseek-ai/cordis';
import * as plugin from 'dsh-result-check';

// The plugin under the real Cordis 4.0.1 of dsh 0.1.0-rc.8: Cordis validates
// the config with the plugin's schema, then calls apply; either failing
// leaves the plugin's fiber with the error and no listener.

/** @param {unknown} config */
async function load(config) {
  const root = new Context();
  const fiber = /** @type {any} */ (root.plugin(/** @type {any} */ (plugin), /** @type {any} */ (config)));
  await delay(20);
  return { root, fiber };
}

test('plugin under Cordis', async (t) => {
  await t.test('should start with a valid config and steer through agent/turn-stopping', async () => {
    const { root, fiber } = await load({ maxListedNumbers: 3 });
    assert.equal(fiber._error, undefined);
    /** @type {any[]} */
    const steered = [];
    const events = [
      { type: 'tool/call', seq: 0, time: 0, data: { turn: 1, step: 0, callId: 'c1', name: 'bash', arguments: '{}' } },
      { type: 'tool/result', seq: 1, time: 0, data: { turn: 1, step: 0, message: { id: 'r', role: 'user', content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: '1708' }] }], source: { kind: 'tool', callId: 'c1' } } } },
      { type: 'assistant/message', seq: 2, time: 0, data: { turn: 1, step: 1, message: { id: 'a', role: 'assistant', content: [{ type: 'text', text: 'There are 2315 rows.' }], source: { kind: 'model', provider: 'p', model: 'm' } } } },
    ];
    const agent = { id: 's', session: { events, header: {}, firstLiveSeq: 0 }, steer: (/** @type {any} */ m) => steered.push(m) };
    await /** @type {any} */ (root).serial('agent/turn-stopping', { agent, turn: 1, signal: new AbortController().signal });
    assert.equal(steered.length, 1);
    assert.equal(steered[0].source.summary, 'Result check: 1 unsourced number');
  });

  await t.test('should log through the Cordis logger and let the turn end when the check throws', async () => {
    const { root, fiber } = await load({});
    assert.equal(fiber._error, undefined);
    const session = {
      header: {},
      firstLiveSeq: 0,
      get events() {
        throw new TypeError('unreadable event log');
      },
    };
    /** @type {any[]} */
    const steered = [];
    const agent = { id: 's', session, steer: (/** @type {any} */ m) => steered.push(m) };
    await /** @type {any} */ (root).serial('agent/turn-stopping', { agent, turn: 1, signal: new AbortController().signal });
    assert.equal(steered.length, 0);
  });

  for (const [config, message] of /** @type {Array<[unknown, RegExp]>} */ ([
    [{ maxNudgesPerTurn: 99 }, /maxNudgesPerTurn expected number <= 10 but got 99/],
    [{ checkNumbers: 'no' }, /checkNumbers expected boolean but got no/],
    [{ checkNumber: false }, /dsh-result-check: invalid config `checkNumber`: unknown key/],
    [{ ignoreTools: [''] }, /invalid config `ignoreTools\[0\]`: expected a non-empty string/],
  ])) {
    await t.test(`should refuse to start with ${JSON.stringify(config)}`, async () => {
      const { root, fiber } = await load(config);
      assert.match(String(fiber._error?.message), message);
      /** @type {any[]} */
      const steered = [];
      const agent = { id: 's', session: { events: [], header: {}, firstLiveSeq: 0 }, steer: (/** @type {any} */ m) => steered.push(m) };
      await /** @type {any} */ (root).serial('agent/turn-stopping', { agent, turn: 1, signal: new AbortController().signal });
      assert.equal(steered.length, 0);
    });
  }
});
