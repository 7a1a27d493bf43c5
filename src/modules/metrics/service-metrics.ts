import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { MODES } from '../../common/auth/principal';
import type { KeyMode } from '../../common/auth/principal';
import { poolStats } from '../../database/data-source';
import { UNAUTHENTICATED } from '../access/http/api-key.guard';
import { DEFAULT_THROTTLER, PORTAL_THROTTLER } from '../access/throttlers';
import { MailBacklogReading, MailOperations } from '../mail/domain/mail-operations';
import { ThrottlerRefusals } from '../rate-limit/domain/throttler-refusals';
import { DROP_REASONS } from '../request-logs/domain/request-log-buffer';
import { RequestLogsService } from '../request-logs/domain/request-logs.service';
import { WebhookBacklog, WebhookBacklogReading } from '../webhooks/domain/webhook-backlog';
import { BoundedProbe } from './bounded-probe';
import { HttpMetrics } from './http-metrics';

/**
 * How long a scrape waits for a queue's read before it leaves that queue's series out: well
 * under Prometheus's default scrape timeout (10 s), far above what the reads take (index
 * reads of a few rows).
 */
export const COLLECT_TIMEOUT_MS = 2_000;

/** The throttlers whose refusals are shown from the start, at 0, so that a rate over them exists before the first refusal. */
const KNOWN_THROTTLERS = [DEFAULT_THROTTLER, PORTAL_THROTTLER, UNAUTHENTICATED];

/**
 * Every series of the service (docs/operations.md, "Metrics"), in a registry of its own (not
 * prom-client's global one, so that two applications in one process, as in the specs, keep
 * theirs apart). What each module owns it gives through its exported port, and nothing here
 * reads another module's tables:
 *
 * - HTTP: HttpMetrics, fed by the request-log middleware;
 * - the pools: each mode's pg pool counters (poolStats), read without a statement;
 * - webhooks (deliveries, oldest due, relay lag) and mail: WebhookBacklog and MailOperations,
 *   read at scrape time in `collect()`, each through a BoundedProbe (a stalled database leaves
 *   their series out instead of hanging the scrape), never on a request's path;
 * - rate-limit refusals: counted as ThrottlerRefusals announces them (on refusals only);
 * - the request log's dropped requests: the buffer's own counts, read at scrape time
 *   (RequestLogsService);
 * - the process and the event loop: prom-client's default metrics.
 */
@Injectable()
export class ServiceMetrics implements OnModuleDestroy {
  readonly registry = new Registry();
  private readonly stopListening: () => void;

  constructor(
    http: HttpMetrics,
    @Inject(DataSource) dataSource: DataSource,
    webhooks: WebhookBacklog,
    mail: MailOperations,
    refusals: ThrottlerRefusals,
    requestLogs: RequestLogsService,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    http.register(this.registry);

    const pool = (name: string, help: string, pick: (stats: ReturnType<typeof poolStats>[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['mode'],
        registers,
        collect() {
          this.reset();
          for (const stats of poolStats(dataSource)) this.set({ mode: stats.mode }, pick(stats));
        },
      });
    pool('todo_db_pool_size', 'Connections open in the mode’s pool, idle or in use', (s) => s.size);
    pool('todo_db_pool_idle', 'Idle connections in the mode’s pool', (s) => s.idle);
    pool('todo_db_pool_waiting', 'Callers waiting for a connection of the mode’s pool', (s) => s.waiting);

    const log = new Logger('Metrics');
    const webhookProbes = new Map<KeyMode, BoundedProbe<WebhookBacklogReading>>(
      MODES.map((mode) => [
        mode,
        new BoundedProbe(`the webhook backlog (${mode} mode)`, () => webhooks.read(mode), COLLECT_TIMEOUT_MS, log),
      ]),
    );
    const webhookReadings = async (): Promise<Array<[KeyMode, WebhookBacklogReading]>> => {
      const readings = await Promise.all(MODES.map(async (mode) => [mode, await webhookProbes.get(mode)!.read()] as const));
      return readings.filter((entry): entry is [KeyMode, WebhookBacklogReading] => entry[1] !== undefined);
    };
    new Gauge({
      name: 'todo_webhook_deliveries',
      help: 'Webhook deliveries waiting for an attempt (pending) and given up on and still kept (failed)',
      labelNames: ['mode', 'state'],
      registers,
      async collect() {
        const readings = await webhookReadings();
        this.reset();
        for (const [mode, reading] of readings) {
          this.set({ mode, state: 'pending' }, reading.pending);
          this.set({ mode, state: 'failed' }, reading.failed);
        }
      },
    });
    new Gauge({
      name: 'todo_webhook_delivery_oldest_due_age_seconds',
      help: 'How long the earliest due pending delivery has waited past its attempt time (0: none due)',
      labelNames: ['mode'],
      registers,
      async collect() {
        const readings = await webhookReadings();
        this.reset();
        for (const [mode, reading] of readings) this.set({ mode }, reading.oldestDueAgeSeconds);
      },
    });
    new Gauge({
      name: 'todo_event_relay_lag_seconds',
      help: 'Age of the next event the webhook relay has still to pass (0: none waiting)',
      labelNames: ['mode'],
      registers,
      async collect() {
        const readings = await webhookReadings();
        this.reset();
        for (const [mode, reading] of readings) this.set({ mode }, reading.relayLagSeconds);
      },
    });

    const mailProbe = new BoundedProbe<MailBacklogReading>('the mail backlog', () => mail.backlog(), COLLECT_TIMEOUT_MS, log);
    new Gauge({
      name: 'todo_mail_messages',
      help: 'Mail waiting for an attempt (pending) and given up on and still kept (failed)',
      labelNames: ['state'],
      registers,
      async collect() {
        const reading = await mailProbe.read();
        this.reset();
        if (reading === undefined) return;
        this.set({ state: 'pending' }, reading.pending);
        this.set({ state: 'failed' }, reading.failed);
      },
    });
    new Gauge({
      name: 'todo_mail_oldest_due_age_seconds',
      help: 'How long the earliest due pending message has waited past its attempt time (0: none due)',
      registers,
      async collect() {
        const reading = await mailProbe.read();
        this.reset();
        if (reading !== undefined) this.set(reading.oldestDueAgeSeconds);
      },
    });

    const refused = new Counter({
      name: 'todo_rate_limit_refusals_total',
      help: 'Requests refused (429) by a rate limit, by throttler',
      labelNames: ['throttler'],
      registers,
    });
    for (const throttler of KNOWN_THROTTLERS) refused.inc({ throttler }, 0);
    this.stopListening = refusals.listen((throttler) => refused.inc({ throttler }));

    new Counter({
      name: 'todo_request_logs_dropped_total',
      help: 'Requests that got no request log line, by reason: the buffer full, the key past its share of a flush, the write refused',
      labelNames: ['reason'],
      registers,
      collect() {
        const drops = requestLogs.drops();
        this.reset();
        for (const reason of DROP_REASONS) this.inc({ reason }, drops[reason]);
      },
    });
  }

  onModuleDestroy(): void {
    this.stopListening();
  }
}
