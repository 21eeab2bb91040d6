import type { ShellPort } from './ports.js';
/**
 * Runs check commands through the system shell, each in its own process
 * group so a timeout or an abort stops the whole tree (test runners fork).
 * Output of both streams is collected as bytes and decoded once.
 * Environment: the host's, minus npm lifecycle variables (a check started
 * from inside an npm script must behave as it does from a terminal), plus
 * `CI=1` and no colour, so output is plain and runners do not wait for input.
 */
export declare function nodeShell(): ShellPort;
