/**
 * Bounds on the shape of a JSON body, checked on its raw bytes before it is parsed: no
 * route takes more than a few fields or 100 array entries, so nothing legitimate comes
 * near them, while a hostile body (250 KiB of nested arrays, tens of thousands of unknown
 * fields) is refused in one linear pass, before any recursive work (the parser's reviver,
 * class-transformer, class-validator, the idempotency fingerprint) can blow the stack or
 * hold the event loop. It states no rule of any field: what a field may hold is the DTO's
 * (shape) and the domain's value objects' (invariants), through the validation pipe.
 */
export const BODY_MAX_DEPTH = 32;
/** Object members plus array elements, counted at every level. */
export const BODY_MAX_VALUES = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const isWhitespace = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Why the JSON text in `bytes` is too deep or too big, or null when it is within bounds.
 * One pass, constant memory, no recursion. Works on UTF-8 bytes: the structural characters
 * are ASCII and no byte of a multi-byte sequence is. Malformed JSON is left to the parser.
 */
export function bodyShapeProblem(bytes: Uint8Array): string | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  let afterOpen = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (isWhitespace(byte)) continue;
    if (afterOpen) {
      afterOpen = false;
      if (byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT) values += 1;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        depth += 1;
        if (depth > BODY_MAX_DEPTH) return `Request body is nested more than ${BODY_MAX_DEPTH} levels deep`;
        afterOpen = true;
        break;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        depth -= 1;
        break;
      case COMMA:
        if (depth > 0) values += 1;
        break;
    }
    if (values > BODY_MAX_VALUES) {
      return `Request body holds more than ${BODY_MAX_VALUES} values (object members and array elements); no route takes that many`;
    }
  }
  return null;
}
