import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { FAILED_NOTICE, FS_FAILURE_HINT, INTERCEPTED_NOTICE, fsInterceptedNotice } from '../../lib/core/notices.js';

// The fork route builds the same two command notices in its forked
// dsh-sandbox: both routes must show the model byte-identical text.
const forkSandbox = readFileSync(new URL('../../../../profile/forks/@deepseek-ai/dsh-sandbox/lib/index.js', import.meta.url), 'utf8');
const forkToolFs = readFileSync(new URL('../../../../profile/forks/@deepseek-ai/dsh-tool-fs/lib/index.js', import.meta.url), 'utf8');

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

  await t.test('should be the fork route\'s file notice and failure hint, byte for byte', () => {
    const hint = /const SELF_CHECK_FS_FAILURE_HINT = ("[^\n]+");\n/.exec(forkToolFs);
    assert.ok(hint, 'the fork route defines SELF_CHECK_FS_FAILURE_HINT');
    assert.equal(FS_FAILURE_HINT, JSON.parse(hint[1]));
    const body = /function selfCheckFsInterceptedMarker\(target, written = target\) \{([\s\S]*?)\n\}/.exec(forkSandbox);
    assert.ok(body, 'the fork route defines selfCheckFsInterceptedMarker()');
    const forkMarker = /** @type {(target: string, written?: string) => string} */ (new Function('target', 'written = target', String(body[1])));
    for (const [target, written] of [['/var/out/f', undefined], ['/var/out/f', '/ws/link/f']]) {
      assert.equal(fsInterceptedNotice(String(target), written), forkMarker(String(target), written));
    }
  });
});
