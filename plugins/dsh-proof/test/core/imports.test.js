import { test } from 'node:test'
import assert from 'node:assert/strict'
import { extractImports, sourceLanguage } from '../../lib/core/imports.js'

const js = (/** @type {string} */ text) => {
  const r = extractImports('js', text)
  return { specifiers: [...r.specifiers].sort(), prefixes: [...r.prefixes], opaque: r.opaque }
}

test('extractImports', async (t) => {
  await t.test('should find static, type-only, side-effect, re-export and multi-line imports', () => {
    const text = [
      "import a from './a.js'",
      'import {',
      '  b,',
      '  type C,',
      '  d as e,',
      "} from '../b'",
      "import type { T } from './types'",
      "import './side-effect.css'",
      "export * from './all'",
      "export { x } from \"./x\"",
      "import * as ns from 'node:path'",
      'export const notAnImport = 1',
    ].join('\n')
    assert.deepEqual(js(text), { specifiers: ['../b', './a.js', './all', './side-effect.css', './types', './x', 'node:path'], prefixes: [], opaque: false })
  })
  await t.test('should find dynamic imports and requires, keeping computed prefixes and flagging opaque ones', () => {
    const text = "const m = await import('./lazy.js')\nconst c = require(\"./c.cjs\")\nrequire.resolve('./r')\nimport(`./static.js`)\nimport(`./locales/${lang}.json`)\nrequire(name)\n"
    assert.deepEqual(js(text), { specifiers: ['./c.cjs', './lazy.js', './r', './static.js'], prefixes: ['./locales/'], opaque: true })
  })
  await t.test('should keep commented-out imports (an extra edge is safe, a missed one is not)', () => {
    assert.deepEqual(js("// import old from './old'\n/* import { x } from './x' */\n").specifiers, ['./old', './x'])
  })
  await t.test('should find Python imports in every form', () => {
    const r = extractImports('python', 'import os, pkg.sub as s\nfrom . import sibling\nfrom ..up import (\n    one,\n    two,\n)\nfrom a.b import *\nmod = importlib.import_module("plug.ins")\n')
    assert.deepEqual([...r.specifiers].sort(), ['.', '..up', '..up.one', '..up.two', '.sibling', 'a.b', 'os', 'pkg.sub', 'plug.ins'])
    assert.equal(extractImports('python', '__import__(name)\n').opaque, true)
  })
  await t.test('should find Go and Rust imports', () => {
    assert.deepEqual([...extractImports('go', 'import "fmt"\nimport (\n  x "example.com/m/x"\n  "example.com/m/y"\n)\n').specifiers].sort(), ['example.com/m/x', 'example.com/m/y', 'fmt'])
    assert.deepEqual([...extractImports('rust', 'mod parser;\npub(crate) mod lexer;\nuse crate::parser::parse;\nuse shop_core::tax;\nextern crate serde;\n').specifiers].sort(), ['mod:lexer', 'mod:parser', 'use:crate::parser::parse', 'use:serde', 'use:shop_core::tax'])
  })
})

test('sourceLanguage', async (t) => {
  await t.test('should know the graph languages and nothing else', () => {
    assert.deepEqual(['a.ts', 'a.mjs', 'a.tsx', 'a.cjs', 'a.py', 'a.pyi', 'a.go', 'a.rs', 'a.vue', 'a.md', 'a.json'].map(sourceLanguage), ['js', 'js', 'js', 'js', 'python', 'python', 'go', 'rust', 'js', null, null])
  })
})
