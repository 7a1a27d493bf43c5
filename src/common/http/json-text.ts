/**
 * A route's result that is already JSON text, written into the envelope as it is
 * (`successJson` in envelope.ts) instead of going through JSON.stringify: for results whose
 * bulk a store rendered where the rows are (a page of items, docs/performance.md).
 * Whoever makes one vouches that `text` is one well-formed JSON value.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
