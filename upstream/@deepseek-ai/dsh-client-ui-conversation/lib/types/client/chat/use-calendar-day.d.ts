/**
 * Local calendar-day epoch that advances at each local midnight.
 * @returns Midnight ms for the current local day; updates after the boundary.
 */
export declare function useCalendarDay(): number;
//# sourceMappingURL=use-calendar-day.d.ts.map