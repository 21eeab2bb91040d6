/**
 * The host's Ed25519 checkpoint key, held under `$DSH_HOME/proof/keys/` and
 * created on first use with Node's built-in crypto. A key that cannot be
 * loaded is not fatal: the store degrades to a hash-only chain and says so.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from './files.js';
/** File name of the private key (PKCS#8 PEM, mode 0600). */
export const PRIVATE_KEY_FILE = 'ed25519.pem';
/**
 * Load the key from `keyDir`; with `create`, make one when none exists.
 * Never throws: a failure comes back as a one-line reason.
 */
export async function loadSigner(keyDir, options) {
    const path = join(keyDir, PRIVATE_KEY_FILE);
    try {
        const pem = await readKeyOrCreate(keyDir, path, options.create);
        if (pem === null)
            return { error: `no signing key at ${path}`, missing: true };
        return { signer: signerFromPem(pem) };
    }
    catch (error) {
        return { error: `cannot load the signing key ${path}: ${error.message}`, missing: false };
    }
}
async function readKeyOrCreate(keyDir, path, create) {
    try {
        return await readFile(path, 'utf8');
    }
    catch (error) {
        if (!isMissing(error))
            throw error;
        if (!create)
            return null;
    }
    await mkdir(keyDir, { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Stage then hard-link: `link` fails if another process created the key
    // first, in which case its key wins and ours is discarded.
    const staged = join(keyDir, `.${PRIVATE_KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(staged, pem, { mode: 0o600, flag: 'wx' });
    try {
        await chmod(staged, 0o600);
        await link(staged, path);
    }
    catch (error) {
        if (error.code !== 'EEXIST')
            throw error;
    }
    finally {
        await rm(staged, { force: true });
    }
    return readFile(path, 'utf8');
}
function signerFromPem(pem) {
    const privateKey = createPrivateKey(pem);
    if (privateKey.asymmetricKeyType !== 'ed25519')
        throw new Error(`expected an ed25519 key, found ${privateKey.asymmetricKeyType ?? 'an unknown key type'}`);
    const publicKey = createPublicKey(privateKey);
    return {
        keyId: keyIdOf(publicKey),
        sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64'),
        verify: (message, signature) => verifySafely(publicKey, message, signature),
    };
}
function keyIdOf(publicKey) {
    const der = publicKey.export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(der).digest('hex').slice(0, 16);
}
function verifySafely(publicKey, message, signature) {
    try {
        return verify(null, Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
    }
    catch {
        return false;
    }
}
/** The ports the pure verifier needs, backed by node:crypto and (maybe) this host's key. */
export function logPorts(signer) {
    return {
        sha256: (bytes) => createHash('sha256').update(bytes).digest('hex'),
        verifySignature(message, signature, keyId) {
            if (signer === null || keyId !== signer.keyId)
                return 'unverifiable';
            return signer.verify(message, signature) ? 'valid' : 'invalid';
        },
    };
}
