import { z } from 'zod';

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

const schema = z.object({
  PORT: integer('PORT', 0, 65535, 3000),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  RATE_LIMIT_MAX: integer('RATE_LIMIT_MAX', 1, 1_000_000, 120),
  RATE_LIMIT_WINDOW_S: integer('RATE_LIMIT_WINDOW_S', 1, 86_400, 60),
  RATE_LIMIT_UNAUTHENTICATED_MAX: integer('RATE_LIMIT_UNAUTHENTICATED_MAX', 1, 1_000_000, 300),
  RATE_LIMIT_REDIS_PREFIX: z.string().max(100).default('todo:ratelimit:'),
  TRUST_PROXY: trustProxy(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  PUBLIC_ORIGIN: url('PUBLIC_ORIGIN', ['http:', 'https:']),
  COOKIE_SECURE: flag('COOKIE_SECURE', false),
  DB_POOL_SIZE: integer('DB_POOL_SIZE', 1, 1000, 20),
  DB_CONNECT_TIMEOUT_S: integer('DB_CONNECT_TIMEOUT_S', 1, 3600, 30),
  SHUTDOWN_GRACE_MS: integer('SHUTDOWN_GRACE_MS', 0, 600_000, 10_000),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The service's whole configuration, read once from the environment.
 * Injected by its class, so every consumer sees the same typed, validated values.
 */
export class AppConfig {
  readonly port!: number;
  /** Absent until the embedded database has been started (see main.ts). */
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly rateLimitMax!: number;
  readonly rateLimitWindowS!: number;
  /** Requests answered 401 per client address per minute before they are answered 429. */
  readonly rateLimitUnauthenticatedMax!: number;
  /** Prefix of the rate-limit keys in Redis, so that deployments (or test runs) sharing one Redis stay apart. */
  readonly rateLimitRedisPrefix!: string;
  /** Express's "trust proxy": hops, or trusted proxy addresses; 0 means use the socket's address. */
  readonly trustProxy!: number | string;
  readonly logLevel!: LogLevel;
  readonly dataDir!: string;
  /** Origin the developer page is served from; when unset, the request's own Host is trusted. */
  readonly publicOrigin?: string;
  readonly cookieSecure!: boolean;
  readonly dbPoolSize!: number;
  /** How long start-up keeps retrying an unreachable database before it gives up. */
  readonly dbConnectTimeoutS!: number;
  readonly shutdownGraceMs!: number;

  constructor(values: AppConfig) {
    Object.assign(this, values);
    Object.freeze(this);
  }

  with(overrides: Partial<AppConfig>): AppConfig {
    return new AppConfig({ ...this, ...overrides });
  }
}

export class ConfigError extends Error {}

/** Empty variables count as unset, so `PORT= npm start` behaves like no PORT at all. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue.message.includes(String(issue.path[0]))
      ? issue.message
      : `${String(issue.path[0])}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const v = parsed.data;
  return new AppConfig({
    port: v.PORT,
    databaseUrl: v.DATABASE_URL,
    redisUrl: v.REDIS_URL,
    rateLimitMax: v.RATE_LIMIT_MAX,
    rateLimitWindowS: v.RATE_LIMIT_WINDOW_S,
    rateLimitUnauthenticatedMax: v.RATE_LIMIT_UNAUTHENTICATED_MAX,
    rateLimitRedisPrefix: v.RATE_LIMIT_REDIS_PREFIX,
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL,
    dataDir: v.DATA_DIR,
    publicOrigin: v.PUBLIC_ORIGIN,
    cookieSecure: v.COOKIE_SECURE,
    dbPoolSize: v.DB_POOL_SIZE,
    dbConnectTimeoutS: v.DB_CONNECT_TIMEOUT_S,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
  } as AppConfig);
}
