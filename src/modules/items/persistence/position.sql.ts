/**
 * The position of an item added with the seq `seqSql`, as domain/position.ts's addedPosition
 * makes it: the sixteen hexadecimal digits of seq, then `V`.
 */
export const addedPositionSql = (seqSql: string): string => `lpad(to_hex(${seqSql}), 16, '0') || 'V'`;
