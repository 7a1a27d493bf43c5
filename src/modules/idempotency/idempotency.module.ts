import { Module } from '@nestjs/common';
import { Clock } from '../../common/ports/clock';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { IdempotencyRepository } from './domain/idempotency.repository';
import { IdempotencyService } from './domain/idempotency.service';
import { IdempotencyJanitor } from './infrastructure/idempotency-janitor';
import { TypeOrmIdempotencyRepository } from './infrastructure/typeorm/typeorm-idempotency.repository';

/**
 * Idempotency-Key support for every POST /v1/ route. Modules with such routes import this
 * one and declare them with @IdempotentPost (idempotent-post.ts), whose interceptor Nest makes
 * in the importing module with this module's IdempotencyService; other callers of the same
 * operations (MCP tools) call the service with the same fingerprints (idempotent-request.ts).
 */
@Module({
  providers: [
    { provide: IdempotencyRepository, useClass: TypeOrmIdempotencyRepository },
    {
      provide: IdempotencyService,
      inject: [IdempotencyRepository, UnitOfWork, Clock],
      useFactory: (records: IdempotencyRepository, uow: UnitOfWork, clock: Clock) => new IdempotencyService(records, uow, clock),
    },
    IdempotencyJanitor,
  ],
  exports: [IdempotencyService, IdempotencyJanitor],
})
export class IdempotencyModule {}
