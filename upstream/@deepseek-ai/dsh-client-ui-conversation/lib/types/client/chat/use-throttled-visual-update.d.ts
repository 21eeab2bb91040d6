/**
 * Return a stable scheduler that coalesces visual updates over a frame interval.
 * @param update - DOM alignment to run after the throttle interval.
 * @param intervalFrames - frames to wait before applying the latest alignment.
 * @returns a stable function that schedules the latest update.
 */
export declare function useThrottledVisualUpdate(update: () => void, intervalFrames?: number): () => void;
//# sourceMappingURL=use-throttled-visual-update.d.ts.map