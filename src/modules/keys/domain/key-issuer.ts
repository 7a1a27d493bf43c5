import { IdGenerator } from '../../../common/ports/id-generator';
import { SecretGenerator } from '../../../common/ports/secret-generator';
import { TokenHasher } from '../../../common/ports/token-hasher';
import { ApiKey, type KeyRestrictions } from './api-key';

/** Mints new keys: an id, a secret of the restrictions' mode, and the hash that is all the database keeps. */
export class KeyIssuer {
  constructor(
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly hasher: TokenHasher,
  ) {}

  issue(userId: string, label: string, now: Date, restrictions: KeyRestrictions): { key: ApiKey; secret: string } {
    return ApiKey.issue({ id: this.ids.next(), userId, label, now, restrictions }, this.secrets, this.hasher);
  }
}
