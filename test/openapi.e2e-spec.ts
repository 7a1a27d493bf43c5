import { Controller, Get, Module } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { ApiDataResponse, EmptyResponse, SuccessEnvelope } from '../src/common/http/api-response.decorators';
import { SESSION_OR_KEY } from '../src/common/http/decorators';
import { buildOpenApiDocument, buildOpenApiDocuments } from '../src/docs/openapi';
import { JSON_RPC_RESPONSE } from '../src/modules/mcp/http/mcp.responses';
import { ListData } from '../src/modules/lists/application/responses/list.response';
import { useTestApp } from './support/test-app';

type Schema = { $ref?: string; allOf?: Schema[]; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema>; type?: unknown };
type Response = { description: string; content?: Record<string, { schema?: Schema }> };
type Operation = { operationId?: string; responses: Record<string, Response> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operationsOf(document: OpenAPIObject): Array<{ label: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      return operation ? [{ label: `${method.toUpperCase()} ${path}`, operation }] : [];
    }),
  );
}

const componentOf = (document: OpenAPIObject, ref: string): Schema | undefined =>
  document.components?.schemas?.[ref.slice('#/components/schemas/'.length)];

/** The `data` schema of an answer declared with ApiDataResponse: SuccessEnvelope joined with `{data}`. */
function dataOf(schema: Schema | undefined): Schema | undefined {
  const parts = schema?.allOf ?? [];
  if (!parts.some((part) => part.$ref === getSchemaPath(SuccessEnvelope))) return undefined;
  return parts.find((part) => part.properties?.data)?.properties?.data;
}

/** `data` names a component with declared properties (directly, as array items, or nullable), or the declared Empty. */
function declaresFields(document: OpenAPIObject, data: Schema): boolean {
  const named = data.anyOf?.find((option) => option.type !== 'null') ?? data;
  const ref = (named.items ?? named).$ref;
  if (!ref) return false;
  if (ref === getSchemaPath(EmptyResponse)) return true;
  return Object.keys(componentOf(document, ref)?.properties ?? {}).length > 0;
}

/** The operation answers MCP's JSON-RPC rather than the envelope (API.md section 11): its 200 says so. */
const answersJsonRpc = (operation: Operation): boolean =>
  operation.responses['200']?.content?.['application/json']?.schema?.$ref === getSchemaPath(JSON_RPC_RESPONSE);

/**
 * One line per operation whose success is not declared: no 2xx at all, a 2xx without content
 * (what Nest's scanner writes for a route without response decorators), JSON outside the
 * envelope, or `data` without fields. A route that answers no JSON declares its media type
 * (ApiNonJsonResponse) and passes; so does the MCP endpoint, whose 200 is a declared JSON-RPC
 * message and whose 202 (a notification accepted) has no body, and a method declared as not
 * served (only a 405).
 */
function undeclaredSuccesses(document: OpenAPIObject): string[] {
  const problems: string[] = [];
  for (const { label, operation } of operationsOf(document)) {
    const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
    if (successes.length === 0 && operation.responses['405']) continue;
    if (successes.length === 0) problems.push(`${label}: no success response declared`);
    if (answersJsonRpc(operation)) continue;
    for (const [status, response] of successes) {
      const content = response.content ?? {};
      if (Object.keys(content).length === 0) {
        problems.push(`${label} → ${status}: no content (declare it with ApiDataResponse, or ApiNonJsonResponse for a page)`);
        continue;
      }
      if (!content['application/json']) continue;
      const data = dataOf(content['application/json'].schema);
      if (!data) problems.push(`${label} → ${status}: JSON outside the {data, error} envelope (declare it with ApiDataResponse)`);
      else if (!declaresFields(document, data)) problems.push(`${label} → ${status}: data names no response class with properties`);
    }
  }
  return problems;
}

describe('OpenAPI document: every route declares its answer', () => {
  const t = useTestApp({}, { imports: [DiscoveryModule] });

  it('documents a success with fields, or an explicit non-JSON answer, for every operation', () => {
    const document = buildOpenApiDocument(t.app);
    expect(operationsOf(document).length).toBeGreaterThan(40);
    expect(undeclaredSuccesses(document)).toEqual([]);
  });

  it('documents every route handler of every controller', () => {
    const document = buildOpenApiDocument(t.app);
    const documented = new Set(operationsOf(document).map(({ operation }) => operation.operationId));
    const scanner = t.app.get(MetadataScanner);
    const missing: string[] = [];
    let handlers = 0;
    for (const { instance, metatype } of t.app.get(DiscoveryService).getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      // A controller may serve several paths: the API's and, for a @SessionOrKey() one, the developer page's.
      const controllerPaths = [Reflect.getMetadata(PATH_METADATA, metatype) as string | string[]].flat();
      const session = Reflect.getMetadata(SESSION_OR_KEY, metatype) === true;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[name] as object;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        for (const controllerPath of controllerPaths) {
          handlers += 1;
          // The document's operation ids are `<controller without "Controller">_<method>` (buildOpenApiDocument),
          // `Portal…` on the developer page's path of a route it shares (addSessionForms).
          const portal = session && controllerPath.startsWith('developers/') ? 'Portal' : '';
          const id = `${portal}${metatype.name.replace(/Controller$/, '')}_${name}`;
          if (!documented.has(id)) missing.push(`${metatype.name}.${name} at ${controllerPath}`);
        }
      }
    }
    expect(handlers).toBe(documented.size);
    expect(missing).toEqual([]);
  });

  it("serves the public part of the document it builds at GET /v1/openapi.json, the developer page's at /developers/openapi.json", async () => {
    const { api, portal } = buildOpenApiDocuments(t.app);
    const served = (await request(t.server).get('/v1/openapi.json').expect(200)).body as OpenAPIObject;
    expect(served).toEqual(JSON.parse(JSON.stringify(api)));
    const servedPortal = (await request(t.server).get('/developers/openapi.json').expect(200)).body as OpenAPIObject;
    expect(servedPortal).toEqual(JSON.parse(JSON.stringify(portal)));
  });
});

describe('the check itself', () => {
  @Controller('probe')
  class ProbeController {
    @Get('declared')
    @ApiDataResponse(ListData)
    declared() {
      return { list: null };
    }

    @Get('bare')
    bare() {
      return {};
    }
  }

  @Module({ controllers: [ProbeController] })
  class ProbeModule {}

  it('names a route that declares no answer, and passes one that does', async () => {
    const app = (await Test.createTestingModule({ imports: [ProbeModule] }).compile()).createNestApplication();
    const problems = undeclaredSuccesses(buildOpenApiDocument(app));
    await app.close();
    expect(problems).toEqual(['GET /probe/bare → 200: no content (declare it with ApiDataResponse, or ApiNonJsonResponse for a page)']);
  });
});
