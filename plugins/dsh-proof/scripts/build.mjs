// `npm run build`: clean lib/ and compile src/ into it.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot, runTsc } from './tsc.mjs'

rmSync(join(packageRoot, 'lib'), { recursive: true, force: true })
process.exitCode = runTsc(['-p', 'tsconfig.json'])
