/**
 * The shape of a check, shared by discovery (`checks.ts`) and the runner
 * fingerprint (`runner.ts`): both read it, neither owns it.
 */
export {};
