import { Module } from '@nestjs/common';
import { Clock } from '../../common/ports/clock';
import { IdGenerator } from '../../common/ports/id-generator';
import { ApiKeyRepository } from './domain/api-key.repository';
import { KeysService } from './domain/keys.service';
import { ApiKeyGuard } from './http/api-key.guard';
import { ScopeGuard } from './http/scope.guard';
import { TypeOrmApiKeyRepository } from './infrastructure/typeorm/typeorm-api-key.repository';

@Module({
  providers: [
    { provide: ApiKeyRepository, useClass: TypeOrmApiKeyRepository },
    {
      provide: KeysService,
      inject: [ApiKeyRepository, Clock, IdGenerator],
      useFactory: (keys: ApiKeyRepository, clock: Clock, ids: IdGenerator) => new KeysService(keys, clock, ids),
    },
    ApiKeyGuard,
    ScopeGuard,
  ],
  exports: [KeysService, ApiKeyGuard, ScopeGuard],
})
export class KeysModule {}
