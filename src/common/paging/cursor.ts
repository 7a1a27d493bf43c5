/** `limit` query parameter: 1-500, default 100. */
export const PAGE_LIMIT = { min: 1, max: 500, default: 100 } as const;
