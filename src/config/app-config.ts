import { z } from 'zod';
import { isLoopbackHostName } from '../common/net/loopback';
import type { DatabaseTimeouts } from '../database/data-source';

/** What NODE_ENV may say; unset is development. Anything else is refused, so `Production` never passes for `production` silently. */
const NODE_ENVS = ['production', 'development', 'test'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(name: string, min: number, max: number, fallback: number) {
  const accepts = `an integer from ${min} to ${max}`;
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be ${accepts} (got "${raw}")` });
        return z.NEVER;
      }
      return Number(raw);
    });
}

function url(name: string, protocols: string[]) {
  return z
    .string()
    .optional()
    .refine(
      (raw) => {
        if (raw === undefined) return true;
        try {
          return protocols.includes(new URL(raw).protocol);
        } catch {
          return false;
        }
      },
      { message: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );
}

function flag(name: string, fallback: boolean) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
      if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${raw}")` });
      return z.NEVER;
    });
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which proxies may set the client address (X-Forwarded-For), in Express's terms: a number of
 * hops to trust, or a comma-separated list of addresses, subnets and the names loopback,
 * linklocal, uniquelocal. "true" (trust anyone) is refused: any client could then pick its
 * own address and walk past the per-address limits.
 */
function trustProxy() {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | string => {
      if (raw === undefined || ['false', 'no'].includes(raw.toLowerCase())) return 0;
      if (/^\d+$/.test(raw) && Number(raw) <= 10) return Number(raw);
      const entries = raw.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => PROXY_NAMES.includes(entry) || /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry))) {
        return entries.join(',');
      }
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be a number of proxy hops (0-10) or a comma-separated list of addresses, subnets, ${PROXY_NAMES.join(', ')} (got "${raw}")`,
      });
      return z.NEVER;
    });
}

/** A host name or an IPv4/IPv6 address to listen on. */
function host(name = 'HOST') {
  return z.string().refine((raw) => /^[A-Za-z0-9.:_-]{1,253}$/.test(raw) && !raw.startsWith('-'), {
    message: `${name} must be an address or host name to listen on, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)`,
  });
}

/** A port number, or undefined when unset (a server that is off unless asked for). */
function optionalPort(name: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer from 0 to 65535 (got "${raw}")` });
        return z.NEVER;
      }
      return Number(raw);
    });
}

function absolutePath(name: string) {
  return z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.startsWith('/'), { message: `${name} must be an absolute path` });
}

