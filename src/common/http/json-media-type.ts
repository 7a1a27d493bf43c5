/**
 * Whether a Content-Type names JSON: `application/json`, or an `application/…+json` type
 * (RFC 6839's structured syntax suffix, e.g. `application/merge-patch+json`), with or without
 * parameters such as `charset`, in any case. The one test for "a JSON body" (docs/API.md, "Contract
 * notes"): the body parser and the portal's CSRF check both use it. None of these is a type a
 * cross-site form can send, so the CSRF check loses nothing by accepting `+json`.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mime = contentType.split(';')[0].trim().toLowerCase();
  return mime === 'application/json' || (mime.startsWith('application/') && mime.endsWith('+json'));
}
