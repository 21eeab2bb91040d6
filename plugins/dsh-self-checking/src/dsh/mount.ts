/**
 * Fail-closed mounting of one row. The subclass is built only after the
 * peer class passed its contract. When the platform is not Linux, the peer
 * class changed shape, or the subclass fails to load or build, the row
 * mounts the plain upstream class instead — the Self Checking preset then
 * behaves as plain workspace-write with approval `ask` (never full access) —
 * and the boot log says why. When not even the upstream class can be loaded,
 * nothing is mounted: no shell (or file system) at all, and the log says so.
 */
import type { Context } from '@deepseek-ai/cordis';
import { shapeProblems, type PeerContract, type PeerShape } from '../core/shape.js';
import { importPeer, peerExport } from './peers.js';
import { armed } from './runtime.js';

export const LOG_NAME = 'dsh-self-checking';

type PeerClass = { prototype: object; inject?: unknown };

/** The facts the contract check reads from a class. */
export function peerShape(Class: PeerClass): PeerShape {
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
export function degradeReason(Class: PeerClass, contract: PeerContract, platform: string = process.platform): string | undefined {
  if (platform !== 'linux') return `the plugin route is proven on Linux only (this is ${platform})`;
  const problems = shapeProblems(contract, peerShape(Class));
  return problems.length === 0 ? undefined : `the peer class changed shape: ${problems.join('; ')}`;
}

/** One row: which upstream class it replaces and how to build the subclass. */
export interface RowSpec {
  /** `bash`, `pwsh` or `fs` (for the log and the armed set). */
  capability: string;
  contract: PeerContract;
  /** The package and export of the upstream class. */
  peer: readonly [specifier: string, exportName: string];
  /** Imports the subclass module and builds the subclass of `Base`. */
  build(ctx: Context, Base: PeerClass): Promise<unknown>;
}

/** Mount the Self Checking subclass as this row's service, or the upstream class when that is not safe. */
export async function mount(ctx: Context, config: unknown, row: RowSpec): Promise<void> {
  const cordisLogger = ctx.logger(LOG_NAME);
  // A degraded or missing row is also printed on stderr: the Cordis log is an
  // in-memory buffer that a terminal user never sees.
  const logger = {
    info: (message: string) => cordisLogger.info(message),
    warn: (message: string) => {
      cordisLogger.warn(message);
      process.stderr.write(`${LOG_NAME}: warning: ${message}\n`);
    },
    error: (message: string) => {
      cordisLogger.error(message);
      process.stderr.write(`${LOG_NAME}: error: ${message}\n`);
    },
  };
  const [specifier, exportName] = row.peer;
  let Base: PeerClass;
  try {
    Base = peerExport<PeerClass & (new (...args: never[]) => unknown)>(await importPeer(ctx, specifier), exportName, specifier);
  } catch (error) {
    armed.delete(row.capability);
    logger.error(`Self Checking cannot load ${specifier} from the profile (${error instanceof Error ? error.message : String(error)}): no ${row.capability} service is mounted, so ${row.capability} calls cannot run at all.`);
    return;
  }
  const degrade = (reason: string): void => {
    armed.delete(row.capability);
    logger.warn(`Self Checking is OFF for ${row.capability}: ${reason}. The "self-checking" preset runs as plain workspace-write with approval ask.`);
    ctx.plugin(Base as never, config as never);
  };
  const reason = degradeReason(Base, row.contract);
  if (reason !== undefined) return degrade(reason);
  let Subclass: unknown;
  try {
    Subclass = await row.build(ctx, Base);
  } catch (error) {
    return degrade(`the subclass failed to load: ${error instanceof Error ? error.message : String(error)}`);
  }
  armed.add(row.capability);
  ctx.plugin(Subclass as never, config as never);
  logger.info(`Self Checking is on for ${row.capability} (subclass of ${row.contract.peer})`);
}
