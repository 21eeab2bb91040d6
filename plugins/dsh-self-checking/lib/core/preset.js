/**
 * Whether a session runs under the Self Checking preset. The plugin route has
 * no sandbox mode of its own: the preset shares `workspace-write` + `ask`
 * with the stock workspace-write preset, and the `permission/preset` event
 * that dsh-permission-presets records is what tells them apart. A sub-agent
 * child gets its parent's sandbox mode but no preset event, so the nearest
 * session in its lineage that recorded one decides.
 */
/** The preset's key in the `permission` row. */
export const PRESET_ID = 'self-checking';
/** Lineage deeper than this is treated as unknown (fail closed). */
const MAX_LINEAGE = 32;
/** The last preset a session's log selected, if any. */
export function selectedPreset(events) {
    for (let index = events.length - 1; index >= 0; index -= 1) {
        const event = events[index];
        if (event?.type !== 'permission/preset')
            continue;
        const preset = event.data?.preset;
        return typeof preset === 'string' ? preset : undefined;
    }
    return undefined;
}
/**
 * Whether `session` is under Self Checking: its own last preset event, or
 * the nearest ancestor's. A missing ancestor (a child resumed without its
 * parent) counts as not Self Checking: plain workspace-write.
 * @param session - the calling session.
 * @param lookup - finds a live session by id.
 */
export function isSelfChecking(session, lookup) {
    let current = session;
    for (let depth = 0; current !== undefined && depth < MAX_LINEAGE; depth += 1) {
        const preset = selectedPreset(current.events);
        if (preset !== undefined)
            return preset === PRESET_ID;
        const parent = current.header.parentSession;
        current = parent === undefined ? undefined : lookup(parent);
    }
    return false;
}
