import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { RequestLogsModule } from '../request-logs/request-logs.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { HttpMetrics } from './http-metrics';
import { MetricsServer } from './metrics-server';
import { ServiceMetrics } from './service-metrics';

/**
 * Prometheus metrics (docs/operations.md, "Metrics"), imported by app.module.ts only when
 * METRICS_PORT is set: without it nothing is registered, no server listens, and the
 * request-log middleware has no observer, so the hot path does nothing more.
 * Exports HttpMetrics, which app.factory.ts hands to the request-log middleware, and
 * MetricsServer (its address, for the specs).
 */
@Module({
  imports: [WebhooksModule, MailModule, RateLimitModule, RequestLogsModule],
  providers: [HttpMetrics, ServiceMetrics, MetricsServer],
  exports: [HttpMetrics, MetricsServer],
})
export class MetricsModule {}
