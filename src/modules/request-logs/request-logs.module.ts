import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { RootLogger } from '../../common/logging/root-logger';
import { Clock } from '../../common/ports/clock';
import { CursorCodec } from '../../common/ports/cursor-codec';
import { IdGenerator } from '../../common/ports/id-generator';
import { ModeScope } from '../../common/ports/mode-scope';
import { AppConfig } from '../../config/app-config';
import { ListsModule } from '../lists/lists.module';
import { RequestLogBuffer } from './domain/request-log-buffer';
import { RequestLogRedaction } from './domain/request-log-redaction';
import { RequestLogRepository } from './domain/request-log.repository';
import { RequestLogsService } from './domain/request-logs.service';
import { RequestLogMiddleware } from './http/request-log.middleware';
import { LogRequestRedaction } from './infrastructure/log-request-redaction';
import { RequestLogFlush } from './infrastructure/request-log-flush';
import { RequestLogsJanitor } from './infrastructure/request-logs-janitor';
import { TypeOrmRequestLogRepository } from './infrastructure/typeorm/typeorm-request-log.repository';

/**
 * The request log (docs/API.md, "The developer page"; docs/operations.md, "Request logs"): each
 * /v1/ and /mcp request made with a key, captured by RequestLogMiddleware into the instance's
 * bounded RequestLogBuffer, stored in batches once a second (RequestLogFlush) in the mode's
 * table, kept 24 hours (RequestLogsJanitor), read by the account on the developer page through
 * RequestLogsService, which also gives the metrics the requests dropped.
 */
@Module({
  // The cursor codec (CursorCodec) is the lists module's.
  imports: [ListsModule],
  providers: [
    { provide: RequestLogRepository, useClass: TypeOrmRequestLogRepository },
    { provide: RequestLogRedaction, useClass: LogRequestRedaction },
    {
      provide: RequestLogBuffer,
      inject: [RequestLogRepository, RequestLogRedaction, ModeScope, IdGenerator, RootLogger, AppConfig],
      useFactory: (
        repository: RequestLogRepository,
        redaction: RequestLogRedaction,
        modes: ModeScope,
        ids: IdGenerator,
        root: RootLogger,
        config: AppConfig,
      ) =>
        new RequestLogBuffer(repository, redaction, modes, ids, root.pino.child({ context: 'RequestLogs' }), {
          maxLines: config.requestLogs.bufferLines,
          keyBurst: config.requestLogs.keyBurst,
          keyLinesPerSecond: config.requestLogs.keyLinesPerSecond,
        }),
    },
    {
      provide: RequestLogsService,
      inject: [RequestLogRepository, RequestLogBuffer, CursorCodec, Clock],
      useFactory: (repository: RequestLogRepository, buffer: RequestLogBuffer, cursors: CursorCodec, clock: Clock) =>
        new RequestLogsService(repository, buffer, cursors, clock),
    },
    RequestLogMiddleware,
    RequestLogFlush,
    RequestLogsJanitor,
  ],
  exports: [RequestLogsService],
})
export class RequestLogsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(RequestLogMiddleware)
      .forRoutes({ path: 'v1/*path', method: RequestMethod.ALL }, { path: 'mcp{/*path}', method: RequestMethod.ALL });
  }
}
