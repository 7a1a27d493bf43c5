import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CommonModule } from '../common/common.module';
import { RootLogger } from '../common/logging/root-logger';
import { AppConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { AuthModule } from '../modules/auth/auth.module';
import { KeysModule } from '../modules/keys/keys.module';
import { MailModule } from '../modules/mail/mail.module';

/**
 * Just the modules the operator command needs: the same domain services, adapters and
 * migrations as the service, without HTTP.
 */
@Module({})
export class CliModule {
  static register(config: AppConfig, logger: RootLogger): DynamicModule {
    return {
      module: CliModule,
      global: true,
      // KeysModule checks a key's lists through the lists module, whose janitors keep their
      // intervals in the SchedulerRegistry: unreferenced timers, gone when the command ends.
      imports: [CommonModule, DatabaseModule, ScheduleModule.forRoot(), AuthModule, KeysModule, MailModule],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: RootLogger, useValue: logger },
      ],
      exports: [AppConfig, RootLogger],
    };
  }
}
