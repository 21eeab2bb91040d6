// Deterministic workspace generator for the impact-selection benchmark: a
// monorepo of `packages` npm packages (TypeScript with multi-line, re-export
// and dynamic imports, cross-package imports by package name), a Python
// tree and a Go module. Everything derives from a fixed-seed splitmix64, so
// every run sees the same files.

/** splitmix64 → a function returning uniform integers in [0, n). */
export function rng(seed = 0x5eedn) {
  let state = BigInt.asUintN(64, seed)
  return (/** @type {number} */ n) => {
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n)
    let z = state
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n)
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn)
    z = z ^ (z >> 31n)
    return Number(z % BigInt(n))
  }
}

/**
 * @param {{ files: number, packages?: number, seed?: bigint }} options
 * @returns {{ files: Map<string, string>, checks: any[], changed: string[] }}
 */
export function generateWorkspace({ files: total, packages = 20, seed = 0x5eedn }) {
  const next = rng(seed)
  /** @type {Map<string, string>} */
  const files = new Map()
  const pyCount = Math.floor(total * 0.15)
  const goCount = Math.floor(total * 0.1)
  const tsCount = total - pyCount - goCount - packages - 2
  files.set('package.json', JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'], scripts: { test: 'npm test --workspaces' } }))
  files.set('go.mod', 'module example.com/bench\n')
  const perPackage = Math.ceil(tsCount / packages)
  /** @type {string[][]} */
  const byPackage = []
  for (let p = 0; p < packages; p++) {
    files.set(`packages/p${p}/package.json`, JSON.stringify({ name: `@bench/p${p}`, scripts: { test: 'node --test' } }))
    byPackage.push([])
  }
  for (let i = 0; i < tsCount; i++) {
    const p = Math.floor(i / perPackage)
    const dir = `packages/p${p}/src/m${i % 7}`
    const path = i % 9 === 0 ? `packages/p${p}/test/f${i}.test.ts` : `${dir}/f${i}.ts`
    const own = /** @type {string[]} */ (byPackage[p])
    const lines = []
    for (let k = 0; k < 3 && own.length > 0; k++) {
      const target = /** @type {string} */ (own[next(own.length)])
      lines.push(`import {\n  value${k},\n  type Shape${k},\n} from '${relative(path, target)}'`)
    }
    // Packages form a binary tree: p depends on its parent (p - 1) / 2.
    if (p > 0 && next(4) === 0) lines.push(`import { shared } from '@bench/p${Math.floor((p - 1) / 2)}'`)
    if (next(10) === 0) lines.push(`const lazy = await import(\`./plugins/\${name}.js\`)`)
    if (next(5) === 0 && own.length > 0) lines.push(`export * from '${relative(path, /** @type {string} */ (own[next(own.length)]))}'`)
    lines.push(...filler(next, 40))
    files.set(path, `${lines.join('\n')}\n`)
    if (!path.includes('/test/')) own.push(path)
  }
  /** @type {string[]} */
  const modules = []
  for (let i = 0; i < pyCount; i++) {
    const path = `py/app/pkg${i % 10}/mod${i}.py`
    const imports = modules.length === 0 ? [] : [`from app.pkg${next(10)} import mod${next(modules.length)}`, `from .mod${next(i)} import (\n    thing,\n    other,\n)`]
    files.set(path, `${imports.join('\n')}\n${filler(next, 30).join('\n')}\n`)
    modules.push(path)
  }
  for (let i = 0; i < goCount; i++) {
    const path = `go/pkg${i % 25}/f${i}.go`
    files.set(path, `package pkg${i % 25}\nimport (\n  "fmt"\n  "example.com/bench/go/pkg${next(25)}"\n)\n${filler(next, 30).join('\n')}\n`)
  }
  const checks = [
    ...Array.from({ length: packages }, (_, p) => ({ id: `npm:packages/p${p}:test`, name: 'test', kind: 'npm', command: 'npm test', cwd: `packages/p${p}`, paths: null, timeoutMs: null, source: `packages/p${p}/package.json` })),
    { id: 'pytest:py:pytest', name: 'pytest', kind: 'pytest', command: 'pytest -q', cwd: 'py', paths: null, timeoutMs: null, source: 'py/pyproject.toml' },
    { id: 'go:.:test', name: 'test', kind: 'go', command: 'go test ./...', cwd: '', paths: ['go'], timeoutMs: null, source: 'go.mod' },
  ]
  const sources = [...files.keys()].filter((f) => /\.(ts|py|go)$/.test(f)).sort()
  const changed = Array.from({ length: 12 }, () => /** @type {string} */ (sources[next(sources.length)]))
  return { files, checks, changed: [...new Set(changed)].sort() }
}

/** @param {string} from @param {string} to */
function relative(from, to) {
  const a = from.split('/').slice(0, -1)
  const b = to.split('/')
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  const up = a.length - i
  const rest = b.slice(i).join('/').replace(/\.ts$/, '.js')
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`
}

/** @param {(n: number) => number} next @param {number} lines */
function filler(next, lines) {
  return Array.from({ length: lines }, (_, i) => `// line ${i}: ${'x'.repeat(next(60))}`)
}
