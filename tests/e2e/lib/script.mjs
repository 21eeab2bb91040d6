// Builders for mock-model scripts, so a scenario reads as the model's steps.

/** A step calling the bash tool once. */
export function bash(command, description = "Run a scripted command") {
  return { tool_calls: [{ name: "bash", arguments: { command, description } }] };
}

/** A step calling the `write` file tool once. */
export function write(filePath, content) {
  return { tool_calls: [{ name: "write", arguments: { file_path: filePath, content } }] };
}

/** A step calling any tool once. */
export function call(name, args) {
  return { tool_calls: [{ name, arguments: args }] };
}

/** A final-answer step. */
export function answer(text) {
  return { content: text };
}

/** A script from steps. */
export function script(...steps) {
  return { title: "Scripted end-to-end session", steps };
}
