import { INestApplication, Injectable, OnModuleInit, type Type } from '@nestjs/common';
import {
  DocumentBuilder,
  getSchemaPath,
  type HeadersObject,
  OpenAPIObject,
  type RequestBodyObject,
  type ResponseObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { ERROR_CAUSES, ErrorEnvelope, requiredScopeHeader, retryAfterHeader } from '../common/http/api-response.decorators';
import { MODES } from '../common/auth/principal';
import { API_KEY_SCHEME, SESSION_SUMMARY } from '../common/http/decorators';
import { MODE_DESCRIPTION } from '../common/http/mode.query';
import { EventResponse } from '../modules/events/http/responses/event.response';
import { WebhookTestEventResponse } from '../modules/webhooks/http/responses/webhook-event.response';
import { addJsonRpcSchemas } from '../modules/mcp/http/mcp.responses';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../common/http/session-cookie';
import { REFERENCE_SCRIPT_PATH, ReferencePage } from './reference-page';
import { type CodeSample, clientSample, curlSample } from './reference-samples';
import {
  API_EXAMPLES,
  API_TAG_GROUPS,
  API_TAG_RULES,
  API_TAGS,
  type OperationExample,
  PORTAL_TAG_RULES,
  PORTAL_TAGS,
  tagOf,
} from './reference-table';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Responses = Operation['responses'];

export const OPENAPI_JSON_PATH = 'v1/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const DESCRIPTION = `Stores to-do lists and their items, shares lists and invites members.

Every response is the envelope \`{"data": object|null, "error": string|null}\`; exactly one is non-null.
Clients branch on the HTTP status, never on the error text. Success is always 200.

Authenticate every \`/v1/\` request with the header \`X-API-Key\`: a live key (\`sk_live_…\`) reaches your lists, a test
key (\`sk_test_…\`) a sandbox of its own (create keys on the developer page, \`/developers\`). Each key may make \`RATE_LIMIT_MAX\` (default 120) requests in any rolling \`RATE_LIMIT_WINDOW_S\`
(default 60) seconds, whatever their outcome; refused requests do not count. Every response to a valid key, 429s
included, carries \`RateLimit-Policy: "default";q=<limit>;w=<window s>\` and \`RateLimit: "default";r=<remaining>;t=<s>\`
(\`t\`: seconds until the oldest counted request leaves the window), and a 429 carries \`Retry-After\` (equal to \`t\`).
Requests answered 401 are limited per client address (default 300 per minute); past that they get 429 too.

Any \`POST /v1/\` request may carry \`Idempotency-Key\` (1-255 characters): a repeat with the same key, path and body
returns the stored response with \`Idempotent-Replayed: true\` and changes nothing.`;

/** The key scheme: both kinds of key. */
const KEY_SCHEME_DESCRIPTION =
  'An API key from the developer page: `sk_live_` + 64 hex characters for live data, or `sk_test_` + 64 hex characters ' +
  "for test mode's sandbox. Its scopes, lists, expiry and addresses bound what it may do (`GET /v1/me` shows them).";

const header = (description: string) => ({ description, schema: { type: 'string' as const } });

const REQUEST_ID = header('Echoes a safe client X-Request-Id, or a new id; logs carry the same id');
const RATE_HEADERS: HeadersObject = {
  'RateLimit-Policy': header('The limit in force, e.g. `"default";q=120;w=60`'),
  RateLimit: header('What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60`'),
};
/**
 * The answers of a keyed route that carry no rate-limit headers: the key is not valid (401), or
 * the request is refused or fails before its key is counted (413 by the body parser, 503, 500).
 */
const WITHOUT_RATE_HEADERS = new Set(['401', '413', '500', '503']);

const errorResponse = (description: string, headers: HeadersObject = {}): ResponseObject => ({
  description,
  headers,
  content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelope) } } },
});

