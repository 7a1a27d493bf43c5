export type SecretEncoding = 'hex' | 'base64' | 'base64url';

/**
 * Port: unguessable secrets (API keys, session and share tokens, webhook signing secrets).
 * The domain decides how many bytes a secret holds and how it is written; where the
 * randomness comes from is the adapter's business (NodeSecretGenerator: node:crypto's CSPRNG).
 */
export abstract class SecretGenerator {
  /** `bytes` bytes from a cryptographically secure source, written in `encoding`. */
  abstract generate(bytes: number, encoding: SecretEncoding): string;
}
