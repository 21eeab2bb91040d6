import { createHash } from 'node:crypto';
/** SHA-256 from node:crypto; strings are hashed as UTF-8. */
export const nodeHasher = {
    sha256(data) {
        return createHash('sha256').update(data).digest('hex');
    },
};
