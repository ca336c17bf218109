import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/app';

describe('GET /health and the GraphQL health query', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 with the database status', async () => {
    const res = await request(t.app.getHttpServer()).get('/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.details.database.status).toBe('up');
    expect(res.body.details.database.kind).toBe(t.config.databaseUrl ? 'postgresql' : 'embedded');
  });

  it('gives every request an id and honours an incoming X-Request-Id', async () => {
    const minted = await request(t.app.getHttpServer()).get('/health').expect(200);
    expect(minted.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(t.app.getHttpServer())
      .get('/health')
      .set('X-Request-Id', 'client-req-42')
      .expect(200);
    expect(echoed.headers['x-request-id']).toBe('client-req-42');
  });

  it('replaces an unacceptable incoming request id', async () => {
    const res = await request(t.app.getHttpServer())
      .get('/health')
      .set('X-Request-Id', 'bad id with spaces')
      .expect(200);
    expect(res.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('serves the same status over GraphQL', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/graphql')
      .send({ query: '{ health { status database { status kind } } }' })
      .expect(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.health).toEqual({
      status: 'ok',
      database: { status: 'up', kind: t.config.databaseUrl ? 'postgresql' : 'embedded' },
    });
  });

  it('GraphQL errors carry extensions.code', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/graphql')
      .send({ query: '{ nope }' })
      .expect(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('ran the migrations: every table exists and the schema matches the entities', async () => {
    const dataSource = t.app.get(DataSource);
    const tables = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.map((r: { table_name: string }) => r.table_name)).toEqual(
      expect.arrayContaining([
        'custom_scenarios',
        'game_entries',
        'games',
        'idempotency_keys',
        'migrations',
        'seats',
      ]),
    );
    // No drift: what TypeORM would generate from the entities equals what the migrations built.
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
