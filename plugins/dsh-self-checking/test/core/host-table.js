// A HostView answered from a table: the paths that exist, and the paths this
// user may not read, write or search.

/**
 * @param {{ existing?: string[], refused?: string[] }} table
 * @returns {import('../../lib/core/host.js').HostView}
 */
export function tableHost({ existing = [], refused = [] }) {
  const present = new Set(['/', ...existing]);
  for (const path of existing) for (let at = path; at !== '/'; at = at.slice(0, at.lastIndexOf('/')) || '/') present.add(at);
  return {
    realpath: (path) => (present.has(path) ? path : undefined),
    identity: () => undefined,
    access: (path) => (!present.has(path) ? 'missing' : refused.includes(path) ? 'refused' : 'ok'),
  };
}
