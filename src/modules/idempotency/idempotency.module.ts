import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Clock } from '../../common/ports/clock';
import { UnitOfWork } from '../../common/ports/unit-of-work';
import { IdempotencyRepository } from './domain/idempotency.repository';
import { IdempotencyService } from './domain/idempotency.service';
import { serveIdempotency } from './idempotent-post';
import { IdempotencyJanitor } from './infrastructure/idempotency-janitor';
import { TypeOrmIdempotencyRepository } from './infrastructure/typeorm/typeorm-idempotency.repository';

/**
 * Idempotency-Key support for every POST /v1/ route. Modules with such routes import this
 * one and declare them with @IdempotentPost (idempotent-post.ts), which wraps those handlers
 * only; the wrappers find this module's service through their request's application. Other
 * callers of the same operations (MCP tools) call the service with the same fingerprints
 * (idempotent-request.ts).
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
export class IdempotencyModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly service: IdempotencyService,
  ) {}

  /** An application context without HTTP (the operator command) has no adapter, and no routes to serve. */
  onModuleInit(): void {
    const app: unknown = this.adapterHost.httpAdapter?.getInstance();
    if (app) serveIdempotency(app, this.service);
  }
}
