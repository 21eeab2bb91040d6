import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { FAILED_NOTICE, INTERCEPTED_NOTICE, fsInterceptedNotice } from '../../lib/core/notices.js';

// The fork route builds the same two command notices in its forked
// dsh-sandbox: both routes must show the model byte-identical text.
const forkSandbox = readFileSync(new URL('../../../../profile/forks/@deepseek-ai/dsh-sandbox/lib/index.js', import.meta.url), 'utf8');

/** @param {string} fn */
function forkNotice(fn) {
  const match = new RegExp(`function ${fn}\\(\\) \\{\\s*return "([^"]+)";`).exec(forkSandbox);
  assert.ok(match, `the fork route defines ${fn}()`);
  return match[1];
}

test('notices', async (t) => {
  await t.test('should be the fork route\'s command notices, byte for byte', () => {
    assert.equal(INTERCEPTED_NOTICE, forkNotice('selfCheckInterceptedMarker'));
    assert.equal(FAILED_NOTICE, forkNotice('selfCheckFailedMarker'));
  });

  await t.test('should name the canonical target of a file operation and the path as written when they differ', () => {
    assert.match(fsInterceptedNotice('/var/out/f'), /"\/var\/out\/f", outside the workspace; nothing was written/);
    assert.match(fsInterceptedNotice('/var/out/f', '/ws/link/f'), /"\/var\/out\/f" \(reached through "\/ws\/link\/f"\)/);
  });
});
