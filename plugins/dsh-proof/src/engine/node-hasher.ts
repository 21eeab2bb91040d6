import { createHash } from 'node:crypto'
import type { Hasher } from '../core/hash.js'

/** SHA-256 from node:crypto; strings are hashed as UTF-8. */
export const nodeHasher: Hasher = {
  sha256(data: string | Uint8Array): string {
    return createHash('sha256').update(data).digest('hex')
  },
}
