// Entry of the dsh bundle row (cordis.patch.yml: `name: dsh-proof/bundle`): the
// plugin of ./lib, loaded only when its peer dependencies resolve. They come
// from the dsh install; when one is missing (dsh is not 0.1.0-rc.8, or a bare
// directory path made pnpm link the package, so Node resolves its imports
// from that directory), dsh would print a stack trace and stop. Instead this
// says which package is missing and how to fix it, and the row does nothing.
const NAME = 'dsh-proof';

let plugin;
try {
  plugin = await import('./lib/index.js');
} catch (error) {
  const peer = error?.code === 'ERR_MODULE_NOT_FOUND' ? /Cannot find package '([^']+)'/.exec(error.message)?.[1] : undefined;
  if (peer === undefined) throw error;
  const message =
    `${NAME}: error: not loaded: its peer dependency ${peer} is missing (resolved from ${new URL('.', import.meta.url).pathname})\n` +
    `help: ${NAME} needs dsh 0.1.0-rc.8, whose install provides ${peer}; add it with ` +
    `\`dsh plugin --profile <name> add file:<path to ${NAME}>\` or the release's .tgz, not a bare directory path (pnpm then links it, and a linked package cannot see dsh's packages)\n`;
  process.stderr.write(message);
  plugin = { name: NAME, inject: [], apply: (ctx) => ctx.logger(NAME).error(message.trimEnd()) };
}

export const { name, inject, Config, apply } = plugin;
