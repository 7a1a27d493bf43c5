import type { Item } from '../../domain/item';
import { ITEM_FIELDS, type ItemField } from '../../application/item-resource';

/** An item row as Node reads it (ITEM_COLUMNS): each field by its column, an instant as `<column>_ms`, and the position. */
export type ItemRow = Record<string, unknown> & { seq: string };

const isInstant = (field: ItemField): boolean => field.kind === 'instant' || field.kind === 'instant?';

/**
 * The columns of an item row as Node reads it (the items an action names), from ITEM_FIELDS.
 * Times leave PostgreSQL as epoch milliseconds (float8, parsed with parseFloat), because
 * parsing PostgreSQL's text form of a timestamp costs more than the rest of the row.
 * Microseconds are dropped, as a Date holds none. (A page never parses its items at all: they
 * come as their JSON, TypeOrmItemPageReadModel; an add reads back only each item's position.)
 */
export const ITEM_COLUMNS = [
  ...ITEM_FIELDS.map((field) =>
    isInstant(field) ? `(extract(epoch FROM ${field.column}) * 1000)::float8 AS ${field.column}_ms` : field.column,
  ),
  'seq',
].join(', ');

/** Each field's reading of its row, built once: [property, the row's key, whether it is an instant]. */
const READS = ITEM_FIELDS.map(
  (field) => [field.property, isInstant(field) ? `${field.column}_ms` : field.column, isInstant(field)] as const,
);

/** The Item a row of ITEM_COLUMNS holds. */
export function toItem(row: ItemRow): Item {
  const item: Record<string, unknown> = {};
  for (const [property, key, instant] of READS) {
    const value = row[key];
    item[property] = instant && value !== null ? new Date(value as number) : value;
  }
  // Identity values stay far below 2^53, so a number is exact.
  item.seq = Number(row.seq);
  return item as unknown as Item;
}
