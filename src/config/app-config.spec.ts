import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      rateLimitMax: 120,
      rateLimitWindowS: 60,
      rateLimitUnauthenticatedMax: 300,
      rateLimitRedisPrefix: 'todo:ratelimit:',
      trustProxy: 0,
      logLevel: 'info',
      dataDir: '.data',
      cookieSecure: false,
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
      rateLimitRedisPrefix: 'run42:',
      trustProxy: 1,
      logLevel: 'debug',
      dataDir: '/tmp/x',
      cookieSecure: true,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('accepts trusted proxies as hops or a list of addresses, subnets and names', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toBe('loopback,10.0.0.0/8,::1');
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: 'anyone' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ RATE_LIMIT_UNAUTHENTICATED_MAX: '0' }, /RATE_LIMIT_UNAUTHENTICATED_MAX must be an integer from 1/],
    [{ PORT: 'abc' }, /PORT must be an integer from 0 to 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ RATE_LIMIT_MAX: '0' }, /RATE_LIMIT_MAX must be an integer from 1/],
    [{ RATE_LIMIT_WINDOW_S: '1.5' }, /RATE_LIMIT_WINDOW_S must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a URL starting with postgres:\/\//],
    [{ REDIS_URL: 'nope' }, /REDIS_URL must be a URL starting with redis:\/\//],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE must be true or false/],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
