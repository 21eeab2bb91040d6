// `npm run typecheck:test`: type-check the plain-JS tests, bench and scripts.
import { runTsc } from './tsc.mjs'

process.exitCode = runTsc(['-p', 'test/tsconfig.json'])
