import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/ports/clock';
import { DatabaseReadiness } from './database-readiness';
import { HealthController } from './health.controller';

const READ_ONLY = `SELECT current_setting('transaction_read_only') AS read_only`;

@Module({
  controllers: [HealthController],
  providers: [
    {
      provide: DatabaseReadiness,
      inject: [DataSource, Clock],
      useFactory: (dataSource: DataSource, clock: Clock) =>
        new DatabaseReadiness(async () => {
          const rows: Array<{ read_only: string }> = await dataSource.query(READ_ONLY);
          return rows[0]?.read_only === 'on';
        }, clock),
    },
  ],
})
export class HealthModule {}
