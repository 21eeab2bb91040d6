// Deterministic workload for the benchmark: an answer of N words checked
// against a session holding M bytes of tool output. Same input every run
// (a fixed-seed mulberry32 generator, never the system RNG).

/** @param {number} seed @returns {() => number} uniform in [0, 1) */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['the', 'cells', 'were', 'filtered', 'and', 'then', 'clustered', 'with', 'a', 'resolution', 'of', 'which', 'gave', 'stable', 'groups', '细胞', '结果', '准确率'];

/**
 * `numberEvery`: one word in this many is a number (25 for prose with
 * figures; 2 for a number-dense answer such as a large table).
 * @param {{ answerWords?: number, sourceBytes?: number, seed?: number, numberEvery?: number }} [options]
 * @returns {{ answer: string, sources: string[], calls: { tool: string, isError: boolean, output: string }[] }}
 */
export function generateWorkload({ answerWords = 5000, sourceBytes = 5 * 1024 * 1024, seed = 1708, numberEvery = 25 } = {}) {
  const random = mulberry32(seed);
  const pick = (/** @type {string[]} */ list) => list[Math.floor(random() * list.length)] ?? '';
  /** @type {string[]} */
  const sources = [];
  let bytes = 0;
  let chunk = 0;
  while (bytes < sourceBytes) {
    /** @type {string[]} */
    const lines = [];
    for (let i = 0; i < 400; i += 1) {
      const value = (random() * 1000).toFixed(5);
      const count = Math.floor(random() * 100000);
      lines.push(`{"id":"run-${chunk}-${i}","value":${value},"count":${count},"ratio":"${(random() * 100).toFixed(2)}%","ts":"2026-11-30T08:${String(i % 60).padStart(2, '0')}:00Z","host":"node${i % 97}"}`);
    }
    const text = lines.join('\n');
    sources.push(text);
    bytes += text.length;
    chunk += 1;
  }
  /** @type {string[]} */
  const words = [];
  for (let i = 0; i < answerWords; i += 1) {
    if (i % numberEvery === numberEvery - 1) {
      // A mix of decimals, large integers and percentages; most have no source,
      // so the scan cannot stop early and reads all of the tool output.
      const kind = i % 3;
      words.push(kind === 0 ? (random() * 10).toFixed(4) : kind === 1 ? String(100000 + Math.floor(random() * 900000)) : `${(random() * 100).toFixed(1)}%`);
    } else {
      words.push(pick(WORDS));
    }
  }
  const calls = sources.map((output) => ({ tool: 'bash', isError: false, output }));
  return { answer: words.join(' '), sources, calls };
}
