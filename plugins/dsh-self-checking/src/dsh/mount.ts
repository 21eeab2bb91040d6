/**
 * Fail-closed mounting of one row. The row's entry imports only the upstream
 * class; the subclass is imported and built here. When the platform is not
 * Linux, the peer class changed shape, or the subclass fails to load or
 * build, the row mounts the plain upstream class instead — the Self Checking
 * preset then behaves as plain workspace-write with approval `ask` (never
 * full access) — and the boot log says why.
 */
import type { Context } from '@deepseek-ai/cordis';
import { shapeProblems, type PeerContract, type PeerShape } from '../core/shape.js';
import { armed } from './runtime.js';

export const LOG_NAME = 'dsh-self-checking';

/** The facts the contract check reads from a class. */
export function peerShape(Class: { prototype: object; inject?: unknown }): PeerShape {
  const inject = Array.isArray(Class.inject) ? Class.inject.map(String) : Object.keys((Class.inject as object | undefined) ?? {});
  return {
    inject,
    arity(member) {
      const value = (Class.prototype as Record<string, unknown>)[member];
      return typeof value === 'function' ? value.length : undefined;
    },
  };
}

/** Why the adapter must not subclass here; undefined when it may. */
export function degradeReason(Class: { prototype: object; inject?: unknown }, contract: PeerContract, platform: string = process.platform): string | undefined {
  if (platform !== 'linux') return `the plugin route is proven on Linux only (this is ${platform})`;
  const problems = shapeProblems(contract, peerShape(Class));
  return problems.length === 0 ? undefined : `the peer class changed shape: ${problems.join('; ')}`;
}

/**
 * Mount the Self Checking subclass of `Base` as this row's service, or `Base`
 * itself when that is not safe.
 * @param capability - `bash`, `pwsh` or `fs` (for the log and the armed set).
 * @param build - imports the subclass module and builds the subclass.
 */
export function mount(ctx: Context, config: unknown, Base: { prototype: object; inject?: unknown }, contract: PeerContract, capability: string, build: () => Promise<unknown>): Promise<void> {
  const logger = ctx.logger(LOG_NAME);
  const degrade = (reason: string): void => {
    armed.delete(capability);
    logger.warn(`Self Checking is OFF for ${capability}: ${reason}. The "self-checking" preset runs as plain workspace-write with approval ask.`);
    ctx.plugin(Base as never, config as never);
  };
  const reason = degradeReason(Base, contract);
  if (reason !== undefined) {
    degrade(reason);
    return Promise.resolve();
  }
  return build().then(
    (Subclass) => {
      armed.add(capability);
      ctx.plugin(Subclass as never, config as never);
      logger.info(`Self Checking is on for ${capability} (subclass of ${contract.peer})`);
    },
    (error: unknown) => degrade(`the subclass failed to load: ${error instanceof Error ? error.message : String(error)}`),
  );
}
