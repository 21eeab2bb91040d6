import { shapeProblems } from '../core/shape.js';
import { importPeer, peerExport } from './peers.js';
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
/** Mount the Self Checking subclass as this row's service, or the upstream class when that is not safe. */
export async function mount(ctx, config, row) {
    const cordisLogger = ctx.logger(LOG_NAME);
    // A degraded or missing row is also printed on stderr: the Cordis log is an
    // in-memory buffer that a terminal user never sees.
    const logger = {
        info: (message) => cordisLogger.info(message),
        warn: (message) => {
            cordisLogger.warn(message);
            process.stderr.write(`${LOG_NAME}: warning: ${message}\n`);
        },
        error: (message) => {
            cordisLogger.error(message);
            process.stderr.write(`${LOG_NAME}: error: ${message}\n`);
        },
    };
    const [specifier, exportName] = row.peer;
    let Base;
    try {
        Base = peerExport(await importPeer(ctx, specifier), exportName, specifier);
    }
    catch (error) {
        armed.delete(row.capability);
        logger.error(`Self Checking cannot load ${specifier} from the profile (${error instanceof Error ? error.message : String(error)}): no ${row.capability} service is mounted, so ${row.capability} calls cannot run at all.`);
        return;
    }
    const degrade = (reason) => {
        armed.delete(row.capability);
        logger.warn(`Self Checking is OFF for ${row.capability}: ${reason}. The "self-checking" preset runs as plain workspace-write with approval ask.`);
        ctx.plugin(Base, config);
    };
    const reason = degradeReason(Base, row.contract);
    if (reason !== undefined)
        return degrade(reason);
    let Subclass;
    try {
        Subclass = await row.build(ctx, Base);
    }
    catch (error) {
        return degrade(`the subclass failed to load: ${error instanceof Error ? error.message : String(error)}`);
    }
    armed.add(row.capability);
    ctx.plugin(Subclass, config);
    logger.info(`Self Checking is on for ${row.capability} (subclass of ${row.contract.peer})`);
}