/** What the access guard answers on every route that takes an API key (@RequireScope), in its order of checks. */
const KEYED_ERRORS: Record<string, ResponseObject> = {
  '401': errorResponse('Missing, malformed, unknown, revoked or expired API key'),
  '403': errorResponse(
    'The key is not allowed from this address (before its rate limit counts the request), the route takes test keys only ' +
      "(x-required-mode) and this one is live, the key lacks this route's scope (X-Required-Scope names it), " +
      "or the caller's role does not allow the action",
    requiredScopeHeader(),
  ),
  '429': errorResponse(
    "Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401",
    retryAfterHeader(),
  ),
};

const IDEMPOTENCY_REUSE = 'an Idempotency-Key reused with another path or body';

const answersJson = (responses: Responses): boolean =>
  Object.entries(responses).some(
    ([status, response]) =>
      status.startsWith('2') && response !== undefined && 'application/json' in ((response as ResponseObject).content ?? {}),
  );

/**
 * Adds what every route of a kind answers, beside what its own decorators declare (its
 * success with ApiDataResponse, its own errors with ApiErrorResponse(s) and ApiRuleResponse):
 * the request id on every answer; on a route that takes an API key (its `ApiKey` security
 * requirement, set by @RequireScope) the guard's 401, 403 and 429 and the rate-limit headers;
 * on a `POST /v1/` route (all declared with @IdempotentPost) the Idempotency-Key parameter,
 * the replay header and the 422 of a reused key; 400 and 413 where the body parser and the
 * validation pipe read input. 500 and 503 are global responses (buildOpenApiDocument).
 */
export function addCommonResponses(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const responses: Responses = { ...operation.responses };
      const keyed = Boolean(operation.security?.some((requirement) => API_KEY_SCHEME in requirement));
      const idempotent = path.startsWith('/v1/') && method === 'post';
      const hasBody = Boolean(operation.requestBody) || method === 'post' || method === 'patch';
      const hasQuery = Boolean(operation.parameters?.some((parameter) => 'in' in parameter && parameter.in === 'query'));

      if (answersJson(responses) && (hasBody || hasQuery)) responses['400'] ??= errorResponse(ERROR_CAUSES[400]);
      if (hasBody) responses['413'] ??= errorResponse(ERROR_CAUSES[413]);
      if (keyed) for (const [status, response] of Object.entries(KEYED_ERRORS)) responses[status] ??= response;
      if (idempotent) {
        const rule = responses['422'] as ResponseObject | undefined;
        responses['422'] = rule
          ? { ...rule, description: `${rule.description}; ${IDEMPOTENCY_REUSE}` }
          : errorResponse(`Domain rule: ${IDEMPOTENCY_REUSE}`);
        operation.parameters = [
          ...(operation.parameters ?? []),
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Makes the request idempotent for 24 hours (per account, path and body)',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ];
      }

      const ordered = Object.keys(responses).sort();
      operation.responses = Object.fromEntries(
        ordered.map((status) => {
          const response = responses[status] as ResponseObject;
          const headers: HeadersObject = { 'X-Request-Id': REQUEST_ID };
          if (keyed && !WITHOUT_RATE_HEADERS.has(status)) Object.assign(headers, RATE_HEADERS);
          if (idempotent && status === '200') {
            headers['Idempotent-Replayed'] = header('`true` when this is a stored response replayed for a repeated Idempotency-Key');
          }
          return [status, { ...response, headers: { ...headers, ...response.headers } }];
        }),
      );
    }
  }
  return document;
}

/** The developer page's session, in the document's security schemes (DocumentBuilder.addCookieAuth), as @ApiCookieAuth('sid') names it. */
const SESSION_SCHEME = 'sid';
const MODE_PARAMETER = {
  name: 'mode',
  required: false,
  in: 'query' as const,
  description: MODE_DESCRIPTION,
  schema: { enum: [...MODES], type: 'string' as const },
};

/**
 * The developer page's form of each route it shares with the API (@SessionOrKey: one handler at
 * `/v1/…` and `/developers/api/…`). Nest's scanner describes both paths alike, as keyed, so on
 * the page's path the operation becomes the portal's: its own id (`Portal…`), tag and summary
 * (@ApiSessionSummary, where the page words it differently), the session instead of a key (no
 * scope, no mode requirement), `?mode=` unless the route is of one mode, the session's 401 and,
 * on a mutation, the same-origin 403; its path is listed after the API's, with the page's own.
 * Runs before addCommonResponses, which then adds nothing a key would get (rate-limit headers,
 * the key's errors, Idempotency-Key).
 */
