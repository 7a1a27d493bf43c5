import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { TodoClient } from '../clients/typescript/src/index.ts';
import { buildOpenApiDocuments, operationKey, operationsIn, PORTAL_PREFIX } from '../src/docs/openapi';
import { REFERENCE_SCRIPT_PATH } from '../src/docs/reference-page';
import { API_EXAMPLES, API_TAG_GROUPS, API_TAGS, PORTAL_TAGS } from '../src/docs/reference-table';
import { useTestApp } from './support/test-app';

type Operation = ReturnType<typeof operationsIn>[number]['operation'] & Record<string, unknown>;
type Media = { schema?: object; example?: unknown };
type WithContent = { content?: Record<string, Media> };

const WHERE = 'src/docs/reference-table.ts';

/**
 * What the reference promises a reader (docs/API.md, "The reference"): every public operation
 * with a summary, a tag in reading order and an example request and answer (curl and the
 * TypeScript client) that matches its own schemas; the developer page's routes in a document of
 * their own; one key scheme naming both prefixes. A failure names the route and what to add.
 */
describe('the API reference', () => {
  const t = useTestApp();
  let api: OpenAPIObject;
  let portal: OpenAPIObject;
  let complete: OpenAPIObject;

  beforeAll(() => {
    ({ api, portal, complete } = buildOpenApiDocuments(t.app));
  });

  const publicOperations = () => operationsIn(api).map((entry) => ({ ...entry, operation: entry.operation as Operation }));

  it('splits the routes: the developer page’s in its own document, every other in the public one', () => {
    const paths = Object.keys(complete.paths);
    expect(Object.keys(api.paths).filter((path) => path.startsWith(PORTAL_PREFIX))).toEqual([]);
    expect(Object.keys(portal.paths).filter((path) => !path.startsWith(PORTAL_PREFIX))).toEqual([]);
    expect([...Object.keys(api.paths), ...Object.keys(portal.paths)].sort()).toEqual([...paths].sort());
    expect(JSON.stringify(api)).not.toContain('/developers/api/');
    expect(JSON.stringify(api)).not.toContain(`/${'developers/openapi.json'}`);
  });

  it('offers one key scheme in the public document, naming both prefixes; the session only in the page’s', () => {
    expect(Object.keys(api.components?.securitySchemes ?? {})).toEqual(['ApiKey']);
    const scheme = api.components!.securitySchemes!.ApiKey as { description: string; name: string };
    expect(scheme.name).toBe('X-API-Key');
    expect(scheme.description).toContain('sk_live_');
    expect(scheme.description).toContain('sk_test_');
    const schemes = new Set(publicOperations().flatMap(({ operation }) => (operation.security ?? []).flatMap(Object.keys)));
    expect([...schemes]).toEqual(['ApiKey']);
    expect(Object.keys(portal.components?.securitySchemes ?? {})).toEqual(['sid']);
  });

  it('gives every operation of both documents a summary (@ApiOperation on the route)', () => {
    const missing = [...operationsIn(api), ...operationsIn(portal)]
      .filter(({ operation }) => !operation.summary?.trim())
      .map(({ method, path }) => `${operationKey(method, path)}: add @ApiOperation({ summary }) to its handler`);
    expect(missing).toEqual([]);
    expect(api.paths['/v1/me']?.get?.summary).toBeTruthy();
  });

  it('tags every operation, in reading order, each tag described and in one group of the sidebar', () => {
    const names = API_TAGS.map(({ name }) => name);
    expect(names.slice(0, 4)).toEqual(['Keys and me', 'Lists', 'Items', 'Actions']);
    expect(names.indexOf('Events')).toBeLessThan(names.indexOf('Webhook endpoints'));
    expect(names.indexOf('Webhook endpoints')).toBeLessThan(names.indexOf('Sandbox'));
    expect(names.indexOf('Sandbox')).toBeLessThan(names.indexOf('MCP'));
    expect(api.tags?.map(({ name }) => name)).toEqual(names);
    for (const tag of [...API_TAGS, ...PORTAL_TAGS]) expect(tag.description.length).toBeGreaterThan(20);
    // One capitalisation: each tag starts with a capital letter.
    for (const name of [...names, ...PORTAL_TAGS.map((tag) => tag.name)]) expect(name).toMatch(/^[A-Z]/);
    const grouped = API_TAG_GROUPS.flatMap((group) => group.tags);
    expect(grouped).toEqual(names);
    expect((api as unknown as Record<string, unknown>)['x-tagGroups']).toEqual(API_TAG_GROUPS);

    const untagged = (document: OpenAPIObject, known: string[]) =>
      operationsIn(document)
        .filter(({ operation }) => operation.tags?.length !== 1 || !known.includes(operation.tags[0]))
        .map(({ method, path }) => `${operationKey(method, path)}: add a rule matching its path to the TAG_RULES of ${WHERE}`);
    expect(untagged(api, names)).toEqual([]);
    expect(
      untagged(
        portal,
        PORTAL_TAGS.map((tag) => tag.name),
      ),
    ).toEqual([]);
    // Every tag has operations.
    const used = new Set(publicOperations().flatMap(({ operation }) => operation.tags ?? []));
    expect(names.filter((name) => !used.has(name))).toEqual([]);
  });

  it('has an example request and answer, with code samples, for every public operation, and none for a route that is gone', () => {
    const keys = publicOperations().map(({ method, path }) => operationKey(method, path));
    const missing = keys.filter((key) => !API_EXAMPLES[key]).map((key) => `${key}: add its example to API_EXAMPLES in ${WHERE}`);
    expect(missing).toEqual([]);
    expect(Object.keys(API_EXAMPLES).filter((key) => !keys.includes(key))).toEqual([]);
    for (const { method, path, operation } of publicOperations()) {
      const samples = operation['x-codeSamples'] as Array<{ lang: string; label: string; source: string }>;
      const labels = samples.map((sample) => sample.label);
      expect({ route: operationKey(method, path), labels }).toEqual({
        route: operationKey(method, path),
        labels: path.startsWith('/v1/') ? ['curl', 'TypeScript client'] : ['curl'],
      });
      expect(samples[0].source).toMatch(new RegExp(`^curl -s( -X ${method.toUpperCase()})? 'http://127\\.0\\.0\\.1:3000/`));
      if (operation.security?.length) expect(samples[0].source).toContain('-H "X-API-Key: $TODO_API_KEY"');
    }
  });

  it('gives examples that match the routes’ own schemas (parameters, body and answer)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...api, $id: 'openapi.json' });
    const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    const problems: string[] = [];
    const check = (label: string, ref: string, value: unknown) => {
      const validate = ajv.compile({ $ref: `openapi.json#/${ref}` });
      if (!validate(value)) problems.push(`${label}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const { method, path, operation } of publicOperations()) {
      const route = operationKey(method, path);
      const example = API_EXAMPLES[route];
      const body = (operation.requestBody as WithContent | undefined)?.content?.['application/json'];
      if (example.body !== undefined && body?.schema) {
        expect({ route, body: body.example }).toEqual({ route, body: example.body });
        check(`${route} body`, pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'), example.body);
      }
      const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect({ route, params: Object.keys(example.params ?? {}).sort() }).toEqual({ route, params: [...names].sort() });
      const query = (operation.parameters ?? []).filter((parameter) => 'in' in parameter && parameter.in === 'query') as Array<{
        name: string;
      }>;
      for (const name of Object.keys(example.query ?? {})) {
        if (!query.some((parameter) => parameter.name === name)) problems.push(`${route}: the query has no parameter ${name}`);
      }
      const status = String(example.answer?.status ?? 200);
      const answer = (operation.responses[status] as WithContent | undefined)?.content?.['application/json'];
      if (!answer?.schema) {
        problems.push(`${route}: no JSON answer declared for ${status}`);
        continue;
      }
      expect(answer.example).toBeDefined();
      check(
        `${route} → ${status}`,
        pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema'),
        answer.example,
      );
    }
    expect(problems).toEqual([]);
  });

  it('names, in each TypeScript sample, a method the client has', () => {
    const todo = new TodoClient({
      apiKey: 'sk_test_example',
      baseUrl: 'http://127.0.0.1:1',
      fetch: () => Promise.reject(new Error('unused')),
    });
    const absent = Object.entries(API_EXAMPLES)
      .filter(([, example]) => example.client)
      .filter(([, example]) => {
        const [resource, method] = example.client!.split('.');
        return typeof (todo as unknown as Record<string, Record<string, unknown> | undefined>)[resource]?.[method] !== 'function';
      })
      .map(([key, example]) => `${key}: todo.${example.client} does not exist`);
    expect(absent).toEqual([]);
  });

  it('describes, in the developer page’s document, every route the page’s script calls', () => {
    // The page's script calls its routes as api('METHOD', 'path under /developers/api/'…).
    const script = readFileSync(join(__dirname, '..', 'src', 'modules', 'developers', 'browser', 'app.ts'), 'utf8');
    const shape = (path: string) => path.split('?')[0].replace(/\$\{[^}]*\}|\{\w+\}/g, '{}');
    const called = [...script.matchAll(/\bapi(?:<[^>]*>)?\(\s*'([A-Z]+)',\s*(?:inMode\()?\s*(['`])([^'`]*)\2/g)].map(
      ([, method, , path]) => `${method} ${shape(`/developers/api/${path}`)}`,
    );
    expect(called.length).toBeGreaterThan(5);
    const described = new Set(operationsIn(portal).map(({ method, path }) => `${method.toUpperCase()} ${shape(path)}`));
    expect([...new Set(called)].filter((route) => !described.has(route))).toEqual([]);
  });

  it('links the developer page’s document from the page, and only from there', async () => {
    const page = await request(t.server).get('/developers').expect(200);
    expect(page.text).toContain('href="/developers/openapi.json"');
    expect(JSON.stringify(api)).not.toContain('developers/openapi.json');
  });

  it('serves /docs: the renderer from this service, under a policy that lets nothing else in', async () => {
    const page = await request(t.server)
      .get('/docs')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.text).not.toMatch(/(src|href)="https?:/);
    expect(page.text).toContain('"url": "/v1/openapi.json"');
    // An empty icon of its own: a browser asks no /favicon.ico, which this service does not have (a 404 in every log).
    expect(page.text).toMatch(/<head>\s*<link rel="icon" href="data:,">/);
    const [, script] = /<script src="([^"]+)"/.exec(page.text)!;
    expect(script.startsWith(`${REFERENCE_SCRIPT_PATH}?v=`)).toBe(true);

    const plain = await request(t.server).get(script).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-type']).toMatch(/text\/javascript/);
    expect(plain.headers['cache-control']).toContain('immutable');
    expect(plain.text.length).toBeGreaterThan(1_000_000);
    const zipped = await request(t.server).get(script).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    // A URL without the current version is checked again each time.
    const unversioned = await request(t.server).get(REFERENCE_SCRIPT_PATH).set('Accept-Encoding', 'identity').expect(200);
    expect(unversioned.headers['cache-control']).toBe('no-cache');
  });
});
