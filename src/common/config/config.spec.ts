import { ConfigError, DEFAULT_DATABASE_POOL_SIZE, IN_MEMORY_DATA_DIR, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('accepts good values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/muster',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'DEBUG',
      MUSTER_DATA_DIR: IN_MEMORY_DATA_DIR,
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/muster',
      redisUrl: 'redis://cache:6379',
      logLevel: 'debug',
      dataDir: IN_MEMORY_DATA_DIR,
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('lists every bad value in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x:secret@y/z',
        REDIS_URL: 'not a url',
        LOG_LEVEL: 'loud',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect((error as Error).message).toContain('PORT must be an integer');
    expect((error as Error).message).toContain('DATABASE_URL must start with postgres://');
    expect((error as Error).message).not.toContain('secret');
    expect((error as Error).message).toContain('LOG_LEVEL must be one of');
  });

  it('reads DATABASE_POOL_SIZE (issue 20), refusing anything but a whole number from 1 to 1000', () => {
    expect(loadConfig({}).databasePoolSize).toBe(DEFAULT_DATABASE_POOL_SIZE);
    expect(loadConfig({ DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
    for (const bad of ['0', '-1', '2.5', 'ten', '1001'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('reads WORKERS (issue 20): one process by default; several only on PostgreSQL with Redis', () => {
    expect(loadConfig({}).workers).toBe(1);
    const shared = { DATABASE_URL: 'postgres://u@db:5432/m', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({ ...shared, WORKERS: '2' }).workers).toBe(2);
    expect(() => loadConfig({ WORKERS: '2', REDIS_URL: shared.REDIS_URL })).toThrow(
      /WORKERS=2 needs DATABASE_URL: the embedded database/,
    );
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: shared.DATABASE_URL })).toThrow(
      /WORKERS=2 needs REDIS_URL/,
    );
    // One worker is the plain service: nothing more is needed.
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    for (const bad of ['0', 'two', '65'])
      expect(() => loadConfig({ ...shared, WORKERS: bad })).toThrow(/WORKERS must be an integer/);
  });

  it('rejects an out-of-range port', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('reads CORS_ORIGINS as a comma-separated list of origins, or *', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: 'http://localhost:5173, https://muster.example' }).corsOrigins,
    ).toEqual(['http://localhost:5173', 'https://muster.example']);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://muster.example/app' })).toThrow(
      /CORS_ORIGINS entries must be origins/,
    );
    expect(() => loadConfig({ CORS_ORIGINS: 'muster.example' })).toThrow(ConfigError);
  });

  it('logs JSON in production and when asked, pretty when asked, and refuses other formats', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      /LOG_FORMAT must be one of pretty, json/,
    );
  });

  it('reads TRUST_PROXY as Express reads trust proxy: false, true, hops, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY must be/);
  });

  it('reads the scenario upload token and quotas, refusing a short token or a bad number', () => {
    expect(loadConfig({}).scenarioQuota).toEqual({ count: 20, bytes: 20 * 1024 * 1024 });
    expect(loadConfig({}).scenarioUploadToken).toBeUndefined();
    const token = 'x'.repeat(32);
    expect(
      loadConfig({
        SCENARIO_UPLOAD_TOKEN: token,
        SCENARIO_QUOTA_COUNT: '5',
        SCENARIO_QUOTA_BYTES: '1000',
      }),
    ).toMatchObject({ scenarioUploadToken: token, scenarioQuota: { count: 5, bytes: 1000 } });
    expect(() => loadConfig({ SCENARIO_UPLOAD_TOKEN: 'short' })).toThrow(/SCENARIO_UPLOAD_TOKEN/);
    expect(() => loadConfig({ SCENARIO_QUOTA_COUNT: '0' })).toThrow(/SCENARIO_QUOTA_COUNT/);
    expect(() => loadConfig({ SCENARIO_QUOTA_BYTES: '1e9' })).toThrow(/SCENARIO_QUOTA_BYTES/);
  });
});
