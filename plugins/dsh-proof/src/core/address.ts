/**
 * Canonical addressing: the same failure gets the same evidence id on any
 * machine. Before output is hashed, the workspace root becomes `$WORKSPACE`
 * and then the home directory `$HOME` (workspace first, because it usually
 * lies inside home), each in forward-slash, backslash and JSON-escaped
 * backslash spelling, so neither a checkout location nor a username enters
 * a record.
 */

export interface AddressRoots {
  /** Absolute workspace root. */
  readonly workspace: string
  /** Other spellings of the same root (e.g. its real path behind a symlink). */
  readonly workspaceAliases?: readonly string[] | undefined
  /** Absolute home directory, or null to leave home paths alone. */
  readonly home: string | null
}

/** Replace workspace and home roots in `text` by `$WORKSPACE` / `$HOME`. */
export function canonicaliseText(text: string, roots: Readonly<AddressRoots>): string {
  // Longer roots first, so a root never leaves part of a longer alias behind.
  const workspaces = [roots.workspace, ...(roots.workspaceAliases ?? [])].sort((a, b) => b.length - a.length)
  let out = text
  for (const root of workspaces) out = replaceRoot(out, root, '$WORKSPACE')
  if (roots.home !== null) out = replaceRoot(out, roots.home, '$HOME')
  return out
}

/**
 * Test runners print how long things took; a timing is not part of what
 * failed, and leaving it in would give one failure a new address on every
 * run. Only the runners' own timing spellings are replaced (by `<time>`), not
 * durations inside assertion messages.
 */
const TIMINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(\s*#?\s*duration_ms:?\s+)\d+(?:\.\d+)?\s*$/gm, '$1<time>'], // node:test (TAP and spec)
  [/^(\s*(?:[✔✖]|ok|not ok)\b.*\()\d+(?:\.\d+)?\s?m?s(\)\s*)$/gm, '$1<time>$2'], // node:test spec, mocha, jest
  [/^(Ran \d+ tests? in )\d+(?:\.\d+)?s$/gm, '$1<time>'], // unittest
  [/^(=+ .* in )\d+(?:\.\d+)?s( \(\d+:\d+:\d+\))?( =+)$/gm, '$1<time>$3'], // pytest summary
  [/^((?:ok|FAIL|---\s+(?:PASS|FAIL):)\s+.*?\s\(?)\d+(?:\.\d+)?s(\)?)$/gm, '$1<time>$2'], // go test
  [/(; finished in )\d+(?:\.\d+)?s$/gm, '$1<time>'], // cargo test
  [/^(Time:\s+)\d+(?:\.\d+)?\s*m?s.*$/gm, '$1<time>'], // jest
  [/^(\s*Duration\s+)\d+(?:\.\d+)?m?s.*$/gm, '$1<time>'], // vitest
]

export function canonicaliseTimings(text: string): string {
  let out = text
  for (const [re, replacement] of TIMINGS) out = out.replace(re, replacement)
  return out
}

function replaceRoot(text: string, root: string, token: string): string {
  const slash = root.replace(/\\/g, '/').replace(/\/+$/, '')
  // A bare `/` or drive root would swallow every absolute path: skip it.
  if (slash === '' || /^[A-Za-z]:$/.test(slash)) return text
  const spellings = new Set([slash, slash.replace(/\//g, '\\'), slash.replace(/\//g, '\\\\')])
  const alternatives = [...spellings]
    .sort((a, b) => b.length - a.length)
    .map((s) => escapeRegExp(s).replace(/^([A-Za-z]):/, (_m, d: string) => `[${d.toLowerCase()}${d.toUpperCase()}]:`))
  // The root must end at a path boundary: /home/al must not match /home/alice.
  const re = new RegExp(`(?:${alternatives.join('|')})(?![A-Za-z0-9_.\\-])`, 'g')
  return text.replace(re, token)
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
