import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compilePattern, toWorkspacePath } from '../../lib/core/paths.js'

test('toWorkspacePath', async (t) => {
  await t.test('should relativise POSIX and Windows absolute paths', () => {
    assert.equal(toWorkspacePath('/home/a/ws/src/x.ts', '/home/a/ws'), 'src/x.ts')
    assert.equal(toWorkspacePath('C:\\Users\\a\\ws\\src\\x.ts', 'C:\\Users\\a\\ws'), 'src/x.ts')
    assert.equal(toWorkspacePath('c:/users/a/WS/src/x.ts', 'C:\\Users\\a\\ws'), 'src/x.ts', 'drive paths compare caselessly')
    assert.equal(toWorkspacePath('./src/../lib/y.js', '/ws'), 'lib/y.js')
  })
  await t.test('should refuse paths outside the workspace', () => {
    assert.equal(toWorkspacePath('/home/a/ws2/x', '/home/a/ws'), null)
    assert.equal(toWorkspacePath('D:\\ws\\x', 'C:\\ws'), null)
    assert.equal(toWorkspacePath('../x', '/ws'), null)
  })
})

test('compilePattern', async (t) => {
  await t.test('should treat a plain path as a file or directory prefix', () => {
    const m = compilePattern('packages/api')
    assert.ok(m('packages/api/src/a.ts'))
    assert.ok(!m('packages/api-client/a.ts'))
  })
  await t.test('should keep * inside a segment and let ** span segments', () => {
    assert.ok(compilePattern('src/*.ts')('src/a.ts'))
    assert.ok(!compilePattern('src/*.ts')('src/deep/a.ts'))
    assert.ok(compilePattern('src/**/*.ts')('src/deep/er/a.ts'))
    assert.ok(compilePattern('src/**/*.ts')('src/a.ts'))
    assert.ok(compilePattern('.github/workflows/**')('.github/workflows/ci.yml'))
  })
})
