/** An ISO 8601 UTC timestamp with milliseconds, as Date.prototype.toISOString() writes it. */
export const isoSql = (expression: string): string => `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
