import type { LogPorts } from '../core/log/index.js';
/** File name of the private key (PKCS#8 PEM, mode 0600). */
export declare const PRIVATE_KEY_FILE = "ed25519.pem";
export interface Signer {
    /** First 16 hex digits of sha256 over the public key (SPKI DER). */
    readonly keyId: string;
    sign(message: string): string;
    verify(message: string, signature: string): boolean;
}
export type SignerLoad = {
    readonly signer: Signer;
    readonly error?: never;
    readonly missing?: never;
}
/** `missing`: there is no key yet (it is created on first use), as opposed to one that fails to load. */
 | {
    readonly signer?: never;
    readonly error: string;
    readonly missing: boolean;
};
/**
 * Load the key from `keyDir`; with `create`, make one when none exists.
 * Never throws: a failure comes back as a one-line reason.
 */
export declare function loadSigner(keyDir: string, options: {
    readonly create: boolean;
}): Promise<SignerLoad>;
/** The ports the pure verifier needs, backed by node:crypto and (maybe) this host's key. */
export declare function logPorts(signer: Signer | null): LogPorts;
