// `npm run bench`: time checkAnswer on a 5,000-word answer against 5 MB of
// tool output. Target: median under 50 ms. Not part of the tests: timings
// depend on the machine.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { checkAnswer } from '../lib/core/check.js';
import { DEFAULT_OPTIONS } from '../lib/core/options.js';
import { generateWorkload } from './generate.js';

const TARGET_MS = 50;
const RUNS = 20;

const workload = generateWorkload();
const input = { ...workload, resumed: false, subagent: false, nudgesThisTurn: 0 };
const megabytes = workload.sources.reduce((sum, text) => sum + text.length, 0) / (1024 * 1024);

let findings = checkAnswer(input, DEFAULT_OPTIONS);
for (let i = 0; i < 3; i += 1) findings = checkAnswer(input, DEFAULT_OPTIONS);

/** @type {number[]} */
const times = [];
/** @type {number[]} */
const cpuTimes = [];
for (let i = 0; i < RUNS; i += 1) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  findings = checkAnswer(input, DEFAULT_OPTIONS);
  times.push(performance.now() - start);
  const cpu = process.cpuUsage(cpuStart);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)] ?? 0;
const worst = times[RUNS - 1] ?? 0;
const cpuMedian = cpuTimes[Math.floor(RUNS / 2)] ?? 0;

console.log(`answer: ${workload.answer.split(' ').length} words; tool output: ${megabytes.toFixed(2)} MB in ${workload.sources.length} results`);
console.log(`unsourced numbers found: ${findings.numbers.length}`);
console.log(`checkAnswer over ${RUNS} runs: median ${median.toFixed(1)} ms wall, worst ${worst.toFixed(1)} ms wall, median ${cpuMedian.toFixed(1)} ms CPU (target < ${TARGET_MS} ms) on Node ${process.version}`);
// On a busy shared machine wall time includes waiting for a core; say so
// instead of failing on load the check does not cause.
if (median >= TARGET_MS && cpuMedian < TARGET_MS) {
  console.log(`note: wall time is over the target but CPU time is not: the machine is busy (load ${loadavg()[0]?.toFixed(2)})`);
  process.exit(0);
}
if (median >= TARGET_MS) {
  console.error(`error: median ${median.toFixed(1)} ms is over the ${TARGET_MS} ms target`);
  process.exit(1);
}
