// Keeps README.md and its Chinese translation README.zh-CN.md in step.
//
// The prose may differ freely; what a reader copies may not. Extracted from
// both files (Markdown, parsed line by line, code never read as prose):
//
//   commands     every line of a ```sh / ```bash / ```shell / ```console
//                fence (a whole-line `#` comment is skipped, a trailing
//                ` # comment` is cut, whitespace is collapsed), plus every
//                inline code span that starts like a shell command
//                (COMMAND_START below).
//   flags        every `-x` / `--long-flag` token inside an inline code span
//                or a shell-fence line.
//   config keys  rows of a table whose header starts with `key` (or 键) and
//                has a `default` (or 默认值) column: the key is the row's
//                first cell (one inline code span), its default the inline
//                code spans of the default column ("see above" → none).
//   identifiers  inline code spans that are UPPER_SNAKE names (environment
//                variables, constants), lower_snake names (the model's tools)
//                or dsh package names.
//   synopses     inline code spans starting with a forklayer subcommand.
//   exit codes   first cells of the table whose header starts with
//                `exit code` (or 退出码).
//   literals     lines of the English indented code blocks (stable text the
//                model sees); each must appear as a line of a code block of
//                the Chinese README.
//
// English → Chinese: everything above, taken from the README.md sections in
// NAMED_SECTIONS (the parts README.zh-CN.md covers; config keys from the
// plugin sections, synopses from the forklayer section), shell fences from
// the whole file. Chinese → English: commands, flags, config keys,
// synopses and exit codes of the whole README.zh-CN.md must exist somewhere
// in README.md, so a command is never documented only in Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (name) => readFileSync(new URL(name, root), 'utf8');

const NAMED_SECTIONS = ['Quick start', 'The Self Checking mode', 'dsh-result-check', 'dsh-proof', 'forklayer'];
const PLUGIN_SECTIONS = ['dsh-result-check', 'dsh-proof'];
const FORKLAYER_SECTIONS = ['forklayer'];

const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console']);
const COMMAND_START =
  /^(?:\.\/|\.ci\/|~\/\.dsh\/host\/bin\/dsh |\/permission |(?:bash|sh|cargo|npm|npx|node|dsh|forklayer|apt-get|git|go|make) )/;
