/**
 * The adaptation points: the members of the rc.8 classes this package
 * subclasses, with their arity. When an upstream release renames, drops or
 * re-shapes one, the adapter refuses to subclass (Self Checking degrades to
 * plain workspace-write) and the boot log names what changed.
 */

/** One class this package subclasses and the members it relies on. */
export interface PeerContract {
  /** npm package and export, for messages. */
  readonly peer: string;
  /** Prototype methods and the number of declared parameters each must have. */
  readonly methods: Readonly<Record<string, number>>;
  /** Services the class must inject. */
  readonly inject: readonly string[];
}

const EXECUTOR_METHODS = { run: 1, start: 1, onProcessDone: 4, confine: 2, resolve: 1 } as const;

export const BASH_CONTRACT: PeerContract = {
  peer: '@deepseek-ai/dsh-bash-sandbox SandboxBashExecutor',
  methods: EXECUTOR_METHODS,
  inject: ['sandbox', 'sandboxPolicy'],
};

export const PWSH_CONTRACT: PeerContract = {
  peer: '@deepseek-ai/dsh-pwsh-sandbox SandboxPwshExecutor',
  methods: EXECUTOR_METHODS,
  inject: ['sandbox', 'sandboxPolicy'],
};

export const FS_CONTRACT: PeerContract = {
  peer: '@deepseek-ai/dsh-fs-sandbox SandboxedFileSystem',
  methods: { checkedTarget: 2, writeText: 5, editText: 5, resolve: 2 },
  inject: ['sandboxPolicy'],
};

/** What the adapter found on a peer class. */
export interface PeerShape {
  /** Arity of each function member reachable from the prototype; undefined when absent or not a function. */
  arity(member: string): number | undefined;
  /** The class's static `inject`, flattened to service names. */
  readonly inject: readonly string[];
}

/**
 * Compare a peer class with its contract.
 * @returns one line per difference, empty when the class fits.
 */
export function shapeProblems(contract: PeerContract, shape: PeerShape): string[] {
  const problems: string[] = [];
  for (const [member, expected] of Object.entries(contract.methods)) {
    const arity = shape.arity(member);
    if (arity === undefined) problems.push(`${contract.peer}: method ${member}() is missing`);
    else if (arity !== expected) problems.push(`${contract.peer}: method ${member}() takes ${arity} parameters, expected ${expected}`);
  }
  for (const service of contract.inject) {
    if (!shape.inject.includes(service)) problems.push(`${contract.peer}: no longer injects ${service}`);
  }
  return problems;
}
