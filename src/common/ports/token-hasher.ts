/**
 * Port: the one-way digest under which high-entropy tokens are stored and looked up (API
 * keys, session and share tokens) and login counters are keyed. 256 random bits need no
 * slow hash; a fast, unsalted one keeps lookups by digest possible. Sha256TokenHasher is the
 * adapter: the stored digests are SHA-256 in lower-case hex, so another adapter must match it.
 */
export abstract class TokenHasher {
  abstract digest(text: string): string;
}
