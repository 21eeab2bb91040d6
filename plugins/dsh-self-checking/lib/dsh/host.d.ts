import type { HostView } from '../core/host.js';
/** The core's view of the host, answered by node:fs (synchronously: background settlement is synchronous). */
export declare const nodeHost: HostView;
