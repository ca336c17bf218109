import { Controller, Get } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { parse } from 'yaml';
import { createHttpAdapter } from '../../src/common/http-adapter';
import { createTestApp, TestApp } from '../support/app';
import {
  appOperations,
  compareWithSpec,
  expectMatchesSpec,
  loadOpenApi,
  matchSpecPath,
  specOperations,
  validateResponse,
} from '../support/openapi';

describe('openapi.yaml is the contract of the REST API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('describes every route the app serves, and the app serves every operation it describes', () => {
    const served = appOperations(t.app);
    expect(served.length).toBeGreaterThan(0);
    const { undocumented, unserved } = compareWithSpec(served);
    // Add a missing route to openapi.yaml (paths.<path>.<method>), or remove a stale one.
    expect({ undocumented, unserved }).toEqual({ undocumented: [], unserved: [] });
  });

  it('is OpenAPI 3.1', () => {
    expect(loadOpenApi().openapi).toMatch(/^3\.1\./);
  });

  it('is served at GET /v1/openapi.yaml, identical to the file', async () => {
    const res = await request(t.app.getHttpServer()).get('/v1/openapi.yaml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parse(res.text)).toEqual(loadOpenApi());
    expectMatchesSpec(res);
  });

  it('GET /health matches its schema', async () => {
    expectMatchesSpec(await request(t.app.getHttpServer()).get('/health').expect(200));
  });

  it('the response validator catches a body that breaks the schema', () => {
    const fake = {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { status: 'fine' },
      req: { method: 'GET', path: '/health' },
    };
    const problems = validateResponse(fake);
    expect(problems.join('\n')).toMatch(/required property 'details'/);
    expect(problems.join('\n')).toMatch(/allowed values/);
    expect(() => expectMatchesSpec(fake)).toThrow(/does not match openapi.yaml/);
  });

  it('the response validator catches undescribed statuses and media types', () => {
    const base = { headers: { 'content-type': 'application/json' }, body: {} };
    expect(
      validateResponse({ ...base, status: 418 }, { method: 'GET', path: '/health' })[0],
    ).toMatch(/status 418 is not described/);
    expect(
      validateResponse(
        { status: 200, headers: { 'content-type': 'text/html' }, text: '<p>' },
        { method: 'GET', path: '/health' },
      )[0],
    ).toMatch(/content type "text\/html"/);
    expect(
      validateResponse({ ...base, status: 200 }, { method: 'GET', path: '/nowhere' })[0],
    ).toMatch(/not in openapi.yaml/);
  });

  it('matches concrete paths to templates', () => {
    expect(matchSpecPath('/health?x=1')).toBe('/health');
    expect(specOperations()).toContainEqual({ method: 'GET', path: '/health' });
  });
});

@Controller('v1/undocumented')
class UndocumentedController {
  @Get(':id')
  get(): string {
    return 'x';
  }
}

describe('the contract check itself', () => {
  it('fails when the app serves a route the file does not describe', async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [UndocumentedController],
    }).compile();
    const app = moduleRef.createNestApplication(createHttpAdapter({ trustProxy: false }), {
      logger: false,
    });
    await app.init();
    try {
      const { undocumented, unserved } = compareWithSpec(appOperations(app));
      expect(undocumented).toEqual(['GET /v1/undocumented/{id}']);
      expect(unserved).toContain('GET /health');
    } finally {
      await app.close();
    }
  });
});
