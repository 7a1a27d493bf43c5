import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { Clock } from '../../common/ports/clock';
import { RootLogger } from '../../common/logging/root-logger';
import { KeysModule } from '../keys/keys.module';
import { KeysService } from '../keys/domain/keys.service';
import { KeyUsageCounter } from './domain/key-usage-counter';
import { KeyUsageRepository } from './domain/key-usage.repository';
import { KeyUsageService } from './domain/key-usage.service';
import { KeyUsageMiddleware } from './http/key-usage.middleware';
import { KeyUsageFlush } from './infrastructure/key-usage-flush';
import { KeyUsageJanitor } from './infrastructure/key-usage-janitor';
import { TypeOrmKeyUsageRepository } from './infrastructure/typeorm/typeorm-key-usage.repository';

/**
 * The requests of each key per day and status class: counted in memory on every /v1/ and /mcp
 * request (KeyUsageMiddleware; API.md section 11 counts a request to /mcp as any other), flushed once a minute per instance, kept 30 days, shown to the key's
 * owner on the developer page.
 */
@Module({
  imports: [KeysModule],
  providers: [
    { provide: KeyUsageRepository, useClass: TypeOrmKeyUsageRepository },
    {
      provide: KeyUsageCounter,
      inject: [KeyUsageRepository, Clock, RootLogger],
      useFactory: (repository: KeyUsageRepository, clock: Clock, root: RootLogger) =>
        new KeyUsageCounter(repository, clock, root.pino.child({ context: 'KeyUsage' })),
    },
    {
      provide: KeyUsageService,
      inject: [KeysService, KeyUsageCounter, KeyUsageRepository, Clock],
      useFactory: (keys: KeysService, counter: KeyUsageCounter, repository: KeyUsageRepository, clock: Clock) =>
        new KeyUsageService(keys, counter, repository, clock),
    },
    KeyUsageMiddleware,
    KeyUsageFlush,
    KeyUsageJanitor,
  ],
  exports: [KeyUsageService],
})
export class KeyUsageModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(KeyUsageMiddleware)
      .forRoutes({ path: 'v1/*path', method: RequestMethod.ALL }, { path: 'mcp{/*path}', method: RequestMethod.ALL });
  }
}
