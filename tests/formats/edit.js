// node edit.js <package-name> <dir> [step]: the fork's edits, made the same
// way in each tool's edit directory (tests/formats/run.sh).
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
} else if (name === '@types/minimist') {
  replace('index.d.ts', ' * Return an argument object', ' * (forked) Return an argument object');
} else throw new Error(`no edits for ${name} step ${step}`);