export function addSessionForms(document: OpenAPIObject): OpenAPIObject {
  const sessionPaths: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (Operation & Record<string, unknown>) | undefined;
      const sessionSummary = operation?.[SESSION_SUMMARY] as string | undefined;
      if (sessionSummary !== undefined) delete operation![SESSION_SUMMARY];
      if (!path.startsWith('/developers/') || !operation?.security?.some((requirement) => API_KEY_SCHEME in requirement)) continue;
      if (!sessionPaths.includes(path)) sessionPaths.push(path);
      if (sessionSummary !== undefined) operation.summary = sessionSummary;
      const ofOneMode = operation['x-required-mode'] !== undefined;
      operation.operationId = `Portal${operation.operationId}`;
      operation.security = [{ [SESSION_SCHEME]: [] }];
      delete operation['x-required-scope'];
      delete operation['x-required-mode'];
      if (!ofOneMode) operation.parameters = [...(operation.parameters ?? []), { ...MODE_PARAMETER, schema: { ...MODE_PARAMETER.schema } }];
      const responses: Responses = { ...operation.responses, '401': errorResponse('No valid session') };
      if (method !== 'get') responses['403'] = errorResponse('Cross-site request (Origin is not this service)');
      operation.responses = responses;
    }
  }
  // Listed with the page's other routes, after the API's.
  for (const path of sessionPaths) {
    const item = document.paths[path];
    delete document.paths[path];
    document.paths[path] = item;
  }
  return document;
}

/**
 * The whole document, the API's routes and the developer page's alike: what the checks of the
 * answers (test/support/openapi-validator.ts) read. It is served split in two
 * (buildOpenApiDocuments).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Shared to-do list service')
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: KEY_SCHEME_DESCRIPTION }, API_KEY_SCHEME)
    .addCookieAuth(
      SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: "The developer page's session" },
      SESSION_SCHEME,
    )
    .addGlobalResponse(
      { status: 500, description: ERROR_CAUSES[500], type: ErrorEnvelope },
      { status: 503, description: ERROR_CAUSES[503], type: ErrorEnvelope, headers: retryAfterHeader('Seconds to wait', {}) },
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    // A handler served at several paths (@SessionOrKey) is one operation per path, all named after the handler.
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method.replace(/\[\d+\]$/, '')}`,
    extraModels: [ErrorEnvelope, EventResponse, WebhookTestEventResponse],
    // Tags come from the reference's table (reference-table.ts), by path.
    autoTagControllers: false,
  });
  return addJsonRpcSchemas(addWebhookEvents(addCommonResponses(addSessionForms(document))));
}

export interface OpenApiDocuments {
  /** Every route (buildOpenApiDocument). */
  complete: OpenAPIObject;
  /** The API's: served at /v1/openapi.json and rendered at /docs. */
  api: OpenAPIObject;
  /** The developer page's own routes (`/developers…`), served at /developers/openapi.json. */
  portal: OpenAPIObject;
}

export const PORTAL_PREFIX = '/developers';
export const PORTAL_JSON_PATH = 'developers/openapi.json';

export function buildOpenApiDocuments(app: INestApplication): OpenApiDocuments {
  const complete = buildOpenApiDocument(app);
  return { complete, api: publicDocument(complete), portal: portalDocument(complete) };
}

/** `"GET /v1/lists"`: how the reference's table names an operation. */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Each operation of `document`, with its method and path. */
export function operationsIn(document: OpenAPIObject): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

