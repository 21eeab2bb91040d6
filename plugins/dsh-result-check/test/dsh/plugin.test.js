import assert from 'node:assert/strict';
import test from 'node:test';
import { ResultCheckError } from '../../lib/core/errors.js';
import { NOTE_HEADING } from '../../lib/core/note.js';
import { apply, Config, inject, name } from '../../lib/dsh/plugin.js';

// A stand-in for the host: a context that records listeners and agents whose
// session is a plain event log shaped like dsh-session's.

/** @returns {{ ctx: any, logged: unknown[][], stopping: (payload: any) => Promise<void> }} */
function fakeHost(config = {}) {
  /** @type {Map<string, Function>} */
  const listeners = new Map();
  /** @type {unknown[][]} */
  const logged = [];
  const ctx = {
    on(/** @type {string} */ event, /** @type {Function} */ listener) {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    logger: (/** @type {string} */ loggerName) => ({ warn: (/** @type {unknown[]} */ ...args) => logged.push([loggerName, ...args]) }),
  };
  apply(/** @type {any} */ (ctx), config);
  return {
    ctx,
    logged,
    stopping: async (payload) => {
      const listener = listeners.get('agent/turn-stopping');
      assert.ok(listener, 'no agent/turn-stopping listener');
      await listener(payload);
    },
  };
}

class SessionLog {
  /** @type {any[]} */
  events = [];
  /** @param {{ header?: object, firstLiveSeq?: number }} [options] */
  constructor(options = {}) {
    this.header = { version: 0, id: 's1', createdAt: 0, ...options.header };
    this.firstLiveSeq = options.firstLiveSeq ?? 0;
  }
  /** @param {string} type @param {object} data */
  add(type, data) {
    this.events.push({ type, seq: this.events.length, time: 0, data });
    return this;
  }
  /** @param {number} turn @param {string} text @param {object} [source] */
  user(turn, text, source = { kind: 'user' }) {
    return this.add('turn/start', { turn }).add('user/message', { id: `u${this.events.length}`, role: 'user', content: [{ type: 'text', text }], source });
  }
  /** @param {number} turn @param {string} callId @param {string} tool @param {string} args @param {string} output */
  tool(turn, callId, tool, args, output, isError = false) {
    this.add('tool/call', { turn, step: 0, callId, name: tool, arguments: args });
    const block = { type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: output }], isError };
    return this.add('tool/result', {
      turn,
      step: 0,
      message: { id: `r${callId}`, role: 'user', content: [block], source: { kind: 'tool', callId } },
      ...(isError ? { error: { name: 'Error', code: 'TOOL_FAILED' } } : {}),
    });
  }
  /** @param {number} turn @param {string} text */
  answer(turn, text) {
    const message = { id: `a${this.events.length}`, role: 'assistant', content: [{ type: 'reasoning', text: 'think 9999.5' }, { type: 'text', text }], source: { kind: 'model', provider: 'p', model: 'm' } };
    return this.add('assistant/message', { turn, step: 1, message });
  }
}

/** @param {SessionLog} session */
function fakeAgent(session) {
  /** @type {any[]} */
  const steered = [];
  return { agent: { id: 's1', session, steer: (/** @type {any} */ message) => steered.push(message) }, steered };
}

const signal = new AbortController().signal;

/** A turn whose answer states 2315, which no tool output contains. */
function unsourcedTurn(options = {}) {
  const session = new SessionLog(options)
    .user(1, 'Count the rows of data.csv')
    .tool(1, 'c1', 'bash', '{"command":"wc -l data.csv"}', '1708 data.csv')
    .answer(1, 'data.csv has 2315 rows.');
  return { session, ...fakeAgent(session) };
}

test('plugin module', async (t) => {
  await t.test('should export the Cordis plugin shape', () => {
    assert.equal(name, 'dsh-result-check');
    assert.deepEqual(inject, []);
    assert.equal(typeof apply, 'function');
    assert.equal(typeof Config, 'function');
  });
});

