import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './ports/clock';
import { IdGenerator, UuidGenerator } from './ports/id-generator';

@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: UuidGenerator },
  ],
  exports: [Clock, IdGenerator],
})
export class CommonModule {}
