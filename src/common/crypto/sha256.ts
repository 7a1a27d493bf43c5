import { createHash } from 'node:crypto';

/**
 * SHA-256 of a text (UTF-8), as 64 lower-case hex digits: how API keys, session ids and share
 * tokens are stored (256 random bits each need no slow hash), and how request fingerprints
 * and login counters are keyed.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