const FLAG = /(?<=^|[\s[({|,])--?[A-Za-z][A-Za-z0-9-]*/g;
const IDENTIFIER = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|(?:@deepseek-ai\/)?dsh-[a-z0-9-]+)$/;
const SUBCOMMAND = /^(?:snapshot|gen-patches|rebuild|check|merge|release)(?:\s|$)/;

const squash = (s) => s.replace(/\s+/g, ' ').trim();

/**
 * Splits a Markdown document into code blocks and prose paragraphs, each
 * tagged with its `## ` section (deeper headings stay in their section).
 */
export function parse(text) {
  const blocks = []; // { section, lang, indented, lines }
  const paragraphs = []; // { section, text }
  let section = '';
  let fence = null; // { marker, block }
  let para = [];
  let start = 0;
  let lineNo = -1;
  let prevBlank = true;
  let indented = null;
  const flush = () => {
    if (para.length) paragraphs.push({ section, text: para.join('\n'), start, end: start + para.length - 1 });
    para = [];
  };
  for (const line of text.split(/\r?\n/)) {
    lineNo += 1;
    if (fence) {
      if (line.trim().startsWith(fence.marker) && /^\s*(`{3,}|~{3,})\s*$/.test(line)) fence = null;
      else fence.block.lines.push(line);
      continue;
    }
    const open = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (open) {
      flush();
      indented = null;
      const block = { section, lang: open[2].toLowerCase(), indented: false, lines: [] };
      blocks.push(block);
      fence = { marker: open[1], block };
      prevBlank = false;
      continue;
    }
    const blank = line.trim() === '';
    if (!blank && /^( {4}|\t)/.test(line) && (prevBlank || indented)) {
      flush();
      if (!indented) {
        indented = { section, lang: '', indented: true, lines: [] };
        blocks.push(indented);
      }
      indented.lines.push(line.replace(/^( {4}|\t)/, ''));
      prevBlank = false;
      continue;
    }
    if (!blank) indented = null;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      if (heading[1].length <= 2) section = heading[2];
    } else if (blank) {
      flush();
    } else if (line.startsWith('|')) {
      flush(); // a table row is its own paragraph
      start = lineNo;
      para.push(line);
      flush();
    } else {
      if (!para.length) start = lineNo;
      para.push(line);
    }
    prevBlank = blank;
  }
  flush();
  return { blocks, paragraphs, sections: new Set(paragraphs.map((p) => p.section)), text };
}

const inSections = (sections) => (item) => sections === null || sections.includes(item.section);

/** Inline code spans of the paragraphs in `sections` (null: all). */
export function inlineCode(doc, sections = null) {
  const spans = [];
  for (const p of doc.paragraphs.filter(inSections(sections))) {
    for (const m of p.text.matchAll(/(`+)([\s\S]*?[^`])\1(?!`)/g)) spans.push(squash(m[2]));
  }
  return spans;
}

function shellLines(doc, sections = null) {
  const out = [];
  for (const b of doc.blocks.filter(inSections(sections))) {
    if (!SHELL_LANGS.has(b.lang)) continue;
    for (const raw of b.lines) {
      const line = squash(raw.replace(/^\s*[$>] /, '').replace(/\s+#.*$/, ''));
      if (line && !line.startsWith('#')) out.push(line);
    }
  }
  return out;
}

export function commands(doc, { fenceSections = null, inlineSections = null } = {}) {
  return new Set([...shellLines(doc, fenceSections), ...inlineCode(doc, inlineSections).filter((s) => COMMAND_START.test(s))]);
}

export function flags(doc, sections = null) {
  const out = new Set();
  for (const s of [...inlineCode(doc, sections), ...shellLines(doc, sections)]) {
    for (const m of s.matchAll(FLAG)) out.add(m[0]);
  }
  return out;
}

export function identifiers(doc, sections = null) {
  return new Set(inlineCode(doc, sections).filter((s) => IDENTIFIER.test(s)));
}

export function synopses(doc, sections = null) {
  return new Set(inlineCode(doc, sections).filter((s) => SUBCOMMAND.test(s)));
}

function cells(row) {
  const out = [];
  let cur = '';
  let code = false;
  for (const ch of row.trim().replace(/^\|/, '').replace(/\|$/, '')) {
    if (ch === '`') code = !code;
    if (ch === '|' && !code) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** Tables of `sections` as arrays of cell arrays, separator row dropped. */
function tables(doc, sections = null) {
  const out = [];
  let current = null;
  let last = null;
  for (const p of doc.paragraphs) {
    const isRow = p.text.startsWith('|');
    if (!isRow) {
      current = null;
      last = p;
      continue;
    }
    if (!current || last?.end !== p.start - 1) {
      current = { section: p.section, rows: [] };
      out.push(current);
    }
    if (!/^\|[\s|:-]+\|?$/.test(p.text)) current.rows.push(cells(p.text));
    last = p;
  }
  return out.filter(inSections(sections)).map((t) => t.rows);
}

const codeIn = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => squash(m[1]));

/** Map key → default (the default column's code spans, space-joined). */
export function configKeys(doc, sections = null) {
  const out = new Map();
  for (const [header, ...rows] of tables(doc, sections)) {
    if (!/^(key|键|配置项)$/i.test(header[0])) continue;
    const def = header.findIndex((c) => /^(default|默认值?)$/i.test(c));
    if (def < 0) continue;
    for (const row of rows) {
      const key = /^`([^`]+)`$/.exec(row[0]);
      if (key) out.set(key[1], codeIn(row[def] ?? '').join(' '));
    }
  }
  return out;
}

export function exitCodes(doc, sections = null) {
  const out = new Set();
  for (const [header, ...rows] of tables(doc, sections)) {
    if (/^(exit code|退出码)$/i.test(header[0])) for (const row of rows) out.add(row[0]);
  }
  return out;
}

function literals(doc, sections = null) {
  return doc.blocks
    .filter(inSections(sections))
    .filter((b) => b.indented)
    .flatMap((b) => b.lines.map((l) => l.trim()).filter(Boolean));
}

const missing = (from, into) => [...from].filter((x) => !into.has(x));
const report = (what, from, to, items) =>
  `${to} lacks ${items.length} ${what} of ${from} (${to === 'README.md' ? 'document them in English too, or drop them' : 'translate them there'}):\n  ${items.join('\n  ')}`;

const en = parse(read('README.md'));
const zh = parse(read('README.zh-CN.md'));

test('the English sections the Chinese README translates exist', () => {
  for (const name of NAMED_SECTIONS) assert.ok(en.sections.has(name), `README.md has no "## ${name}" section; update NAMED_SECTIONS`);
});

test('each README links to the other right under its title', () => {
  const head = (doc) => doc.text.split('\n').slice(0, 4).join('\n');
  assert.match(head(en), /\[中文说明\]\(README\.zh-CN\.md\)/);
  assert.match(head(zh), /\[English\]\(README\.md\)/);
});

test('commands: every English command is in the Chinese README, and back', () => {
  const enNamed = commands(en, { inlineSections: NAMED_SECTIONS });
  const enAll = commands(en);
  const zhAll = commands(zh);
  assert.ok(shellLines(en).length >= 6, 'too few shell-fence lines found in README.md: the parser broke');
  const lacking = missing(enNamed, zhAll);
  assert.deepEqual(lacking, [], report('commands', 'README.md', 'README.zh-CN.md', lacking));
  const extra = missing(zhAll, enAll);
  assert.deepEqual(extra, [], report('commands', 'README.zh-CN.md', 'README.md', extra));
});

test('flags: every flag of the translated sections is in the Chinese README, and back', () => {
  const enNamed = flags(en, NAMED_SECTIONS);
  assert.ok(enNamed.has('--allow-outside-root'), 'README.md flags not found: the parser broke');
  const lacking = missing(enNamed, flags(zh));
  assert.deepEqual(lacking, [], report('flags', 'README.md', 'README.zh-CN.md', lacking));
  const extra = missing(flags(zh), flags(en));
  assert.deepEqual(extra, [], report('flags', 'README.zh-CN.md', 'README.md', extra));
});

test('plugin config keys and their defaults match', () => {
  const enKeys = configKeys(en, PLUGIN_SECTIONS);
  const zhKeys = configKeys(zh);
  assert.ok(enKeys.size >= 20, `only ${enKeys.size} config keys found in README.md: the parser broke`);
  const lacking = [...enKeys].filter(([k, d]) => zhKeys.get(k) !== d).map(([k, d]) => `${k} (default ${d || 'none'}; README.zh-CN.md: ${zhKeys.has(k) ? zhKeys.get(k) || 'none' : 'absent'})`);
  assert.deepEqual(lacking, [], report('config keys', 'README.md', 'README.zh-CN.md', lacking));
  const extra = missing(zhKeys.keys(), enKeys);
  assert.deepEqual(extra, [], report('config keys', 'README.zh-CN.md', 'README.md', extra));
});

test('environment variables, tool and package names of the translated sections', () => {
  const lacking = missing(identifiers(en, NAMED_SECTIONS), identifiers(zh));
  assert.deepEqual(lacking, [], report('identifiers', 'README.md', 'README.zh-CN.md', lacking));
});

test('forklayer synopses and exit codes match', () => {
  const enSyn = synopses(en, FORKLAYER_SECTIONS);
  assert.ok(enSyn.size >= 6, 'forklayer synopses not found in README.md: the parser broke');
  const lacking = missing(enSyn, synopses(zh));
  assert.deepEqual(lacking, [], report('forklayer synopses', 'README.md', 'README.zh-CN.md', lacking));
  const extra = missing(synopses(zh), synopses(en));
  assert.deepEqual(extra, [], report('forklayer synopses', 'README.zh-CN.md', 'README.md', extra));
  const enCodes = exitCodes(en, FORKLAYER_SECTIONS);
  assert.ok(enCodes.size >= 4, 'exit code table not found in README.md');
  assert.deepEqual([...exitCodes(zh)].sort(), [...enCodes].sort(), 'the exit code tables list different codes');
});

test('text the model sees verbatim is quoted verbatim', () => {
  const zhLines = new Set(zh.blocks.flatMap((b) => b.lines.map((l) => l.trim())));
  const enLit = literals(en, NAMED_SECTIONS);
  assert.ok(enLit.length >= 2, 'indented code blocks not found in README.md: the parser broke');
  const lacking = enLit.filter((l) => !zhLines.has(l));
  assert.deepEqual(lacking, [], report('verbatim lines', 'README.md', 'README.zh-CN.md', lacking));
});
