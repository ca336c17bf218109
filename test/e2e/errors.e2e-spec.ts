import { Body, Controller, Get, NotFoundException, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Length, Min, ValidateNested } from 'class-validator';
import request from 'supertest';
import { ProblemException } from '../../src/common/errors/problem';
import { EmbeddedDatabaseService } from '../../src/database/embedded-database.service';
import { createTestApp, TestApp } from '../support/app';

class OrderDto {
  @IsString()
  @Length(4, 4)
  hex: string;
}

class ProbeDto {
  @IsIn(['union', 'confederate'])
  side: string;

  @IsInt()
  @Min(0)
  expectedVersion: number;

  @ValidateNested()
  @Type(() => OrderDto)
  order: OrderDto;
}

/** Test-only routes that fail in each of the ways the service must report. */
@Controller('probe')
class ProbeController {
  @Post('validate')
  validate(@Body() dto: ProbeDto) {
    return { ok: true, isDto: dto instanceof ProbeDto, version: dto.expectedVersion };
  }

  @Get('rule')
  rule() {
    throw new ProblemException({
      status: 422,
      code: 'ILLEGAL_ORDER',
      rule: '6.13',
      detail: 'A unit that enters an enemy zone of control must stop.',
    });
  }

  @Get('not-found')
  notFound() {
    throw new NotFoundException('No game with id 42.');
  }

  @Get('crash')
  crash() {
    throw new Error('secret internal detail');
  }

  @Get('db-down')
  dbDown() {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }
}

function expectProblem(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    status,
    code,
    type: expect.any(String),
    title: expect.any(String),
  });
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.requestId).toBe(res.headers['x-request-id']);
}

describe('errors are application/problem+json', () => {
  let t: TestApp;
  let server: ReturnType<TestApp['app']['getHttpServer']>;

  beforeAll(async () => {
    t = await createTestApp({ controllers: [ProbeController] });
    server = t.app.getHttpServer();
  });
  afterAll(() => t?.close());

  it.each(['/health', '/v1/openapi.yaml', '/probe/validate', '/nowhere', '/graphql'])(
    'a malformed JSON body POSTed to %s is a 400, never a 500',
    async (path) => {
      const res = await request(server)
        .post(path)
        .set('Content-Type', 'application/json')
        .send('{"side": "union",');
      expectProblem(res, 400, 'MALFORMED_JSON');
      expect(res.body.detail).toMatch(/not valid JSON/);
    },
  );

  it('a body of a type no handler reads is still bounded: over 5 MiB is a 413', async () => {
    const res = await request(server)
      .post('/probe/validate')
      .set('Content-Type', 'text/plain')
      .send('x'.repeat(6 * 1024 * 1024));
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each(['utf-16le', 'iso-8859-1', '"latin1"'])(
    'a JSON body declared in charset %s is a 415 (read as UTF-8 only), never misread',
    async (charset) => {
      const res = await request(server)
        .post('/probe/validate')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send(JSON.stringify({ side: 'union', expectedVersion: 0, order: { hex: '0101' } }));
      expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.detail).toMatch(/charset/);
    },
  );

  it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8'])(
    'a JSON body declared in charset %s is read',
    async (charset) => {
      const res = await request(server)
        .post('/probe/validate')
        .set('Content-Type', `application/json; charset=${charset}`)
        .send(JSON.stringify({ side: 'union', expectedVersion: 0, order: { hex: '0101' } }));
      expect(res.status).toBe(201);
    },
  );

  it('an unknown route is a 404', async () => {
    const res = await request(server).get('/v1/no-such-thing');
    expectProblem(res, 404, 'NOT_FOUND');
    expect(res.body.instance).toBe('/v1/no-such-thing');
  });

  it('a NotFoundException keeps its message as detail', async () => {
    const res = await request(server).get('/probe/not-found');
    expectProblem(res, 404, 'NOT_FOUND');
    expect(res.body.detail).toBe('No game with id 42.');
  });

  it('validation lists every problem, and forbids unknown properties', async () => {
    const res = await request(server)
      .post('/probe/validate')
      .send({ side: 'french', expectedVersion: -1, order: { hex: '12' }, extra: true });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    const properties = res.body.errors.map((e: { property: string }) => e.property).sort();
    expect(properties).toEqual(['expectedVersion', 'extra', 'order.hex', 'side']);
  });

  it('a valid body is transformed into the DTO', async () => {
    const res = await request(server)
      .post('/probe/validate')
      .send({ side: 'union', expectedVersion: 3, order: { hex: '1207' } })
      .expect(201);
    expect(res.body).toEqual({ ok: true, isDto: true, version: 3 });
  });

  it('a rule violation carries code and rule', async () => {
    const res = await request(server).get('/probe/rule');
    expectProblem(res, 422, 'ILLEGAL_ORDER');
    expect(res.body.rule).toBe('6.13');
  });

  it('an unexpected error is a 500 that reveals nothing internal', async () => {
    const res = await request(server).get('/probe/crash');
    expectProblem(res, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('a database connection failure is a 503', async () => {
    const res = await request(server).get('/probe/db-down');
    expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
  });

  it('GraphQL errors carry extensions.code', async () => {
    const res = await request(server).post('/graphql').send({ query: '{ health { nope } }' });
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

const embeddedOnly =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? describe.skip : describe;

embeddedOnly('when the embedded database goes away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('GET /health answers 503 problem+json, and GraphQL reports the database down', async () => {
    await request(t.app.getHttpServer()).get('/health').expect(200);
    // Stop the socket server and PGlite under the running app.
    const embedded = t.app.get(EmbeddedDatabaseService) as unknown as {
      embedded: { stop(): Promise<void> };
    };
    await embedded.embedded.stop();
    const res = await request(t.app.getHttpServer()).get('/health');
    expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
    expect(res.body.details.database.status).toBe('down');
    const gql = await request(t.app.getHttpServer())
      .post('/graphql')
      .send({ query: '{ health { status database { status } } }' });
    expect(gql.body.data.health).toEqual({ status: 'error', database: { status: 'down' } });
  });
});
