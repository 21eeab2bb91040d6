export { apply, Config, inject, name } from './dsh/plugin.js';
export { checkAnswer, decideNudge } from './core/check.js';
export { extractClaims } from './core/claims.js';
export { ResultCheckError } from './core/errors.js';
export { failureReason, findUnreportedFailures, mentionsFailure } from './core/failures.js';
export { formatNote, formatNotice, NOTE_HEADING } from './core/note.js';
export { DEFAULT_FAILURE_STATUSES, DEFAULT_OPTIONS, resolveOptions } from './core/options.js';
export { findUnsourcedClaims, scanSourceNumbers } from './core/sources.js';
export { matchesWildcard } from './core/wildcard.js';
