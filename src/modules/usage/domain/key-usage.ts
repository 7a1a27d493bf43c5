/** The classes a key's requests are counted in: 4xx leaves out 429, which has its own. */
export const USAGE_CLASSES = ['2xx', '4xx', '429', '5xx'] as const;
export type UsageClass = (typeof USAGE_CLASSES)[number];

/** Requests per class. */
export type UsageCounts = Record<UsageClass, number>;

/** How many UTC days of usage are kept and shown, today included. */
export const USAGE_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One key's requests on one UTC day. `day` counts days since 1970-01-01 (UTC). */
export interface KeyDayUsage {
  keyId: string;
  day: number;
  counts: UsageCounts;
}

export const noCounts = (): UsageCounts => ({ '2xx': 0, '4xx': 0, '429': 0, '5xx': 0 });

/** Adds `more` into `into`. */
export function addCounts(into: UsageCounts, more: UsageCounts): UsageCounts {
  for (const name of USAGE_CLASSES) into[name] += more[name];
  return into;
}

/** The class a final status is counted in; other statuses (1xx, 3xx) are not counted. */
export function usageClassOf(status: number): UsageClass | undefined {
  if (status >= 200 && status < 300) return '2xx';
  if (status === 429) return '429';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500 && status < 600) return '5xx';
  return undefined;
}

/** The UTC day of an instant, as days since 1970-01-01. */
export const utcDay = (at: Date): number => Math.floor(at.getTime() / DAY_MS);

/** A UTC day as its ISO date, `2026-11-26`. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The first day still kept when `today` is the newest. */
export const oldestKeptDay = (today: number): number => today - (USAGE_RETENTION_DAYS - 1);