/** A copy of `document` with only the paths `keep` accepts, its security schemes to `schemes`, and no schema nothing uses. */
function subset(document: OpenAPIObject, keep: (path: string) => boolean, schemes: string[]): OpenAPIObject {
  const copy = structuredClone(document);
  copy.paths = Object.fromEntries(Object.entries(copy.paths).filter(([path]) => keep(path)));
  const securitySchemes = copy.components?.securitySchemes ?? {};
  copy.components = {
    ...copy.components,
    securitySchemes: Object.fromEntries(Object.entries(securitySchemes).filter(([name]) => schemes.includes(name))),
  };
  return copy;
}

/** Drops the component schemas that no path, webhook or used schema refers to. */
export function pruneSchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const refsIn = (value: unknown, into: Set<string>): void => {
    if (Array.isArray(value)) value.forEach((inner) => refsIn(inner, into));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
          into.add(inner.slice('#/components/schemas/'.length));
        } else refsIn(inner, into);
      }
    }
  };
  const used = new Set<string>();
  refsIn([document.paths, document.webhooks ?? {}], used);
  for (let queue = [...used]; queue.length > 0;) {
    const found = new Set<string>();
    refsIn(schemas[queue.pop()!], found);
    for (const name of found) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  document.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return document;
}

/**
 * The public reference: every route but the developer page's, tagged in reading order, each with
 * its example request and answer (request body, parameters and answer examples, and code
 * samples in curl and the TypeScript client as `x-codeSamples`) from the reference's table.
 */
export function publicDocument(complete: OpenAPIObject): OpenAPIObject {
  const document = subset(complete, (path) => !path.startsWith(PORTAL_PREFIX), [API_KEY_SCHEME]);
  for (const { method, path, operation } of operationsIn(document)) {
    const tag = tagOf(API_TAG_RULES, path);
    operation.tags = tag ? [tag] : [];
    const example = API_EXAMPLES[operationKey(method, path)];
    if (example) addExample(method, path, operation, example);
  }
  // Paths in reading order too, for whoever reads the JSON: by their tag's place, then as declared.
  const rank = (item: object) => {
    const tag = Object.values(item as Record<string, Operation | undefined>).find((operation) => operation?.tags?.length)?.tags?.[0];
    const index = API_TAGS.findIndex(({ name }) => name === tag);
    return index < 0 ? API_TAGS.length : index;
  };
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([, a], [, b]) => rank(a) - rank(b)));
  document.tags = API_TAGS.map((tag) => ({ ...tag }));
  (document as OpenAPIObject & Record<string, unknown>)['x-tagGroups'] = API_TAG_GROUPS.map((group) => ({
    ...group,
    tags: [...group.tags],
  }));
  return pruneSchemas(document);
}

/** The developer page's routes, for whoever works on the page: not a public API. */
export function portalDocument(complete: OpenAPIObject): OpenAPIObject {
  const document = subset(complete, (path) => path.startsWith(PORTAL_PREFIX), [SESSION_SCHEME]);
  delete document.webhooks;
  document.info = {
    ...document.info,
    title: 'Shared to-do list service — developer page',
    description:
      'The routes of the developer page (`/developers`): its HTML and script, and the JSON routes its script calls with the ' +
      'session cookie. They serve the page and change with it; integrations use the API (`/v1/openapi.json`, rendered at `/docs`).',
  };
  for (const { path, operation } of operationsIn(document)) {
    const tag = tagOf(PORTAL_TAG_RULES, path);
    operation.tags = tag ? [tag] : [];
  }
  document.tags = PORTAL_TAGS.map((tag) => ({ ...tag }));
  return pruneSchemas(document);
}

