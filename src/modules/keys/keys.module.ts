import { Inject, Module, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/ports/clock';
import { SecretGenerator } from '../../common/ports/secret-generator';
import { TokenHasher } from '../../common/ports/token-hasher';
import { IdGenerator } from '../../common/ports/id-generator';
import { RootLogger } from '../../common/logging/root-logger';
import { summarisingWarnings } from '../../common/logging/repeated-faults';
import { AppConfig } from '../../config/app-config';
import { ListAccess } from '../lists/domain/list-access';
import { ListsModule } from '../lists/lists.module';
import { AddressRanges } from './domain/address-ranges';
import { ApiKeyRepository } from './domain/api-key.repository';
import { KeysService } from './domain/keys.service';
import { InProcessRevocationBus, RevocationBus } from './domain/revocation-bus';
import { connectRedisRevocationBus, RedisRevocationBus } from './infrastructure/redis/redis-revocation.bus';
import { IpaddrAddressRanges } from './infrastructure/ipaddr/ipaddr-address-ranges';
import { TypeOrmApiKeyRepository } from './infrastructure/typeorm/typeorm-api-key.repository';

/** With REDIS_URL, revocations reach every instance at once; without, each notices within KEY_CACHE_TTL_MS. */
function createRevocationBus(config: AppConfig, root: RootLogger): RevocationBus {
  if (!config.redisUrl) return new InProcessRevocationBus();
  // pino, not Nest's Logger: the operator command announces too, and its Nest logger is off
  // (its errors are one line of its own), while its pino logger honours LOG_LEVEL on stderr.
  return connectRedisRevocationBus(config.redisUrl, config.rateLimitRedisPrefix, root.pino.child({ context: 'KeyRevocations' }));
}

/**
 * API keys: their creation and restrictions, the key cache, revocation and rotation. It asks
 * the lists module (ListAccess) whether a key's lists exist for its account; it exports the
 * AddressRanges the access guard checks a key's `allowed_ips` with.
 */
@Module({
  imports: [ListsModule],
  providers: [
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    { provide: AddressRanges, useClass: IpaddrAddressRanges },
    { provide: RevocationBus, inject: [AppConfig, RootLogger], useFactory: createRevocationBus },
    {
      provide: KeysService,
      inject: [ApiKeyRepository, Clock, IdGenerator, SecretGenerator, TokenHasher, ListAccess, AddressRanges, RevocationBus, RootLogger],
      useFactory: (
        keys: ApiKeyRepository,
        clock: Clock,
        ids: IdGenerator,
        secrets: SecretGenerator,
        hasher: TokenHasher,
        lists: ListAccess,
        addresses: AddressRanges,
        revocations: RevocationBus,
        root: RootLogger,
      ) =>
        new KeysService(
          keys,
          clock,
          ids,
          secrets,
          hasher,
          lists,
          addresses,
          revocations,
          // One per key used while the database is away: the first logged, the rest summarised.
          summarisingWarnings(root.pino, clock, { 'could not record last use of a key': 'keys whose last use could not be recorded' }),
        ),
    },
  ],
  exports: [KeysService, AddressRanges],
})
export class KeysModule implements OnModuleDestroy {
  constructor(
    @Inject(RevocationBus) private readonly revocations: RevocationBus,
    private readonly keys: KeysService,
  ) {}

  /** Before the database closes (onApplicationShutdown): a renewal still reading would fail and warn. */
  async onModuleDestroy(): Promise<void> {
    if (this.revocations instanceof RedisRevocationBus) this.revocations.close();
    await this.keys.renewalsSettled();
  }
}
