import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DomainError } from '../../common/errors/domain-error';
import { Public } from '../../common/http/decorators';
import { ApiDataResponse } from '../../common/http/api-response.decorators';
import { DatabaseReadiness } from './database-readiness';
import { HealthResponse } from './health.response';

const notReady = (why: string) => new DomainError('unavailable', 'DATABASE_UNAVAILABLE', `Not ready: ${why}`);

/** Liveness and readiness for load balancers and orchestrators: no key, never rate limited. */
@Controller('health')
@Public()
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(private readonly readiness: DatabaseReadiness) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiDataResponse(HealthResponse)
  live() {
    return { status: 'ok', uptime_s: Math.floor((Date.now() - this.startedAt) / 1000) };
  }

  /**
   * Ready means the database answers and accepts writes, or is busy rather than gone: a pool
   * saturated by load is a queue, not an outage, and must not make a load balancer pull a
   * healthy instance; a database that answers but refuses writes (read-only after a failover)
   * is not ready, since every write would fail. The route is open and unthrottled, so the answer
   * is shared: at most one pooled query a second, whatever the rate of checks (DatabaseReadiness).
   */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database answers and accepts writes (503 otherwise)' })
  @ApiDataResponse(HealthResponse)
  async ready() {
    const readiness = await this.readiness.check();
    if (!readiness.ready) throw notReady(readiness.why);
    return { status: 'ok', database: { status: 'ok', latency_ms: readiness.latencyMs } };
  }
}
