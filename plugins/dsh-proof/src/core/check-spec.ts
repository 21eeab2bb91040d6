/**
 * The shape of a check, shared by discovery (`checks.ts`) and the runner
 * fingerprint (`runner.ts`): both read it, neither owns it.
 */

/** path (workspace-relative) → sha256 of what it resolves to, `null` when absent. */
export type RunnerFingerprint = Readonly<Record<string, string | null>>

/** Where a check came from. */
export type CheckKind = 'npm' | 'pytest' | 'mypy' | 'ruff' | 'go' | 'cargo' | 'make' | 'config'

/** An objective check: a shell command whose exit status is the verdict. */
export interface CheckSpec {
  /** Stable identity: `<kind>:<cwd or .>:<name>` (config checks: `config:<name>`). */
  readonly id: string
  readonly name: string
  readonly kind: CheckKind
  /** Shell command line, run in `cwd`. */
  readonly command: string
  /** Workspace-relative directory ('' = workspace root). */
  readonly cwd: string
  /** Scope patterns; null means "everything under cwd". */
  readonly paths: readonly string[] | null
  /** Per-check timeout, or null for the engine default. */
  readonly timeoutMs: number | null
  /** The file (or `config`) that declared the check. */
  readonly source: string
  /**
   * What the command runs, as declared in the workspace where the command
   * does not say it: every npm script (`npm test` may call the others), the
   * whole Makefile. `null` when the command is the whole definition. A check
   * whose definition changed since the baseline proves nothing against it
   * (`"test": "true"` passes whatever the code does).
   */
  readonly definition?: string | null
  /**
   * What the command resolves to outside its definition: each tool binary
   * (`node_modules/.bin/<tool>`, symlink or shim followed to the file it
   * runs) and the lock file, by digest (`null`: absent). Filled by the IO
   * layer; absent when it was not looked at.
   */
  readonly runner?: RunnerFingerprint
}
