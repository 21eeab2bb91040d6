// node edit.js <package-name> <dir> [step]: the fork's edits, made the same
// way in each tool's edit directory (tests/formats/run.sh, commands.sh).
const fs = require('fs'), path = require('path');
const [name, dir, step = '1'] = process.argv.slice(2);
const f = p => path.join(dir, p);
const replace = (p, from, to) => {
  const s = fs.readFileSync(f(p), 'latin1');
  if (!s.includes(from)) throw new Error(`${p}: no ${from}`);
  fs.writeFileSync(f(p), s.replace(from, to), 'latin1');
};
if (name === 'left-pad' && step === '1') {
  replace('index.js', "module.exports = leftPad;", "// forked\nmodule.exports = leftPad;");
  const s = fs.readFileSync(f('index.js'), 'latin1');
  fs.writeFileSync(f('index.js'), s.replace(/\n$/, ''), 'latin1');
  replace('COPYING', 'Version 2, December 2004\r\n', 'Version 2, December 2004 (forked)\r\n');
  fs.unlinkSync(f('test.js'));
  fs.mkdirSync(f('lib'), { recursive: true });
  fs.writeFileSync(f('lib/crlf.js'), 'exports.a = 1;\r\nexports.b = 2;\r\n');
  fs.writeFileSync(f('notes.txt'), 'no final newline');
} else if (name === 'left-pad' && step === '2') {
  replace('README.md', 'String left pad', 'String left pad, second patch');
} else if (name === 'left-pad' && (step === 'upgrade' || step === 'conflict' || step === 'resolved')) {
  // The forks tests/formats/commands.sh moves from 1.2.0 to 1.3.0: a line
  // upstream never changed, and for `conflict` the first line of
  // index.d.ts, which 1.3.0 changed too (`resolved`: its resolution, on 1.3.0).
  replace('index.js', "module.exports = leftPad;", "// forked\nmodule.exports = leftPad;");
  if (step === 'conflict') replace('index.d.ts', '// Type definitions for left-pad 1.1\n', '// Type definitions for left-pad 1.1 (forked)\n');
  if (step === 'resolved') replace('index.d.ts', '// Type definitions for left-pad 1.2.0\n', '// Type definitions for left-pad 1.2.0 (forked)\n');
} else if (name === 'left-pad' && step === 'resolve') {
  // The conflict `forklayer upgrade` leaves in index.d.ts, resolved as `resolved`.
  const s = fs.readFileSync(f('index.d.ts'), 'utf8');
  const resolved = s.replace(/^<<<<<<< .*\n[^]*?^>>>>>>> .*\n/m, '// Type definitions for left-pad 1.2.0 (forked)\n');
  if (resolved === s) throw new Error('index.d.ts: no conflict markers');
  fs.writeFileSync(f('index.d.ts'), resolved);
} else if (name === 'left-pad' && step === 'binary') {
  // What the tools make of a binary file (commands.sh, refusals).
  fs.writeFileSync(f('logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 1]));
} else if (name === 'left-pad' && step === 'symlink') {
  fs.symlinkSync('index.js', f('alias.js'));
} else if (name === '@types/minimist') {
  replace('index.d.ts', ' * Return an argument object', ' * (forked) Return an argument object');
} else throw new Error(`no edits for ${name} step ${step}`);
