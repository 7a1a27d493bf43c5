import { ConfigError, loadConfig, tracingEnabled } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      rateLimitMax: 120,
      rateLimitWindowS: 60,
      rateLimitUnauthenticatedMax: 300,
      rateLimitPortalMax: 60,
      rateLimitRedisPrefix: 'todo:ratelimit:',
      trustProxy: 0,
      logLevel: 'info',
      dataDir: '.data',
      cookieSecure: false,
      passwordScryptCost: 17,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@localhost:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_MAX: '10',
      RATE_LIMIT_WINDOW_S: '5',
      RATE_LIMIT_UNAUTHENTICATED_MAX: '7',
      RATE_LIMIT_PORTAL_MAX: '9',
      RATE_LIMIT_REDIS_PREFIX: 'run42:',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      DATA_DIR: '/tmp/x',
      COOKIE_SECURE: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@localhost:5432/db',
      redisUrl: 'redis://127.0.0.1:6379',
      rateLimitMax: 10,
      rateLimitWindowS: 5,
      rateLimitUnauthenticatedMax: 7,
      rateLimitPortalMax: 9,
      rateLimitRedisPrefix: 'run42:',
      trustProxy: 1,
      logLevel: 'debug',
      dataDir: '/tmp/x',
      cookieSecure: true,
    });
  });

  it('bounds slow clients by default: headers 10 s, whole request 30 s, idle keep-alive 5 s, 1,000 connections', () => {
    expect(loadConfig({})).toMatchObject({
      httpHeadersTimeoutMs: 10_000,
      httpRequestTimeoutMs: 30_000,
      httpKeepAliveTimeoutMs: 5_000,
      httpMaxConnections: 1_000,
    });
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '200',
        HTTP_REQUEST_TIMEOUT_MS: '300',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '400',
        HTTP_MAX_CONNECTIONS: '5',
      }),
    ).toMatchObject({ httpHeadersTimeoutMs: 200, httpRequestTimeoutMs: 300, httpKeepAliveTimeoutMs: 400, httpMaxConnections: 5 });
  });

  it('bounds one address to 256 connections, or to HTTP_MAX_CONNECTIONS behind a trusted proxy, unless told otherwise', () => {
    expect(loadConfig({}).httpMaxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ TRUST_PROXY: '1', HTTP_MAX_CONNECTIONS: '2000' }).httpMaxConnectionsPerAddress).toBe(2_000);
    expect(loadConfig({ TRUST_PROXY: '1', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '50' }).httpMaxConnectionsPerAddress).toBe(50);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '10' }).httpMaxConnectionsPerAddress).toBe(10);
  });

  it('takes a lower scrypt cost (log2 N) only under NODE_ENV=test, and never outside 10-20', () => {
    expect(loadConfig({ PASSWORD_SCRYPT_COST: '12', NODE_ENV: 'test' }).passwordScryptCost).toBe(12);
    expect(loadConfig({ PASSWORD_SCRYPT_COST: '18' }).passwordScryptCost).toBe(18);
    expect(() => loadConfig({ PASSWORD_SCRYPT_COST: '12' })).toThrow(/PASSWORD_SCRYPT_COST below 17 is for tests only/);
    expect(() => loadConfig({ PASSWORD_SCRYPT_COST: '12', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_SCRYPT_COST: '9', NODE_ENV: 'test' })).toThrow(
      /PASSWORD_SCRYPT_COST must be an integer from 10 to 20/,
    );
    expect(() => loadConfig({ PASSWORD_SCRYPT_COST: '21' })).toThrow(ConfigError);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('accepts trusted proxies as hops or a list of addresses, subnets and names', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toBe('loopback,10.0.0.0/8,::1');
  });

  it('takes HOST as given, so the service can listen on every interface or on one address', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('runs no metrics server unless METRICS_PORT is set, and one on loopback when it is', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toEqual({ port: 0, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: 'anyone' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ RATE_LIMIT_UNAUTHENTICATED_MAX: '0' }, /RATE_LIMIT_UNAUTHENTICATED_MAX must be an integer from 1/],
    [{ RATE_LIMIT_PORTAL_MAX: '0' }, /RATE_LIMIT_PORTAL_MAX must be an integer from 1/],
    [{ PORT: 'abc' }, /PORT must be an integer from 0 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ RATE_LIMIT_MAX: '0' }, /RATE_LIMIT_MAX must be an integer from 1/],
    [{ RATE_LIMIT_WINDOW_S: '1.5' }, /RATE_LIMIT_WINDOW_S must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a URL starting with postgres:\/\//],
    [{ REDIS_URL: 'nope' }, /REDIS_URL must be a URL starting with redis:\/\//],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE must be true or false/],
    [{ HTTP_REQUEST_TIMEOUT_MS: '50' }, /HTTP_REQUEST_TIMEOUT_MS must be an integer from 100/],
    [{ HTTP_MAX_CONNECTIONS: '0' }, /HTTP_MAX_CONNECTIONS must be an integer from 1/],
    [{ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }, /HTTP_MAX_CONNECTIONS_PER_ADDRESS must be an integer from 1/],
    [
      { HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' },
      /HTTP_HEADERS_TIMEOUT_MS must not be larger than HTTP_REQUEST_TIMEOUT_MS/,
    ],
    [{ HOST: 'every interface' }, /HOST must be an address or host name to listen on/],
    [{ EMBEDDED_PG_SYSTEM_DIR: 'relative/dir' }, /EMBEDDED_PG_SYSTEM_DIR must be an absolute path/],
    [{ METRICS_PORT: 'metrics' }, /METRICS_PORT must be an integer from 0 to 65535 \(got "metrics"\)/],
    [{ METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, /METRICS_PORT must differ from PORT/],
    [{ METRICS_PORT: '9464', METRICS_HOST: 'every interface' }, /METRICS_HOST must be an address or host name to listen on/],
    [{ METRICS_HOST: '0.0.0.0' }, /METRICS_HOST needs METRICS_PORT/],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('CURSOR_SECRET', () => {
  it('is optional (a secret kept in the database signs cursors then)', () => {
    expect(loadConfig({}).cursorSecret).toBeUndefined();
  });

  it('takes 32 characters or more', () => {
    expect(loadConfig({ CURSOR_SECRET: 'k'.repeat(32) }).cursorSecret).toBe('k'.repeat(32));
  });

  it('refuses a short one with a line naming the variable, never echoing it', () => {
    expect(() => loadConfig({ CURSOR_SECRET: 'short-secret' })).toThrow(/CURSOR_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ CURSOR_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
  });
});

describe('EVENT_RETENTION_DAYS', () => {
  it('defaults to the 30 days of the contract', () => {
    expect(loadConfig({}).eventRetentionDays).toBe(30);
  });

  it('takes whole days from 1 to 3650 and refuses anything else with a line naming the variable', () => {
    expect(loadConfig({ EVENT_RETENTION_DAYS: '90' }).eventRetentionDays).toBe(90);
    for (const bad of ['0', '3651', '1.5', 'month']) {
      expect(() => loadConfig({ EVENT_RETENTION_DAYS: bad })).toThrow(/EVENT_RETENTION_DAYS/);
    }
  });
});

describe('webhook settings', () => {
  it('default to https-only public URLs, a 10 s timeout, a 60 s lease and a 1 s poll', () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowPrivateUrls: false,
      secretKey: undefined,
      timeoutMs: 10_000,
      leaseMs: 60_000,
      pollIntervalMs: 1_000,
      batchSize: 10,
    });
  });

  it('read every variable', () => {
    const config = loadConfig({
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_SECRET_KEY: 'w'.repeat(40),
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_LEASE_MS: '2000',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_BATCH_SIZE: '3',
    });
    expect(config.webhooks).toEqual({
      allowPrivateUrls: true,
      secretKey: 'w'.repeat(40),
      timeoutMs: 500,
      leaseMs: 2000,
      pollIntervalMs: 50,
      batchSize: 3,
    });
  });

  it('refuse a lease no longer than the send timeout, and a short key without echoing it', () => {
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_LEASE_MS: '5000' })).toThrow(
      /WEBHOOK_LEASE_MS must be greater than WEBHOOK_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: 'too-short-key' })).toThrow(/WEBHOOK_SECRET_KEY must be at least 32 characters/);
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: 'too-short-key' })).not.toThrow(/too-short-key/);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'maybe' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_URLS must be true or false/);
  });
});

