/**
 * Where an item stands in its list (API.md section 13, `position`): an opaque key that sorts
 * bytewise. A key is a head of 16 lowercase hexadecimal digits followed by a tail of base-62
 * digits (`0-9A-Za-z`, ASCII order) that never ends in `0`, so that there is always room for a
 * key between two others.
 *
 * An added item's key is the hexadecimal of its `seq` (the store's identity, strictly growing)
 * with the tail `V`: items never moved sort as they were created, the position of a new item
 * needs no read of its list (PostgreSQL writes the same key, persistence/position.sql.ts), and
 * it sorts after every key of its list. That last part holds because no other operation makes
 * a key whose head is greater than the heads already in the list: a key between two keys, before
 * the first or after the last keeps a head of its neighbours.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEAD = 16;
const MIDDLE_TAIL = 'V';

/** The key of an item added with this `seq`. */
export const addedPosition = (seq: number | bigint): string => BigInt(seq).toString(16).padStart(HEAD, '0') + MIDDLE_TAIL;

/**
 * A fraction of base-62 digits strictly between `a` and `b` (null: above every fraction), as
 * the midpoint of the two read as fractions; neither ends in `0`, nor does the answer.
 */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? DIGITS.indexOf(a[0]) : 0;
  const digitB = b !== null ? DIGITS.indexOf(b[0]) : DIGITS.length;
  if (digitB - digitA > 1) return DIGITS[Math.round((digitA + digitB) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[digitA] + midpoint(a.slice(1), null);
}

const isPosition = (key: string): boolean => /^[0-9a-f]{16}[0-9A-Za-z]*[1-9A-Za-z]$/.test(key);

const checked = (key: string): string => {
  if (!isPosition(key)) throw new Error(`not an item position: ${JSON.stringify(key)}`);
  return key;
};

/**
 * A key between `before` and `after` (the keys of the neighbours it goes between; null: the
 * start or the end of the list). With both null, a list's first key needs a seq: use
 * addedPosition instead.
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before === null && after === null) throw new Error('a position between nothing: use addedPosition');
  if (before !== null && after !== null && checked(before) >= checked(after)) {
    throw new Error(`positions out of order: ${before} is not before ${after}`);
  }
  if (before === null) {
    const b = checked(after!);
    return b.slice(0, HEAD) + midpoint('', b.slice(HEAD));
  }
  const a = checked(before);
  // Another head after: stay in this one (a key after `a` with its head sorts before any greater head).
  if (after === null || after.slice(0, HEAD) !== a.slice(0, HEAD)) return a.slice(0, HEAD) + midpoint(a.slice(HEAD), null);
  return a.slice(0, HEAD) + midpoint(a.slice(HEAD), after.slice(HEAD));
}

/** `count` keys in order between `before` and `after` (a block moved together). */
export function positionsBetween(before: string | null, after: string | null, count: number): string[] {
  const keys: string[] = [];
  let previous = before;
  for (let i = 0; i < count; i++) {
    previous = positionBetween(previous, after);
    keys.push(previous);
  }
  return keys;
}