const schema = z
  .object({
    NODE_ENV: z
      .string()
      .optional()
      .superRefine((raw, ctx) => {
        if (raw !== undefined && !(NODE_ENVS as readonly string[]).includes(raw)) {
          ctx.addIssue({
            code: 'custom',
            message: `NODE_ENV must be one of ${NODE_ENVS.join(', ')}, in lower case, or unset for development (got "${raw}")`,
          });
        }
      }),
    PORT: integer('PORT', 0, 65535, 3000),
    HOST: host().default('127.0.0.1'),
    METRICS_PORT: optionalPort('METRICS_PORT'),
    METRICS_HOST: host('METRICS_HOST').optional(),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
    RATE_LIMIT_MAX: integer('RATE_LIMIT_MAX', 1, 1_000_000, 120),
    RATE_LIMIT_WINDOW_S: integer('RATE_LIMIT_WINDOW_S', 1, 86_400, 60),
    RATE_LIMIT_UNAUTHENTICATED_MAX: integer('RATE_LIMIT_UNAUTHENTICATED_MAX', 1, 1_000_000, 300),
    RATE_LIMIT_PORTAL_MAX: integer('RATE_LIMIT_PORTAL_MAX', 1, 1_000_000, 60),
    EVENT_RETENTION_DAYS: integer('EVENT_RETENTION_DAYS', 1, 3650, 30),
    REQUEST_LOG_BUFFER_LINES: integer('REQUEST_LOG_BUFFER_LINES', 1, 100_000, 2_000),
    REQUEST_LOG_KEY_BURST: integer('REQUEST_LOG_KEY_BURST', 1, 100_000, 20),
    REQUEST_LOG_KEY_LINES_PER_SECOND: integer('REQUEST_LOG_KEY_LINES_PER_SECOND', 1, 100_000, 2),
    RATE_LIMIT_REDIS_PREFIX: z.string().max(100).default('todo:ratelimit:'),
    TRUST_PROXY: trustProxy(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    DATA_DIR: z.string().min(1).default('.data'),
    EMBEDDED_PG_SYSTEM_DIR: absolutePath('EMBEDDED_PG_SYSTEM_DIR'),
    PUBLIC_ORIGIN: url('PUBLIC_ORIGIN', ['http:', 'https:']),
    COOKIE_SECURE: flag('COOKIE_SECURE', false),
    PASSWORD_SCRYPT_COST: integer('PASSWORD_SCRYPT_COST', 10, 20, 17),
    // 10, not more: on a machine whose cores PostgreSQL and Node share, requests beyond that
    // wait in the pool's queue, first come first served, rather than as runnable backends
    // that take the CPU from the event loop, which keeps the tail of the writes shorter
    // (docs/performance.md).
    DB_POOL_SIZE: integer('DB_POOL_SIZE', 1, 1000, 10),
    PAGE_CACHE_MB: integer('PAGE_CACHE_MB', 0, 4096, 32),
    DB_CONNECT_TIMEOUT_S: integer('DB_CONNECT_TIMEOUT_S', 1, 3600, 30),
    DB_ACQUIRE_TIMEOUT_MS: integer('DB_ACQUIRE_TIMEOUT_MS', 50, 60_000, 4_000),
    DB_LOCK_TIMEOUT_MS: integer('DB_LOCK_TIMEOUT_MS', 50, 60_000, 4_000),
    DB_STATEMENT_TIMEOUT_MS: integer('DB_STATEMENT_TIMEOUT_MS', 100, 600_000, 4_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 100, 600_000, 5_000),
    DB_QUERY_TIMEOUT_MS: integer('DB_QUERY_TIMEOUT_MS', 100, 600_000, 4_500),
    SHUTDOWN_GRACE_MS: integer('SHUTDOWN_GRACE_MS', 0, 600_000, 10_000),
    HTTP_HEADERS_TIMEOUT_MS: integer('HTTP_HEADERS_TIMEOUT_MS', 100, 600_000, 10_000),
    HTTP_REQUEST_TIMEOUT_MS: integer('HTTP_REQUEST_TIMEOUT_MS', 100, 3_600_000, 30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer('HTTP_KEEP_ALIVE_TIMEOUT_MS', 100, 600_000, 5_000),
    HTTP_MAX_CONNECTIONS: integer('HTTP_MAX_CONNECTIONS', 1, 1_000_000, 1_000),
    // Unset (0 here): 256, far above what a browser (6 per origin) or a client library's pool opens; or,
    // when TRUST_PROXY names a proxy, HTTP_MAX_CONNECTIONS, since every connection then comes
    // from the proxy's address.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: integer('HTTP_MAX_CONNECTIONS_PER_ADDRESS', 1, 1_000_000, 0),
    CURSOR_SECRET: z
      .string()
      .min(32, { message: 'CURSOR_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)' })
      .max(1024, { message: 'CURSOR_SECRET must be at most 1024 characters' })
      .optional(),
    WEBHOOK_ALLOW_PRIVATE_URLS: flag('WEBHOOK_ALLOW_PRIVATE_URLS', false),
    WEBHOOK_SECRET_KEY: z
      .string()
      .min(32, { message: 'WEBHOOK_SECRET_KEY must be at least 32 characters (e.g. openssl rand -base64 32)' })
      .max(1024, { message: 'WEBHOOK_SECRET_KEY must be at most 1024 characters' })
      .optional(),
    WEBHOOK_TIMEOUT_MS: integer('WEBHOOK_TIMEOUT_MS', 100, 60_000, 10_000),
    WEBHOOK_LEASE_MS: integer('WEBHOOK_LEASE_MS', 200, 3_600_000, 60_000),
    WEBHOOK_POLL_INTERVAL_MS: integer('WEBHOOK_POLL_INTERVAL_MS', 10, 600_000, 1_000),
    WEBHOOK_BATCH_SIZE: integer('WEBHOOK_BATCH_SIZE', 1, 1_000, 10),
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
    MAIL_FROM: z
      .string()
      .max(254)
      .regex(/^[^\s@<>,;"]+@[^\s@<>,;"]+$/, { message: 'MAIL_FROM must be one plain address, e.g. todo@example.com' })
      .optional(),
    MAIL_TIMEOUT_MS: integer('MAIL_TIMEOUT_MS', 100, 300_000, 30_000),
    MAIL_LEASE_MS: integer('MAIL_LEASE_MS', 200, 3_600_000, 120_000),
    MAIL_POLL_INTERVAL_MS: integer('MAIL_POLL_INTERVAL_MS', 10, 600_000, 1_000),
    MAIL_BATCH_SIZE: integer('MAIL_BATCH_SIZE', 1, 1_000, 10),
    MAIL_PROBE_INTERVAL_MS: integer('MAIL_PROBE_INTERVAL_MS', 100, 86_400_000, 10_000),
  })
  // A message still being sent must stay leased, or another instance would send it too.
  .refine((v) => v.MAIL_LEASE_MS > v.MAIL_TIMEOUT_MS, {
    path: ['MAIL_LEASE_MS'],
    message: 'MAIL_LEASE_MS must be greater than MAIL_TIMEOUT_MS',
  })
  // Real mail needs a sender and links that lead back to this service.
  .refine((v) => v.SMTP_URL === undefined || (v.MAIL_FROM !== undefined && v.PUBLIC_ORIGIN !== undefined), {
    path: ['SMTP_URL'],
    message: 'SMTP_URL needs MAIL_FROM (the sender address) and PUBLIC_ORIGIN (where links in mail point)',
  })
  // A delivery still being sent must stay leased, or another instance would send it too.
  .refine((v) => v.WEBHOOK_LEASE_MS > v.WEBHOOK_TIMEOUT_MS, {
    path: ['WEBHOOK_LEASE_MS'],
    message: 'WEBHOOK_LEASE_MS must be greater than WEBHOOK_TIMEOUT_MS',
  })
  // The metrics server is a second listener: it cannot share the API's port, and a host alone
  // would suggest a server that is not there.
  .refine((v) => v.METRICS_PORT === undefined || v.METRICS_PORT === 0 || v.METRICS_PORT !== v.PORT, {
    path: ['METRICS_PORT'],
    message: 'METRICS_PORT must differ from PORT: the metrics are served on a port of their own',
  })
  .refine((v) => v.METRICS_HOST === undefined || v.METRICS_PORT !== undefined, {
    path: ['METRICS_HOST'],
    message: 'METRICS_HOST needs METRICS_PORT (unset, no metrics server runs)',
  })
  .refine((v) => v.HTTP_HEADERS_TIMEOUT_MS <= v.HTTP_REQUEST_TIMEOUT_MS, {
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'HTTP_HEADERS_TIMEOUT_MS must not be larger than HTTP_REQUEST_TIMEOUT_MS',
  })
  // The server must give up first, so that PostgreSQL rolls the transaction back
  // itself; the client-side timeout is only the backstop for a server that is gone.
  .refine((v) => v.DB_QUERY_TIMEOUT_MS > v.DB_STATEMENT_TIMEOUT_MS && v.DB_STATEMENT_TIMEOUT_MS >= v.DB_LOCK_TIMEOUT_MS, {
    message: 'DB_QUERY_TIMEOUT_MS must be greater than DB_STATEMENT_TIMEOUT_MS, which must be at least DB_LOCK_TIMEOUT_MS',
    path: ['DB_QUERY_TIMEOUT_MS'],
  });

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface WebhookSettings {
  /** http:// and non-public addresses allowed as webhook URLs (development and tests only). */
  allowPrivateUrls: boolean;
  /** Seals the signing secrets; when unset, a key file in DATA_DIR (src/modules/webhooks/infrastructure/delivery/aes-gcm-secret-cipher.ts). */
  secretKey?: string;
  /** A delivery attempt's whole exchange must finish within this. */
  timeoutMs: number;
  /** How long a claimed delivery belongs to the instance that claimed it. */
  leaseMs: number;
  pollIntervalMs: number;
  batchSize: number;
}

/** The Prometheus metrics server (docs/operations.md, "Metrics"). */
export interface MetricsSettings {
  /** Its own port (METRICS_PORT; 0 takes any free one), never the API's. */
  port: number;
  /** The address it listens on: 127.0.0.1 unless METRICS_HOST says otherwise. */
  host: string;
}

export interface MailSettings {
  /** The SMTP server (smtp:// or smtps://); unset: the development outbox. Holds a password: never logged. */
  smtpUrl?: string;
  /** The From address (MAIL_FROM; a placeholder for the development outbox). */
  from: string;
  /** Where links in mail point: PUBLIC_ORIGIN, else (development) http://<HOST>:<PORT>, as the README opens the page. */
  linkOrigin: string;
  /**
   * Whether GET /developers/api/dev/mailbox may show the outbox: only without SMTP_URL, outside
   * NODE_ENV=production, and with HOST a loopback address or localhost. The outbox holds every
   * account's verification and reset links, so it is never served where another machine could
   * reach it; DevelopmentMailboxGuard also checks each request's client and Host.
   */
  mailboxShown: boolean;
  /** One SMTP exchange must finish within this. */
  timeoutMs: number;
  /** How long a claimed message belongs to the instance that claimed it. */
  leaseMs: number;
  pollIntervalMs: number;
  batchSize: number;
  /** How often an idle instance sends one deferred message early to learn the SMTP server takes mail again. */
  probeIntervalMs: number;
}

/**
 * The service's whole configuration, read once from the environment.
 * Injected by its class, so every consumer sees the same typed, validated values.
 */
export class AppConfig {
  readonly port!: number;
  /** The address the HTTP server listens on (127.0.0.1 unless HOST says otherwise). */
  readonly host!: string;
  /** Absent until the embedded database has been started (see main.ts). */
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly rateLimitMax!: number;
  readonly rateLimitWindowS!: number;
  /** Requests answered 401 per client address per minute before they are answered 429. */
  readonly rateLimitUnauthenticatedMax!: number;
  /** Developer-portal sign-ups and sign-ins per client address per minute, successful or not. */
  readonly rateLimitPortalMax!: number;
  /** Prefix of the rate-limit keys in Redis, so that deployments (or test runs) sharing one Redis stay apart. */
  readonly rateLimitRedisPrefix!: string;
  /** Express's "trust proxy": hops, or trusted proxy addresses; 0 means use the socket's address. */
  readonly trustProxy!: number | string;
  readonly logLevel!: LogLevel;
  readonly dataDir!: string;
  /** As root with DATA_DIR out of the postgres user's reach: where the embedded PostgreSQL goes instead. */
  readonly embeddedPgSystemDir?: string;
  /** Origin the developer page is served from; when unset, the request's own Host is trusted. */
  readonly publicOrigin?: string;
  readonly cookieSecure!: boolean;
  /** log2 of scrypt's N for new password hashes; below 17 only under NODE_ENV=test. */
  readonly passwordScryptCost!: number;
  readonly dbPoolSize!: number;
  /** Bytes of rendered pages of items kept per instance (RenderedPageCache); 0 keeps none. */
  readonly pageCacheBytes!: number;
  /** How long start-up keeps retrying an unreachable database before it gives up. */
  readonly dbConnectTimeoutS!: number;
  /** The database's time limits; see DatabaseTimeouts in src/database/data-source.ts. */
  readonly dbTimeouts!: DatabaseTimeouts;
  readonly shutdownGraceMs!: number;
  /** Time a client has to send a request's headers (also bounds a connection that never sends any). */
  readonly httpHeadersTimeoutMs!: number;
  /** Time a client has to send a whole request, body included; past it the answer is 408 and the connection closes. */
  readonly httpRequestTimeoutMs!: number;
  /** How long an idle keep-alive connection stays open. */
  readonly httpKeepAliveTimeoutMs!: number;
  /** Open connections per instance; at the bound the oldest idle or slow one makes room, else a new one is closed. */
  readonly httpMaxConnections!: number;
  /** Open connections from one remote address (HTTP_MAX_CONNECTIONS_PER_ADDRESS, at most httpMaxConnections in effect). */
  readonly httpMaxConnectionsPerAddress!: number;
  /** Signs pagination cursors; when unset, a secret kept in the database does (src/common/paging/cursor-secret.ts). */
  readonly cursorSecret?: string;
  /** Days the change feed keeps events (GET /v1/events); older cursors answer 410. */
  readonly eventRetentionDays!: number;
  /**
   * The request log's buffer (docs/operations.md, "Request logs"): lines held between two
   * flushes at most, and a key's share (a burst, then a rate); past either a request gets no
   * line and is counted.
   */
  readonly requestLogs!: { bufferLines: number; keyBurst: number; keyLinesPerSecond: number };
  /** Webhook delivery settings (docs/API.md section 8; docs/operations.md, "Webhooks"). */
  readonly webhooks!: WebhookSettings;
  /** Mail settings (docs/configuration.md and docs/operations.md, "Mail"). */
  readonly mail!: MailSettings;
  /** The metrics server; undefined (METRICS_PORT unset): none runs and nothing is measured. */
  readonly metrics?: MetricsSettings;

  constructor(values: AppConfig) {
    Object.assign(this, values);
    Object.freeze(this);
  }

  with(overrides: Partial<AppConfig>): AppConfig {
    return new AppConfig({ ...this, ...overrides });
  }
}

export class ConfigError extends Error {}

/** The first problem found, naming its variable. */
function invalid(error: z.ZodError): ConfigError {
  const issue = error.issues[0];
  const message = issue.message.includes(String(issue.path[0])) ? issue.message : `${String(issue.path[0])}: ${issue.message}`;
  return new ConfigError(`Invalid configuration: ${message}`);
}

/** Empty variables count as unset, so `PORT= npm start` behaves like no PORT at all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) throw invalid(parsed.error);
  const v = parsed.data;
  // Below current guidance only to keep test suites fast, never in a deployment.
  if (v.PASSWORD_SCRYPT_COST < 17 && v.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid configuration: PASSWORD_SCRYPT_COST below 17 is for tests only (NODE_ENV=test) (got "${v.PASSWORD_SCRYPT_COST}")`,
    );
  }
  return new AppConfig({
    port: v.PORT,
    host: v.HOST,
    metrics: v.METRICS_PORT === undefined ? undefined : { port: v.METRICS_PORT, host: v.METRICS_HOST ?? '127.0.0.1' },
    databaseUrl: v.DATABASE_URL,
    redisUrl: v.REDIS_URL,
    rateLimitMax: v.RATE_LIMIT_MAX,
    rateLimitWindowS: v.RATE_LIMIT_WINDOW_S,
    rateLimitUnauthenticatedMax: v.RATE_LIMIT_UNAUTHENTICATED_MAX,
    rateLimitPortalMax: v.RATE_LIMIT_PORTAL_MAX,
    rateLimitRedisPrefix: v.RATE_LIMIT_REDIS_PREFIX,
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL,
    dataDir: v.DATA_DIR,
    embeddedPgSystemDir: v.EMBEDDED_PG_SYSTEM_DIR,
    publicOrigin: v.PUBLIC_ORIGIN,
    cookieSecure: v.COOKIE_SECURE,
    passwordScryptCost: v.PASSWORD_SCRYPT_COST,
    dbPoolSize: v.DB_POOL_SIZE,
    pageCacheBytes: v.PAGE_CACHE_MB * 1024 * 1024,
    dbConnectTimeoutS: v.DB_CONNECT_TIMEOUT_S,
    dbTimeouts: {
      acquireMs: v.DB_ACQUIRE_TIMEOUT_MS,
      lockMs: v.DB_LOCK_TIMEOUT_MS,
      statementMs: v.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: v.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      queryMs: v.DB_QUERY_TIMEOUT_MS,
    },
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    httpHeadersTimeoutMs: v.HTTP_HEADERS_TIMEOUT_MS,
    httpRequestTimeoutMs: v.HTTP_REQUEST_TIMEOUT_MS,
    httpKeepAliveTimeoutMs: v.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    httpMaxConnections: v.HTTP_MAX_CONNECTIONS,
    httpMaxConnectionsPerAddress: v.HTTP_MAX_CONNECTIONS_PER_ADDRESS || (v.TRUST_PROXY === 0 ? 256 : v.HTTP_MAX_CONNECTIONS),
    cursorSecret: v.CURSOR_SECRET,
    eventRetentionDays: v.EVENT_RETENTION_DAYS,
    requestLogs: {
      bufferLines: v.REQUEST_LOG_BUFFER_LINES,
      keyBurst: v.REQUEST_LOG_KEY_BURST,
      keyLinesPerSecond: v.REQUEST_LOG_KEY_LINES_PER_SECOND,
    },
    webhooks: {
      allowPrivateUrls: v.WEBHOOK_ALLOW_PRIVATE_URLS,
      secretKey: v.WEBHOOK_SECRET_KEY,
      timeoutMs: v.WEBHOOK_TIMEOUT_MS,
      leaseMs: v.WEBHOOK_LEASE_MS,
      pollIntervalMs: v.WEBHOOK_POLL_INTERVAL_MS,
      batchSize: v.WEBHOOK_BATCH_SIZE,
    },
    mail: {
      smtpUrl: v.SMTP_URL,
      from: v.MAIL_FROM ?? 'todo-service@localhost',
      linkOrigin: v.PUBLIC_ORIGIN !== undefined ? new URL(v.PUBLIC_ORIGIN).origin : `http://${linkHost(v.HOST)}:${v.PORT}`,
      mailboxShown: v.NODE_ENV !== 'production' && v.SMTP_URL === undefined && isLoopbackHostName(v.HOST),
      timeoutMs: v.MAIL_TIMEOUT_MS,
      leaseMs: v.MAIL_LEASE_MS,
      pollIntervalMs: v.MAIL_POLL_INTERVAL_MS,
      batchSize: v.MAIL_BATCH_SIZE,
      probeIntervalMs: v.MAIL_PROBE_INTERVAL_MS,
    },
  } as AppConfig);
}

/**
 * The host of mailed links without PUBLIC_ORIGIN: the one the service listens on, which is where
 * the README sends people (127.0.0.1 by default), so that a link opens the page on the origin its
 * session cookie belongs to. Listening on every interface, this machine's loopback address.
 */
function linkHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

const TRACES_EXPORTERS = ['otlp', 'console', 'zipkin', 'none'];
const OTLP_PROTOCOLS = ['grpc', 'http/protobuf', 'http/json'];

const tracingSchema = z.object({
  OTEL_TRACES_EXPORTER: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || raw.split(',').every((name) => TRACES_EXPORTERS.includes(name.trim())), {
      message: `OTEL_TRACES_EXPORTER must be a comma-separated list of ${TRACES_EXPORTERS.join(', ')}`,
    }),
  OTEL_EXPORTER_OTLP_ENDPOINT: url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', ['http:', 'https:']),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || OTLP_PROTOCOLS.includes(raw), {
      message: `OTEL_EXPORTER_OTLP_PROTOCOL must be one of ${OTLP_PROTOCOLS.join(', ')}`,
    }),
  OTEL_SDK_DISABLED: flag('OTEL_SDK_DISABLED', false),
});

/**
 * Whether OpenTelemetry's SDK starts (src/tracing.ts). Everything else about it (exporter,
 * endpoint, headers, sampler, batching, service name) is the SDK's own reading of its standard
 * `OTEL_*` variables; only the ones that decide whether it starts, or that it would otherwise
 * silently ignore when mistyped, are checked here.
 *
 * On when an exporter or an OTLP endpoint is named, so a deployment without either loads no
 * part of the SDK; `OTEL_TRACES_EXPORTER=none` and `OTEL_SDK_DISABLED=true` keep it off.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = tracingSchema.safeParse(present);
  if (!parsed.success) throw invalid(parsed.error);
  const v = parsed.data;
  if (v.OTEL_SDK_DISABLED) return false;
  const exporters = v.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim());
  if (exporters?.length === 1 && exporters[0] === 'none') return false;
  return exporters !== undefined || v.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || v.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined;
}