describe('mail settings', () => {
  it('default to the development outbox, shown outside production, with links to http://127.0.0.1:<PORT>', () => {
    expect(loadConfig({ PORT: '4000' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'todo-service@localhost',
      linkOrigin: 'http://127.0.0.1:4000',
      mailboxShown: true,
      timeoutMs: 30_000,
      leaseMs: 120_000,
      pollIntervalMs: 1_000,
      batchSize: 10,
      probeIntervalMs: 10_000,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).mail.mailboxShown).toBe(false);
  });

  it('point links without PUBLIC_ORIGIN at the host the service listens on, loopback when it listens everywhere', () => {
    const origin = (env: Record<string, string>) => loadConfig(env).mail.linkOrigin;
    expect(origin({ PORT: '3000' })).toBe('http://127.0.0.1:3000');
    expect(origin({ PORT: '3000', HOST: 'localhost' })).toBe('http://localhost:3000');
    expect(origin({ PORT: '3000', HOST: '::1' })).toBe('http://[::1]:3000');
    expect(origin({ PORT: '3000', HOST: '0.0.0.0' })).toBe('http://127.0.0.1:3000');
    expect(origin({ PORT: '3000', HOST: '::' })).toBe('http://127.0.0.1:3000');
    expect(origin({ PORT: '3000', PUBLIC_ORIGIN: 'https://todo.example.com/ignored' })).toBe('https://todo.example.com');
  });

  it('shows the mailbox only to a service listening on loopback or localhost', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(loadConfig({ HOST: host }).mail.mailboxShown).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'todo.internal']) expect(loadConfig({ HOST: host }).mail.mailboxShown).toBe(false);
  });

  it('takes NODE_ENV production, development or test, in lower case, and refuses anything else', () => {
    for (const value of ['production', 'development', 'test']) expect(() => loadConfig({ NODE_ENV: value })).not.toThrow();
    for (const value of ['Production', 'DEVELOPMENT', 'prod', 'staging']) {
      expect(() => loadConfig({ NODE_ENV: value })).toThrow(
        new ConfigError(
          `Invalid configuration: NODE_ENV must be one of production, development, test, in lower case, or unset for development (got "${value}")`,
        ),
      );
    }
  });

  it('read every variable; an SMTP server hides the mailbox and needs a sender and PUBLIC_ORIGIN', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pa55word@smtp.example.com:465',
      MAIL_FROM: 'todo@example.com',
      PUBLIC_ORIGIN: 'https://todo.example.com/',
      MAIL_TIMEOUT_MS: '500',
      MAIL_LEASE_MS: '2000',
      MAIL_POLL_INTERVAL_MS: '50',
      MAIL_BATCH_SIZE: '3',
      MAIL_PROBE_INTERVAL_MS: '250',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pa55word@smtp.example.com:465',
      from: 'todo@example.com',
      linkOrigin: 'https://todo.example.com',
      mailboxShown: false,
      timeoutMs: 500,
      leaseMs: 2000,
      pollIntervalMs: 50,
      batchSize: 3,
      probeIntervalMs: 250,
    });
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com', PUBLIC_ORIGIN: 'https://todo.example.com' })).toThrow(
      /SMTP_URL needs MAIL_FROM \(the sender address\) and PUBLIC_ORIGIN/,
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com', MAIL_FROM: 'todo@example.com' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('refuse another scheme without echoing the URL, a display name as sender, and a lease no longer than the timeout', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cret-pass@smtp.example.com' })).toThrow(
      /SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:s3cret-pass@smtp.example.com' })).not.toThrow(/s3cret-pass/);
    expect(() => loadConfig({ MAIL_FROM: 'Todo <todo@example.com>' })).toThrow(/MAIL_FROM must be one plain address/);
    expect(() => loadConfig({ MAIL_TIMEOUT_MS: '5000', MAIL_LEASE_MS: '5000' })).toThrow(
      /MAIL_LEASE_MS must be greater than MAIL_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ MAIL_PROBE_INTERVAL_MS: '99' })).toThrow(/MAIL_PROBE_INTERVAL_MS/);
  });
});

describe('tracingEnabled', () => {
  it('is off unless an exporter or an OTLP endpoint is named', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_SERVICE_NAME: 'todo', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_TRACES_EXPORTER: '' })).toBe(false);
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'otlp, console' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector/v1/traces' })).toBe(true);
  });

  it('stays off with OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED, whatever else is set', () => {
    expect(tracingEnabled({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
    expect(tracingEnabled({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'console' })).toBe(false);
  });

  it('refuses a mistyped exporter, endpoint or protocol, naming the variable', () => {
    expect(() => tracingEnabled({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(
      new ConfigError('Invalid configuration: OTEL_TRACES_EXPORTER must be a comma-separated list of otlp, console, zipkin, none'),
    );
    expect(() => tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be a URL/);
    expect(() => tracingEnabled({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http' })).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL must be one of/);
    expect(() => tracingEnabled({ OTEL_SDK_DISABLED: 'maybe' })).toThrow(/OTEL_SDK_DISABLED must be true or false/);
  });
});