/** Puts `example` into `operation`: parameters, request body, the answer and the code samples. */
function addExample(method: string, path: string, operation: Operation, example: OperationExample): void {
  for (const parameter of operation.parameters ?? []) {
    if (!('in' in parameter)) continue;
    const value =
      parameter.in === 'path' ? example.params?.[parameter.name] : parameter.in === 'query' ? example.query?.[parameter.name] : undefined;
    if (value !== undefined) parameter.example = value;
  }
  const requestBody = operation.requestBody as RequestBodyObject | undefined;
  const requestJson = requestBody?.content?.['application/json'];
  if (requestJson && example.body !== undefined) requestJson.example = example.body;
  const answer = example.answer ?? { status: 200, body: { data: example.data ?? null, error: null } };
  const response = operation.responses[String(answer.status)] as ResponseObject | undefined;
  const responseJson = response?.content?.['application/json'];
  if (responseJson) responseJson.example = answer.body;
  const keyed = Boolean(operation.security?.some((requirement) => API_KEY_SCHEME in requirement));
  const samples: CodeSample[] = [{ lang: 'Shell', label: 'curl', source: curlSample(method, path, example, keyed) }];
  if (path.startsWith('/v1/') && operation.operationId) {
    samples.push({ lang: 'TypeScript', label: 'TypeScript client', source: clientSample(operation.operationId, path, example) });
  }
  (operation as Operation & Record<string, unknown>)['x-codeSamples'] = samples;
}

/**
 * OpenAPI 3.1's `webhooks`: what the service POSTs to a registered endpoint (API.md section 8),
 * signed as Standard Webhooks specifies.
 */
export function addWebhookEvents(document: OpenAPIObject): OpenAPIObject {
  const signed = (name: string, description: string) => ({
    name,
    in: 'header' as const,
    required: true,
    description,
    schema: { type: 'string' as const },
  });
  const parameters = [
    signed('webhook-id', "The event's id; the same on every retry of it: drop duplicates by it"),
    signed('webhook-timestamp', 'Unix seconds of this attempt'),
    signed(
      'webhook-signature',
      '`v1,<base64 of HMAC-SHA256(secret bytes, "{webhook-id}.{webhook-timestamp}.{body}")>`, where the secret bytes are the ' +
        'base64 after `whsec_`; during a rotation two signatures, space-separated (either verifies)',
    ),
  ];
  const post = (summary: string, model: Type<unknown>) => ({
    post: {
      summary,
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: getSchemaPath(model) } } } },
      responses: {
        '200': { description: 'Any 2xx within the timeout (10 s) acknowledges the delivery' },
        '410': { description: 'Disables the webhook at once' },
        '429': { description: 'Retried later, honouring a longer Retry-After (also on 503)' },
      },
    },
  });
  document.webhooks = {
    'webhook.test': post('Sent by POST /v1/webhooks/{id}/test to that endpoint only', WebhookTestEventResponse),
    event: post(
      'Any change to a list, its items or its members, to the matching webhooks of everyone who could see the list',
      EventResponse,
    ),
  };
  return document;
}

/**
 * Mounts the reference (setupOpenApi) while Nest initialises the application, after it has
 * registered the API's own routes and before its not-found handler: module init hooks run
 * between the two. Express tries routes in the order they were registered: mounted before the
 * API's routes, the reference's routes would be tried, in vain, by every API request first.
 */
@Injectable()
export class OpenApiRoutes implements OnModuleInit {
  private app?: INestApplication;

  /** Called by createApp before the application initialises. */
  mountOn(app: INestApplication): void {
    this.app = app;
  }

  onModuleInit(): void {
    if (this.app) setupOpenApi(this.app);
  }
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
};

/**
 * Serves the public document at GET /v1/openapi.json, the developer page's at
 * GET /developers/openapi.json (both bare, no key), and the rendered reference at GET /docs
 * (reference-page.ts), whose script is served from the renderer's npm package.
 */
export function setupOpenApi(app: INestApplication): OpenApiDocuments {
  const documents = buildOpenApiDocuments(app);
  const http = app.getHttpAdapter();
  const serveJson = (document: OpenAPIObject) => {
    const body = JSON.stringify(document);
    return (_request: Request, response: Response) => void response.set(JSON_HEADERS).send(body);
  };
  http.get(`/${OPENAPI_JSON_PATH}`, serveJson(documents.api));
  http.get(`/${PORTAL_JSON_PATH}`, serveJson(documents.portal));
  const page = new ReferencePage(`/${OPENAPI_JSON_PATH}`);
  http.get('/docs', (request: Request, response: Response) => page.serveHtml(request, response));
  http.get(REFERENCE_SCRIPT_PATH, (request: Request, response: Response) => page.serveScript(request, response));
  return documents;
}
