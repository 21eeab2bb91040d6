// Renders a finished turn as the conversation the model had: each step the
// model took and what it was shown in reply (tool results, plugin notes).
// Used by tools/demo.sh.

const INDENT = "        ";

function indent(text) {
  return text
    .replace(/\n+$/, "")
    .split("\n")
    .map((line, i) => (i === 0 || line === "" ? line : INDENT + line))
    .join("\n");
}

function describeCall(call) {
  const args = JSON.parse(call.function.arguments);
  if (call.function.name === "bash") return `bash: ${args.command}`;
  if (call.function.name === "write") return `write ${args.file_path} (${Buffer.byteLength(args.content ?? "")} bytes)`;
  if (call.function.name === "edit") return `edit ${args.file_path}: ${JSON.stringify(args.old_string)} → ${JSON.stringify(args.new_string)}`;
  return `${call.function.name} ${JSON.stringify(args)}`;
}

function text(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? "").join("");
  return JSON.stringify(content);
}

/**
 * The transcript lines of `turn` (from lib/turn.mjs): the model's steps in
 * order, each followed by what the model saw next.
 */
export function transcript(turn) {
  const messages = turn.finalMessages;
  const first = messages.findIndex((m) => m.role === "assistant");
  const lines = [];
  let step = 0;
  for (const message of first === -1 ? [] : messages.slice(first)) {
    if (message.role === "assistant") {
      step += 1;
      const calls = message.tool_calls ?? [];
      if (calls.length === 0) lines.push(`step ${step}  model answers: ${indent(text(message.content))}`);
      for (const call of calls) lines.push(`step ${step}  model calls ${describeCall(call)}`);
    } else if (message.role === "tool") {
      lines.push(`${INDENT}model sees: ${indent(text(message.content))}`);
    } else if (message.role === "user") {
      lines.push(`${INDENT}model sees a note: ${indent(text(message.content))}`);
    }
  }
  const last = turn.stepRequests.at(-1);
  if (last?.answer?.content !== undefined) lines.push(`step ${step + 1}  model answers: ${indent(last.answer.content)}`);
  return lines;
}
