/**
 * The adaptation points: the members of the rc.8 classes this package
 * subclasses, with their arity. When an upstream release renames, drops or
 * re-shapes one, the adapter refuses to subclass (Self Checking degrades to
 * plain workspace-write) and the boot log names what changed.
 */
const EXECUTOR_METHODS = { run: 1, start: 1, onProcessDone: 4, confine: 2, resolve: 1 };
export const BASH_CONTRACT = {
    peer: '@deepseek-ai/dsh-bash-sandbox SandboxBashExecutor',
    methods: EXECUTOR_METHODS,
    inject: ['sandbox', 'sandboxPolicy'],
};
export const PWSH_CONTRACT = {
    peer: '@deepseek-ai/dsh-pwsh-sandbox SandboxPwshExecutor',
    methods: EXECUTOR_METHODS,
    inject: ['sandbox', 'sandboxPolicy'],
};
export const FS_CONTRACT = {
    peer: '@deepseek-ai/dsh-fs-sandbox SandboxedFileSystem',
    methods: { checkedTarget: 2, writeText: 5, editText: 5, resolve: 2 },
    inject: ['sandboxPolicy'],
};
/**
 * Compare a peer class with its contract.
 * @returns one line per difference, empty when the class fits.
 */
export function shapeProblems(contract, shape) {
    const problems = [];
    for (const [member, expected] of Object.entries(contract.methods)) {
        const arity = shape.arity(member);
        if (arity === undefined)
            problems.push(`${contract.peer}: method ${member}() is missing`);
        else if (arity !== expected)
            problems.push(`${contract.peer}: method ${member}() takes ${arity} parameters, expected ${expected}`);
    }
    for (const service of contract.inject) {
        if (!shape.inject.includes(service))
            problems.push(`${contract.peer}: no longer injects ${service}`);
    }
    return problems;
}
