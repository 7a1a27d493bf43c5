import { isUuid } from './id-generator';

/** A check of one field of a cursor's payload, which also tells the field's type. */
export type CursorField<T> = (value: unknown) => value is T;

/** The fields a kind of cursor carries, each with its check: a payload with any other field is refused. */
export type CursorShape = Record<string, CursorField<unknown>>;

export type CursorPayload<S extends CursorShape> = { [K in keyof S]: S[K] extends CursorField<infer T> ? T : never };

/**
 * Port: opaque pagination cursors. A cursor is issued for one kind of page (`items`,
 * `lists`, ...) and carries a small payload; `decode` accepts only a cursor this service
 * issued for that kind, whose payload has exactly the fields of `shape`, each passing its
 * check, and otherwise throws InvalidInput `INVALID_CURSOR` (a 400). HmacCursorCodec is the
 * adapter (src/common/paging/hmac-cursor-codec.ts).
 */
export abstract class CursorCodec {
  abstract encode(kind: string, payload: Record<string, unknown>): string;
  abstract decode<S extends CursorShape>(kind: string, raw: string, shape: S): CursorPayload<S>;
}

/** Field checks for cursor shapes. */
export const cursorField = {
  text: ((value) => typeof value === 'string') as CursorField<string>,
  /** A non-negative safe integer (a keyset position). */
  count: ((value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) as CursorField<number>,
  /** 1-20 decimal digits (a 64-bit number kept as text). */
  digits: ((value) => typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) as CursorField<string>,
  /** An instant as Date.prototype.toISOString writes it, in UTC. */
  instant: ((value) =>
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value) &&
    !Number.isNaN(Date.parse(value))) as CursorField<string>,
  uuid: ((value) => isUuid(value)) as CursorField<string>,
};
