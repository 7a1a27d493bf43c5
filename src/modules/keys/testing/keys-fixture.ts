import { NodeSecretGenerator } from '../../../common/crypto/node-secret-generator';
import { Sha256TokenHasher } from '../../../common/crypto/sha256-token-hasher';
import type { Clock } from '../../../common/ports/clock';
import type { IdGenerator } from '../../../common/ports/id-generator';
import type { WarningLog } from '../../../common/ports/warning-log';
import { SequentialIdGenerator } from '../../../common/testing/sequential-id-generator';
import type { ListAccess } from '../../lists/domain/list-access';
import { FakeListAccess } from '../../webhooks/testing/webhooks-fixture';
import type { ApiKeyRepository } from '../domain/api-key.repository';
import { KeysService } from '../domain/keys.service';
import type { RevocationBus } from '../domain/revocation-bus';
import { IpaddrAddressRanges } from '../infrastructure/ipaddr/ipaddr-address-ranges';

export { FakeListAccess };

/** A KeysService over `repo` and `clock` as an instance wires it, with fakes for what the specs do not vary. */
export function keysServiceFor(
  repo: ApiKeyRepository,
  clock: Clock,
  options: { ids?: IdGenerator; lists?: ListAccess; bus?: RevocationBus; log?: WarningLog } = {},
): KeysService {
  return new KeysService(
    repo,
    clock,
    options.ids ?? new SequentialIdGenerator(),
    new NodeSecretGenerator(),
    new Sha256TokenHasher(),
    options.lists ?? new FakeListAccess(),
    new IpaddrAddressRanges(),
    options.bus,
    options.log,
  );
}
