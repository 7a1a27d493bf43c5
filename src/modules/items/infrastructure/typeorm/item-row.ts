import type { Item } from '../../domain/item';
import { ITEM_PRIORITIES } from '../../domain/item';
import type { Due } from '../../domain/due';
import { ITEM_FIELDS, type ItemField, type ItemFieldKind } from '../../application/item-resource';
import { userRefJsonSql } from '../../../auth/persistence/user-ref.sql';

/** An item row as Node reads it (ITEM_COLUMNS): each field under its own keys (see itemColumnsSql), and the store's seq. */
export type ItemRow = Record<string, unknown> & { seq: string };

/** An instant as epoch milliseconds (float8). */
const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
const msToDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as number));

/** How one field is selected (SQL, given the row's alias) and read back (from the row Node gets). */
interface FieldReading {
  columns: (t: string) => string[];
  read: (row: ItemRow) => unknown;
}

function readingOf(field: ItemField): FieldReading {
  const kind = field.kind as ItemFieldKind;
  const c = field.column;
  switch (kind) {
    case 'instant':
    case 'instant?':
      return { columns: (t) => [`${epochMs(`${t}.${c}`)} AS ${c}_ms`], read: (row) => msToDate(row[`${c}_ms`]) };
    case 'due?':
      return {
        columns: (t) => [
          `to_char(${t}.${c}_date, 'YYYY-MM-DD') AS ${c}_date`,
          `${t}.${c}_time`,
          `${t}.${c}_time_zone`,
          `${t}.${c}_recurrence`,
          `${epochMs(`${t}.${c}_at`)} AS ${c}_at_ms`,
          `to_char(${t}.${c}_series_start, 'YYYY-MM-DD') AS ${c}_series_start`,
        ],
        read: (row): Due | null =>
          row[`${c}_date`] === null
            ? null
            : {
                date: row[`${c}_date`] as string,
                time: row[`${c}_time`] as string | null,
                timeZone: row[`${c}_time_zone`] as string | null,
                recurrence: row[`${c}_recurrence`] as string | null,
                at: msToDate(row[`${c}_at_ms`]),
                seriesStart: row[`${c}_series_start`] as string | null,
              },
      };
    case 'priority':
      return { columns: (t) => [`${t}.${c}`], read: (row) => ITEM_PRIORITIES[row[c] as number] };
    case 'assignee?':
      // As the users table names them now (json, parsed by pg).
      return { columns: (t) => [`${userRefJsonSql(`${t}.${c}`)} AS ${field.name}`], read: (row) => row[field.name] ?? null };
    case 'uuid':
    case 'uuid?':
    case 'text':
    case 'boolean':
    case 'integer':
    case 'integer?':
    case 'labels':
      return { columns: (t) => [`${t}.${c}`], read: (row) => row[c] };
    default:
      throw new Error(`no row reading for the item field kind ${String(kind satisfies never)}`);
  }
}

const READINGS = ITEM_FIELDS.map((field) => [field.property, readingOf(field)] as const);

/**
 * The columns of an item row of alias `t` as Node reads it (the items an action names), from
 * ITEM_FIELDS. Times leave PostgreSQL as epoch milliseconds (float8, parsed with parseFloat),
 * because parsing PostgreSQL's text form of a timestamp costs more than the rest of the row;
 * dates as YYYY-MM-DD texts (pg would make a Date of them in the process's zone).
 * Microseconds are dropped, as a Date holds none. (A page never parses its items at all: they
 * come as their JSON, TypeOrmItemPageReadModel; an add reads back only each item's seq.)
 */
export const itemColumnsSql = (t: string): string => [...READINGS.flatMap(([, reading]) => reading.columns(t)), `${t}.seq`].join(', ');

/** itemColumnsSql of the items table itself (`FROM items`, no alias). */
export const ITEM_COLUMNS = itemColumnsSql('items');

/** The Item a row of itemColumnsSql holds. */
export function toItem(row: ItemRow): Item {
  const item: Record<string, unknown> = {};
  for (const [property, reading] of READINGS) item[property] = reading.read(row);
  // Identity values stay far below 2^53, so a number is exact.
  item.seq = Number(row.seq);
  return item as unknown as Item;
}
