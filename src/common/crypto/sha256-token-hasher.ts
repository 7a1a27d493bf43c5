import { TokenHasher } from '../ports/token-hasher';
import { sha256Hex } from './sha256';

/** SHA-256 in lower-case hex: the form every stored key, session and share token digest has. */
export class Sha256TokenHasher extends TokenHasher {
  digest(text: string): string {
    return sha256Hex(text);
  }
}
