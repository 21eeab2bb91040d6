// The upgrade guard of the plugin route: this package subclasses three rc.8
// classes and relies on the members listed in its contracts. When a new dsh
// moves one of them, this test fails and names it (and at run time the bundle
// degrades to plain workspace-write, saying the same in the boot log).
import assert from 'node:assert/strict';
import test from 'node:test';
import { SandboxBashExecutor } from '@deepseek-ai/dsh-bash-sandbox';
import { SandboxedFileSystem } from '@deepseek-ai/dsh-fs-sandbox';
import { SandboxPwshExecutor } from '@deepseek-ai/dsh-pwsh-sandbox';
import { BASH_CONTRACT, FS_CONTRACT, PWSH_CONTRACT, degradeReason, peerShape, shapeProblems } from 'dsh-self-checking';

const PEERS = /** @type {const} */ ([
  [BASH_CONTRACT, SandboxBashExecutor],
  [PWSH_CONTRACT, SandboxPwshExecutor],
  [FS_CONTRACT, SandboxedFileSystem],
]);

test('peer classes', async (t) => {
  for (const [contract, Class] of PEERS) {
    await t.test(`${contract.peer} should still have every adaptation point`, () => {
      assert.deepEqual(shapeProblems(contract, peerShape(/** @type {any} */ (Class))), []);
      assert.equal(degradeReason(/** @type {any} */ (Class), contract, 'linux'), undefined);
    });
  }

  await t.test('should name a renamed or re-shaped member loudly', () => {
    /** @type {any} */
    const Renamed = class extends /** @type {any} */ (SandboxBashExecutor) {};
    Object.defineProperty(Renamed.prototype, 'confine', { value: undefined });
    Object.defineProperty(Renamed.prototype, 'onProcessDone', { value: (/** @type {unknown} */ _proc) => {} });
    const reason = degradeReason(Renamed, BASH_CONTRACT, 'linux');
    assert.match(String(reason), /method confine\(\) is missing/);
    assert.match(String(reason), /method onProcessDone\(\) takes 1 parameters, expected 4/);
  });

  await t.test('should refuse platforms the route is not proven on', () => {
    assert.match(String(degradeReason(/** @type {any} */ (SandboxBashExecutor), BASH_CONTRACT, 'win32')), /proven on Linux only/);
  });
});
