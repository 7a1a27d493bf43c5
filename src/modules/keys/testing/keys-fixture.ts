import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import { AmbientModeScope } from '../../../common/persistence/ambient-mode-scope';
import type { Clock } from '../../../common/ports/clock';
import type { IdGenerator } from '../../../common/ports/id-generator';
import type { WarningLog } from '../../../common/ports/warning-log';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import type { ListAccess } from '../../lists/domain/list-access';
import { FakeListAccess } from '../../webhooks/testing/webhooks-fixture';
import type { ApiKeyRepository } from '../domain/api-key.repository';
import { KeyAuthenticator } from '../domain/key-authenticator';
import { KeyCache } from '../domain/key-cache';
import { KeyIssuer } from '../domain/key-issuer';
import { KeyRenewals } from '../domain/key-renewals';
import { KeysService } from '../domain/keys.service';
import { LastUseRecorder } from '../domain/last-use-recorder';
import type { RevocationBus } from '../domain/revocation-bus';
import { IpaddrAddressRanges } from '../infrastructure/ipaddr/ipaddr-address-ranges';

export { FakeListAccess };

/** The key lifecycle and the authenticator of one instance, sharing one cache. */
export type KeysOfOneInstance = KeysService & Pick<KeyAuthenticator, 'authenticate' | 'renewalsSettled'>;

/**
 * A KeysService over `repo` and `clock` as an instance wires it, with fakes for what the specs do
 * not vary, and that instance's KeyAuthenticator's methods on it: the specs follow one key from
 * its creation to its refusal on the same instance.
 */
export function keysServiceFor(
  repo: ApiKeyRepository,
  clock: Clock,
  options: { ids?: IdGenerator; lists?: ListAccess; bus?: RevocationBus; log?: WarningLog } = {},
): KeysOfOneInstance {
  const hasher = new Sha256TokenHasher();
  const cache = new KeyCache(options.bus);
  const service = new KeysService(
    repo,
    clock,
    new KeyIssuer(options.ids ?? new SequentialIdGenerator(), new NodeSecretGenerator(), hasher),
    options.lists ?? new FakeListAccess(),
    new IpaddrAddressRanges(),
    new AmbientModeScope(),
    cache,
  );
  const authenticator = new KeyAuthenticator(
    repo,
    clock,
    hasher,
    cache,
    new KeyRenewals(repo, cache, options.log),
    new LastUseRecorder(repo, options.log),
  );
  return Object.assign(service, {
    authenticate: (header: string | undefined) => authenticator.authenticate(header),
    renewalsSettled: () => authenticator.renewalsSettled(),
  });
}
