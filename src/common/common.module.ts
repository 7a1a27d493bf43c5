import { Global, Module } from '@nestjs/common';
import { ShutdownGate } from './http/http-server';
import { Clock, SystemClock } from './ports/clock';
import { IdGenerator, UuidGenerator } from './ports/id-generator';

@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: UuidGenerator },
    { provide: ShutdownGate, useFactory: () => new ShutdownGate() },
  ],
  exports: [Clock, IdGenerator, ShutdownGate],
})
export class CommonModule {}