test('apply', async (t) => {
  await t.test('should steer once with the note, shown as a one-line notice', async () => {
    const host = fakeHost();
    const { agent, steered } = unsourcedTurn();
    await host.stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 1);
    const [message] = steered;
    assert.equal(message.role, 'user');
    assert.equal(typeof message.id, 'string');
    assert.deepEqual(message.source, { kind: 'plugin', plugin: 'dsh-result-check', form: 'notice', summary: 'Result check: 1 unsourced number' });
    assert.equal(message.content.length, 1);
    assert.ok(message.content[0].text.startsWith(`${NOTE_HEADING}\n`));
    assert.match(message.content[0].text, /\n- 2315\n/);
  });

  await t.test('should give at most one nudge per turn and start over in the next turn', async () => {
    const host = fakeHost();
    const { agent, steered, session } = unsourcedTurn();
    await host.stopping({ agent, turn: 1, signal });
    session.user(1, steered[0].content[0].text, steered[0].source).answer(1, 'data.csv has 2315 rows, really.');
    await host.stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 1);
    session.user(2, 'And the columns?').tool(2, 'c2', 'bash', '{}', '12 columns').answer(2, 'It has 4711 columns.');
    await host.stopping({ agent, turn: 2, signal });
    assert.equal(steered.length, 2);
    assert.equal(steered[1].source.summary, 'Result check: 1 unsourced number');
  });

  await t.test('should allow more nudges per turn when configured', async () => {
    const host = fakeHost({ maxNudgesPerTurn: 2 });
    const { agent, steered } = unsourcedTurn();
    await host.stopping({ agent, turn: 1, signal });
    await host.stopping({ agent, turn: 1, signal });
    await host.stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 2);
  });

  await t.test('should never take its own notes as sources', async () => {
    const host = fakeHost();
    const session = new SessionLog()
      .user(1, 'go')
      .tool(1, 'c1', 'bash', '{}', 'ok')
      .user(1, 'Earlier note: - 2315', { kind: 'plugin', plugin: 'dsh-result-check', form: 'notice', summary: 'x' })
      .answer(1, 'There are 2315 rows.');
    const { agent, steered } = fakeAgent(session);
    await host.stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 1);
  });

  await t.test('should take numbers from tool arguments, tool outputs, user messages and other plugins', async () => {
    const host = fakeHost();
    const session = new SessionLog()
      .user(1, 'The budget is 4711.')
      .user(1, 'Workspace has 8123 files', { kind: 'plugin', plugin: 'dsh-workspace', form: 'notice', summary: 'x' })
      .tool(1, 'c1', 'bash', '{"command":"head -n 2315 data.csv"}', 'mean 0.87312')
      .answer(1, 'Budget 4711, 8123 files, first 2315 rows, mean 0.873.');
    const { agent, steered } = fakeAgent(session);
    await host.stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 0);
  });

  await t.test('should flag an unreported failure, unless the tool is ignored', async () => {
    const session = new SessionLog()
      .user(1, 'Fetch it')
      .tool(1, 'c1', 'web_fetch', '{"url":"https://x"}', 'Error: 503 Service Unavailable', true)
      .answer(1, 'Here is the summary.');
    const flagged = fakeAgent(session);
    await fakeHost().stopping({ agent: flagged.agent, turn: 1, signal });
    assert.equal(flagged.steered[0]?.source.summary, 'Result check: 1 unreported tool failure');
    assert.match(flagged.steered[0].content[0].text, /- `web_fetch`: Error: 503 Service Unavailable/);
    const ignored = fakeAgent(session);
    await fakeHost({ ignoreTools: ['web_*'] }).stopping({ agent: ignored.agent, turn: 1, signal });
    assert.equal(ignored.steered.length, 0);
  });

  await t.test('should check only the failures of the current turn', async () => {
    const session = new SessionLog()
      .user(1, 'Fetch it')
      .tool(1, 'c1', 'web_fetch', '{}', 'Error: 503', true)
      .answer(1, 'The fetch failed.')
      .user(2, 'Thanks, now say hi')
      .tool(2, 'c2', 'bash', '{}', 'hi')
      .answer(2, 'Hi!');
    const { agent, steered } = fakeAgent(session);
    await fakeHost().stopping({ agent, turn: 2, signal });
    assert.equal(steered.length, 0);
  });

  await t.test('should skip the number check, not the failure check, on resumed sessions', async () => {
    const session = new SessionLog({ firstLiveSeq: 7 })
      .user(3, 'Count and fetch')
      .tool(3, 'c1', 'web_fetch', '{}', '{"status":"timeout"}')
      .answer(3, 'There are 2315 rows.');
    const { agent, steered } = fakeAgent(session);
    await fakeHost().stopping({ agent, turn: 3, signal });
    assert.equal(steered.length, 1);
    assert.equal(steered[0].source.summary, 'Result check: 1 unreported tool failure');
  });

  await t.test('should skip subagents when configured, and check them otherwise', async () => {
    for (const header of [{ origin: 'subagent' }, { delegationDepth: 1 }]) {
      const skipped = unsourcedTurn({ header });
      await fakeHost({ skipSubagents: true }).stopping({ agent: skipped.agent, turn: 1, signal });
      assert.equal(skipped.steered.length, 0);
      const checked = unsourcedTurn({ header });
      await fakeHost().stopping({ agent: checked.agent, turn: 1, signal });
      assert.equal(checked.steered.length, 1);
    }
  });

  await t.test('should leave plain chat turns alone', async () => {
    const session = new SessionLog().user(1, 'What is pi?').answer(1, 'Pi is 3.14159.');
    const { agent, steered } = fakeAgent(session);
    await fakeHost().stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 0);
  });

  await t.test('should check plain chat turns when numbersNeedToolCall is off', async () => {
    const session = new SessionLog().user(1, 'What is pi?').answer(1, 'Pi is 3.14159.');
    const { agent, steered } = fakeAgent(session);
    await fakeHost({ numbersNeedToolCall: false }).stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 1);
    assert.match(steered[0].content[0].text, /\n- 3\.14159\n/);
  });

  await t.test('should not steer a turn that is being aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const { agent, steered } = unsourcedTurn();
    await fakeHost().stopping({ agent, turn: 1, signal: controller.signal });
    assert.equal(steered.length, 0);
  });

  await t.test('should not read reasoning as part of the answer', async () => {
    const session = new SessionLog().user(1, 'go').tool(1, 'c1', 'bash', '{}', '1708').answer(1, 'Found 1708.');
    const { agent, steered } = fakeAgent(session);
    await fakeHost().stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 0);
  });

  await t.test('should read the text of tool results and never their images', async () => {
    const session = new SessionLog().user(1, 'Plot it');
    session.add('tool/call', { turn: 1, step: 0, callId: 'c1', name: 'plot', arguments: '{}' });
    const content = [
      { type: 'image', attachment: { id: 'img-2315', mimeType: 'image/png', width: 2315, height: 1708 } },
      { type: 'text', text: 'saved plot of 4711 points' },
    ];
    session.add('tool/result', {
      turn: 1,
      step: 0,
      message: { id: 'r1', role: 'user', content: [{ type: 'tool-result', toolCallId: 'c1', content }], source: { kind: 'tool', callId: 'c1' } },
    });
    session.answer(1, 'The plot shows 4711 points; the image is 2315 pixels wide.');
    const { agent, steered } = fakeAgent(session);
    await fakeHost().stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 1);
    assert.match(steered[0].content[0].text, /- 2315\n/);
    assert.doesNotMatch(steered[0].content[0].text, /4711/);
  });

  await t.test('should stay quiet when the turn has no answer text', async () => {
    const session = new SessionLog().user(1, 'go').tool(1, 'c1', 'fetch', '{}', 'Error: 503', true);
    const { agent, steered } = fakeAgent(session);
    await fakeHost().stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 0);
  });

  await t.test('should log and let the turn end when reading the session throws', async () => {
    const host = fakeHost();
    const session = {
      header: {},
      firstLiveSeq: 0,
      get events() {
        throw new TypeError('unreadable event log');
      },
    };
    const { agent, steered } = fakeAgent(/** @type {any} */ (session));
    await host.stopping({ agent, turn: 1, signal });
    assert.equal(steered.length, 0);
    assert.equal(host.logged.length, 1);
    assert.equal(host.logged[0]?.[0], 'dsh-result-check');
    assert.match(host.logged[0]?.map(String).join(' ') ?? '', /check skipped for turn %d: %s 1 TypeError: unreadable event log/);
  });

  await t.test('should stop the boot on bad config with a clear message', () => {
    const ctx = { on: () => () => {} };
    assert.throws(
      () => apply(/** @type {any} */ (ctx), /** @type {any} */ ({ maxNudgesPerTurn: -1 })),
      (error) => error instanceof ResultCheckError && /invalid config `maxNudgesPerTurn`/.test(error.message),
    );
    assert.throws(
      () => apply(/** @type {any} */ (ctx), /** @type {any} */ ({ ignoreTool: ['bash'] })),
      /invalid config `ignoreTool`: unknown key/,
    );
  });
});

test('Config', async (t) => {
  await t.test('should fill every default', () => {
    assert.deepEqual(Config({}), {
      checkFailures: true,
      checkNumbers: true,
      numbersNeedToolCall: true,
      minIntegerDigits: 3,
      failureStatuses: ['error*', 'fail*', 'blocked*', 'timeout', 'timed_out', 'unavailable', 'dependency_missing', 'missing_dependency', 'cancelled', 'canceled', 'aborted', 'denied', 'permission_denied', 'crashed', 'killed'],
      ignoreTools: [],
      skipSubagents: false,
      maxNudgesPerTurn: 1,
      maxListedNumbers: 8,
    });
  });

  await t.test('should reject values of the wrong type, as Cordis validates before apply', () => {
    const validate = Config['~standard'].validate;
    for (const bad of [{ checkNumbers: 'yes' }, { minIntegerDigits: 0 }, { maxNudgesPerTurn: 11 }, { ignoreTools: 'bash' }]) {
      const result = /** @type {any} */ (validate(bad));
      assert.ok(result.issues?.length, `accepted ${JSON.stringify(bad)}`);
      assert.match(result.issues[0].message, /expected|minimum|maximum|\d/);
    }
  });
});
