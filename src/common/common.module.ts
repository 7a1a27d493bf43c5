import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RootLogger } from './logging/root-logger';
import { ShutdownGate } from './http/http-server';
import { Clock, SystemClock } from './ports/clock';
import { IdGenerator } from './ports/id-generator';
import { SecretGenerator } from './ports/secret-generator';
import { TokenHasher } from './ports/token-hasher';
import { NodeSecretGenerator } from './crypto/node-secret-generator';
import { Sha256TokenHasher } from './crypto/sha256-token-hasher';
import { UuidGenerator } from './crypto/uuid-generator';

@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: UuidGenerator },
    { provide: SecretGenerator, useClass: NodeSecretGenerator },
    { provide: TokenHasher, useClass: Sha256TokenHasher },
    {
      provide: ShutdownGate,
      inject: [AppConfig, RootLogger],
      useFactory: (config: AppConfig, logger: RootLogger) => new ShutdownGate(config.shutdownGraceMs, logger.pino),
    },
  ],
  exports: [Clock, IdGenerator, SecretGenerator, TokenHasher, ShutdownGate],
})
export class CommonModule {}
