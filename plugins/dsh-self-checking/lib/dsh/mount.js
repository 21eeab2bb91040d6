import { shapeProblems } from '../core/shape.js';
import { armed } from './runtime.js';
export const LOG_NAME = 'dsh-self-checking';
/** The facts the contract check reads from a class. */
export function peerShape(Class) {
    const inject = Array.isArray(Class.inject) ? Class.inject.map(String) : Object.keys(Class.inject ?? {});
    return {
        inject,
        arity(member) {
            const value = Class.prototype[member];
            return typeof value === 'function' ? value.length : undefined;
        },
    };
}
/** Why the adapter must not subclass here; undefined when it may. */
export function degradeReason(Class, contract, platform = process.platform) {
    if (platform !== 'linux')
        return `the plugin route is proven on Linux only (this is ${platform})`;
    const problems = shapeProblems(contract, peerShape(Class));
    return problems.length === 0 ? undefined : `the peer class changed shape: ${problems.join('; ')}`;
}
/**
 * Mount the Self Checking subclass of `Base` as this row's service, or `Base`
 * itself when that is not safe.
 * @param capability - `bash`, `pwsh` or `fs` (for the log and the armed set).
 * @param build - imports the subclass module and builds the subclass.
 */
export function mount(ctx, config, Base, contract, capability, build) {
    const logger = ctx.logger(LOG_NAME);
    const degrade = (reason) => {
        armed.delete(capability);
        logger.warn(`Self Checking is OFF for ${capability}: ${reason}. The "self-checking" preset runs as plain workspace-write with approval ask.`);
        ctx.plugin(Base, config);
    };
    const reason = degradeReason(Base, contract);
    if (reason !== undefined) {
        degrade(reason);
        return Promise.resolve();
    }
    return build().then((Subclass) => {
        armed.add(capability);
        ctx.plugin(Subclass, config);
        logger.info(`Self Checking is on for ${capability} (subclass of ${contract.peer})`);
    }, (error) => degrade(`the subclass failed to load: ${error instanceof Error ? error.message : String(error)}`));
}
