/**
 * A route's result meaning "the client's copy is current": the HTTP adapter's `reply`
 * (envelope-adapter.ts) answers it with 304 and no body, the one JSON route answer outside the
 * envelope (API.md: 304 answers have no body). `etag` is sent again, as HTTP asks of a 304.
 */
export class NotModified {
  constructor(readonly etag: string) {}
}

/**
 * Whether an `If-None-Match` header names `etag` (a strong tag, quotes included), by the weak
 * comparison HTTP prescribes for it (RFC 9110, section 13.1.2): `*`, or a comma list of tags
 * with or without `W/`. Absent or unreadable: false, and the full answer is sent.
 */
export function ifNoneMatchHas(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const part of text.split(',')) {
    const tag = part.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
