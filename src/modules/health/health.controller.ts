import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { Public } from '../../common/http/decorators';

const READY_TIMEOUT_MS = 2_000;

/** Liveness and readiness for load balancers and orchestrators: no key, never rate limited. */
@Controller('health')
@Public()
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(private readonly dataSource: DataSource) {}

  @Get('live')
  live() {
    return { status: 'ok', uptime_s: Math.floor((Date.now() - this.startedAt) / 1000) };
  }

  @Get('ready')
  async ready() {
    const started = Date.now();
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS).unref()),
      ]);
    } catch {
      throw new DomainError('unavailable', 'DATABASE_UNAVAILABLE', 'Not ready: the database cannot be reached');
    }
    return { status: 'ok', database: { status: 'ok', latency_ms: Date.now() - started } };
  }
}
