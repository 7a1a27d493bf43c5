import { Inject, Logger, Module, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { FAIL_FAST_REDIS_OPTIONS } from '../../common/redis/redis-options';
import { AppConfig } from '../../config/app-config';
import { ApiKeyRepository } from './domain/api-key.repository';
import { KeysService } from './domain/keys.service';
import { InProcessRevocationBus, RevocationBus } from './domain/revocation-bus';
import { ApiKeyGuard } from './http/api-key.guard';
import { ScopeGuard } from './http/scope.guard';
import { RedisRevocationBus } from './infrastructure/redis/redis-revocation.bus';
import { TypeOrmApiKeyRepository } from './infrastructure/typeorm/typeorm-api-key.repository';

/** With REDIS_URL, revocations reach every instance at once; without, each notices within KEY_CACHE_TTL_MS. */
function createRevocationBus(config: AppConfig): RevocationBus {
  if (!config.redisUrl) return new InProcessRevocationBus();
  const logger = new Logger('KeyRevocations');
  return new RedisRevocationBus(
    // The publisher queues while it connects, so that a one-off process (the operator
    // command) can announce right after start; the timeouts still bound the wait.
    new Redis(config.redisUrl, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true }),
    // The subscriber waits for Redis as long as it takes and re-subscribes after each reconnection.
    new Redis(config.redisUrl, { ...FAIL_FAST_REDIS_OPTIONS, enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined }),
    config.rateLimitRedisPrefix,
    { warn: (message) => logger.warn(message), info: (message) => logger.log(message) },
  );
}

@Module({
  providers: [
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    { provide: RevocationBus, inject: [AppConfig], useFactory: createRevocationBus },
    {
      provide: KeysService,
      inject: [ApiKeyRepository, Clock, IdGenerator, RevocationBus],
      useFactory: (keys: ApiKeyRepository, clock: Clock, ids: IdGenerator, revocations: RevocationBus) =>
        new KeysService(keys, clock, ids, revocations),
    },
    ApiKeyGuard,
    ScopeGuard,
  ],
  exports: [KeysService, ApiKeyGuard, ScopeGuard],
})
export class KeysModule implements OnModuleDestroy {
  constructor(@Inject(RevocationBus) private readonly revocations: RevocationBus) {}

  onModuleDestroy(): void {
    if (this.revocations instanceof RedisRevocationBus) this.revocations.close();
  }
}
