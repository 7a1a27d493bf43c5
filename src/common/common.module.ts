import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RootLogger } from './logging/root-logger';
import { ShutdownGate } from './http/http-server';
import { Clock, SystemClock } from './ports/clock';
import { IdGenerator, UuidGenerator } from './ports/id-generator';

@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: UuidGenerator },
    {
      provide: ShutdownGate,
      inject: [AppConfig, RootLogger],
      useFactory: (config: AppConfig, logger: RootLogger) => new ShutdownGate(config.shutdownGraceMs, logger.pino),
    },
  ],
  exports: [Clock, IdGenerator, ShutdownGate],
})
export class CommonModule {}
