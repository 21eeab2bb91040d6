import assert from 'node:assert/strict';
import test from 'node:test';
import { classifyProbe, diagnosticPaths } from '../../lib/core/classify.js';
import { tableHost } from './host-table.js';

const WS = '/home/u/ws';
const BWRAP = { denialSignatures: ['read-only file system'], workdir: WS, writableRoots: [WS, '/tmp', '/var/tmp-user'], workspaceRoot: WS };
const LANDLOCK = { ...BWRAP, denialSignatures: ['permission denied'] };
const host = tableHost({ existing: [WS, `${WS}/build.sh`, '/tmp/hostfile', '/var/out'], refused: [`${WS}/build.sh`] });
/** @param {Partial<import('../../lib/core/classify.js').ProbeOutcome>} fields */
const outcome = (fields) => ({ exitCode: 1, signal: null, stderr: '', ...fields });

test('classifyProbe', async (t) => {
  await t.test('should intercept a bwrap denial that names a path outside the writable roots', () => {
    assert.equal(classifyProbe(host, outcome({ stderr: "touch: cannot touch '/var/out/f': Read-only file system" }), BWRAP), 'intercepted');
    assert.equal(classifyProbe(host, outcome({ stderr: 'bash: line 1: /var/out/f: Read-only file system' }), BWRAP), 'intercepted');
  });

  await t.test('should intercept a Landlock denial outside, resolving a relative path against the workdir', () => {
    assert.equal(classifyProbe(host, outcome({ stderr: 'bash: line 1: ../../../var/out/f: Permission denied' }), LANDLOCK), 'intercepted');
  });

  await t.test('should never judge an exit 0, a timeout, a signal, a 128+N status or an abort', () => {
    const stderr = "touch: cannot touch '/var/out/f': Read-only file system, continuing";
    assert.equal(classifyProbe(host, outcome({ exitCode: 0, stderr }), BWRAP), undefined);
    assert.equal(classifyProbe(host, outcome({ timedOut: true, exitCode: null, stderr }), BWRAP), undefined);
    assert.equal(classifyProbe(host, outcome({ signal: 'SIGKILL', exitCode: null, stderr }), BWRAP), undefined);
    assert.equal(classifyProbe(host, outcome({ exitCode: 137, stderr }), BWRAP), undefined);
    assert.equal(classifyProbe(host, outcome({ aborted: true, stderr }), BWRAP), undefined);
  });

  await t.test('should leave plain failures alone: grep without a match, ls of a missing path', () => {
    assert.equal(classifyProbe(host, outcome({ stderr: '' }), BWRAP), undefined);
    assert.equal(classifyProbe(host, outcome({ exitCode: 2, stderr: "ls: cannot access '/nope': No such file or directory" }), BWRAP), undefined);
  });

  await t.test('should call a denial inside the workspace a failure, not an interception', () => {
    assert.equal(classifyProbe(host, outcome({ stderr: `touch: cannot touch '${WS}/ro/f': Read-only file system` }), BWRAP), 'failed');
  });

  await t.test('should treat a host /tmp file that bwrap hid as permission-like evidence', () => {
    assert.equal(classifyProbe(host, outcome({ stderr: 'cat: /tmp/hostfile: No such file or directory' }), BWRAP), 'failed');
    assert.equal(classifyProbe(host, outcome({ stderr: 'cat: /tmp/hostfile: No such file or directory' }), LANDLOCK), undefined);
  });

  await t.test('should call an EACCES the host itself explains inside the workspace ordinary (Landlock collision)', () => {
    assert.equal(classifyProbe(host, outcome({ exitCode: 126, stderr: 'bash: line 1: ./build.sh: Permission denied' }), LANDLOCK), 'ordinary');
  });
});

test('diagnosticPaths', async (t) => {
  await t.test('should skip the reporting shell before a script location and keep spaces in a path segment', () => {
    assert.deepEqual(diagnosticPaths('/bin/sh: 1: ./build.sh: Permission denied', WS), [`${WS}/build.sh`]);
    assert.deepEqual(diagnosticPaths('bash: /my project/x: Read-only file system', WS), ['/my project/x']);
  });
});
