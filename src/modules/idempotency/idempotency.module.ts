import { Module } from '@nestjs/common';
import { Clock } from '../../common/ports/clock';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { IdempotencyRepository } from './domain/idempotency.repository';
import { IdempotencyService } from './domain/idempotency.service';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { IdempotencyJanitor } from './infrastructure/idempotency-janitor';
import { TypeOrmIdempotencyRepository } from './infrastructure/typeorm/typeorm-idempotency.repository';

/**
 * Idempotency-Key support for every POST /v1/ route. Modules with such routes import this
 * one and declare them with @IdempotentPost (http/idempotent-post.ts), which puts the
 * interceptor on those routes only.
 */
@Module({
  providers: [
    { provide: IdempotencyRepository, useClass: TypeOrmIdempotencyRepository },
    {
      provide: IdempotencyService,
      inject: [IdempotencyRepository, UnitOfWork, Clock],
      useFactory: (records: IdempotencyRepository, uow: UnitOfWork, clock: Clock) => new IdempotencyService(records, uow, clock),
    },
    IdempotencyInterceptor,
    IdempotencyJanitor,
  ],
  exports: [IdempotencyService, IdempotencyInterceptor, IdempotencyJanitor],
})
export class IdempotencyModule {}
