import { Inject, Module, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../../common/ports/clock';
import { ModeScope } from '../../common/ports/mode-scope';
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
import { KeyAuthenticator } from './domain/key-authenticator';
import { KeyCache } from './domain/key-cache';
import { KeyIssuer } from './domain/key-issuer';
import { KeyRenewals } from './domain/key-renewals';
import { KeysService } from './domain/keys.service';
import { LastUseRecorder } from './domain/last-use-recorder';
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
 * API keys: their lifecycle (KeysService: creation and restrictions, revocation and rotation)
 * and who a request's key is (KeyAuthenticator, over the key cache, its background renewals and
 * the last-use debouncer). It asks the lists module (ListAccess) whether a key's lists exist for
 * its account; it exports the AddressRanges the access guard checks a key's `allowed_ips` with.
 */
@Module({
  imports: [ListsModule],
  providers: [
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    { provide: AddressRanges, useClass: IpaddrAddressRanges },
    { provide: RevocationBus, inject: [AppConfig, RootLogger], useFactory: createRevocationBus },
    { provide: KeyCache, inject: [RevocationBus], useFactory: (revocations: RevocationBus) => new KeyCache(revocations) },
    {
      provide: KeyIssuer,
      inject: [IdGenerator, SecretGenerator, TokenHasher],
      useFactory: (ids: IdGenerator, secrets: SecretGenerator, hasher: TokenHasher) => new KeyIssuer(ids, secrets, hasher),
    },
    {
      provide: KeysService,
      inject: [ApiKeyRepository, Clock, KeyIssuer, ListAccess, AddressRanges, ModeScope, KeyCache],
      useFactory: (
        keys: ApiKeyRepository,
        clock: Clock,
        issuer: KeyIssuer,
        lists: ListAccess,
        addresses: AddressRanges,
        modes: ModeScope,
        cache: KeyCache,
      ) => new KeysService(keys, clock, issuer, lists, addresses, modes, cache),
    },
    {
      provide: KeyRenewals,
      inject: [ApiKeyRepository, KeyCache, RootLogger],
      useFactory: (keys: ApiKeyRepository, cache: KeyCache, root: RootLogger) => new KeyRenewals(keys, cache, root.pino),
    },
    {
      provide: LastUseRecorder,
      inject: [ApiKeyRepository, Clock, RootLogger],
      useFactory: (keys: ApiKeyRepository, clock: Clock, root: RootLogger) =>
        new LastUseRecorder(
          keys,
          // One per key used while the database is away: the first logged, the rest summarised.
          summarisingWarnings(root.pino, clock, { 'could not record last use of a key': 'keys whose last use could not be recorded' }),
        ),
    },
    {
      provide: KeyAuthenticator,
      inject: [ApiKeyRepository, Clock, TokenHasher, KeyCache, KeyRenewals, LastUseRecorder],
      useFactory: (
        keys: ApiKeyRepository,
        clock: Clock,
        hasher: TokenHasher,
        cache: KeyCache,
        renewals: KeyRenewals,
        lastUse: LastUseRecorder,
      ) => new KeyAuthenticator(keys, clock, hasher, cache, renewals, lastUse),
    },
  ],
  exports: [KeysService, KeyAuthenticator, AddressRanges],
})
export class KeysModule implements OnModuleDestroy {
  constructor(
    @Inject(RevocationBus) private readonly revocations: RevocationBus,
    private readonly authenticator: KeyAuthenticator,
  ) {}

  /** Before the database closes (onApplicationShutdown): a renewal still reading would fail and warn. */
  async onModuleDestroy(): Promise<void> {
    if (this.revocations instanceof RedisRevocationBus) this.revocations.close();
    await this.authenticator.renewalsSettled();
  }
}
