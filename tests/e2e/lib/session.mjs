// Reads the sessions dsh wrote under $DSH_HOME/sessions. They are
// zstd-compressed JSON lines; the test runner's Node 20 has no zstd, so the
// host's Node 24 decompresses them.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const DECOMPRESS = `
const { zstdDecompressSync } = require("node:zlib");
const { readFileSync } = require("node:fs");
const out = process.argv.slice(1).map((file) => ({
  file,
  lines: zstdDecompressSync(readFileSync(file)).toString("utf8").split("\\n").filter((line) => line !== ""),
}));
process.stdout.write(JSON.stringify(out));
`;

/** Every session file under `dshHome`, sorted by path. */
export function sessionFiles(dshHome) {
  const root = join(dshHome, "sessions");
  if (!existsSync(root)) return [];
  const files = [];
  for (const project of readdirSync(root).sort()) {
    for (const session of readdirSync(join(root, project)).sort()) {
      const file = join(root, project, session, "session.jsonl.zstd");
      if (existsSync(file)) files.push(file);
    }
  }
  return files;
}

/**
 * Decoded sessions: `[{ file, header, events }]`, where `header` is the
 * first line (`type: "session"`) and `events` the rest.
 * @param host - from lib/host.mjs (its Node 24 decompresses).
 */
export function readSessions(host, dshHome) {
  const files = sessionFiles(dshHome);
  if (files.length === 0) return [];
  const decoded = JSON.parse(execFileSync(host.node, ["-e", DECOMPRESS, ...files], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }));
  return decoded.map(({ file, lines }) => {
    const [header, ...events] = lines.map((line) => JSON.parse(line));
    return { file, header, events };
  });
}

/** The events of one type, in order. */
export function eventsOf(session, type) {
  return session.events.filter((event) => event.type === type);
}

/** The one-line notices a plugin's steering messages showed in the conversation, in order. */
export function pluginNotices(session, plugin) {
  return eventsOf(session, "user/message")
    .map((event) => event.data.source)
    .filter((source) => source?.kind === "plugin" && source.plugin === plugin)
    .map((source) => source.summary);
}
