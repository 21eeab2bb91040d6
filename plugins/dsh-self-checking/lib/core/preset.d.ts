/**
 * Whether a session runs under the Self Checking preset. The plugin route has
 * no sandbox mode of its own: the preset shares `workspace-write` + `ask`
 * with the stock workspace-write preset, and the `permission/preset` event
 * that dsh-permission-presets records is what tells them apart. A sub-agent
 * child gets its parent's sandbox mode but no preset event, so the nearest
 * session in its lineage that recorded one decides.
 */
/** The preset's key in the `permission` row. */
export declare const PRESET_ID = "self-checking";
/** The parts of a dsh session the decision reads. */
export interface SessionView {
    readonly events: ReadonlyArray<{
        readonly type: string;
        readonly data?: unknown;
    }>;
    readonly header: {
        readonly parentSession?: string | undefined;
    };
}
/** The last preset a session's log selected, if any. */
export declare function selectedPreset(events: SessionView['events']): string | undefined;
/**
 * Whether `session` is under Self Checking: its own last preset event, or
 * the nearest ancestor's. A missing ancestor (a child resumed without its
 * parent) counts as not Self Checking: plain workspace-write.
 * @param session - the calling session.
 * @param lookup - finds a live session by id.
 */
export declare function isSelfChecking(session: SessionView, lookup: (id: string) => SessionView | undefined): boolean;
