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
export declare const BASH_CONTRACT: PeerContract;
export declare const PWSH_CONTRACT: PeerContract;
export declare const FS_CONTRACT: PeerContract;
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
export declare function shapeProblems(contract: PeerContract, shape: PeerShape): string[];
