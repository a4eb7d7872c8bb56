/** A moment (ms since the epoch) in the browser's language and time zone, to the minute. */
export const when = (at: number): string => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(at)
