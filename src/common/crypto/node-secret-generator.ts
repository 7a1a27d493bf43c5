import { randomBytes } from 'node:crypto';
import { SecretEncoding, SecretGenerator } from '../ports/secret-generator';

/** Secrets from node:crypto's CSPRNG (the operating system's, seeded by the kernel). */
export class NodeSecretGenerator extends SecretGenerator {
  generate(bytes: number, encoding: SecretEncoding): string {
    return randomBytes(bytes).toString(encoding);
  }
}
