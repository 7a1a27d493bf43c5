import { INestApplication, Injectable, OnModuleInit } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_KEY_SCHEME } from '../common/http/decorators';
import { COMPONENT_SCHEMAS, RULES_422, routeKey, SUCCESS_DATA, WEBHOOK_EVENTS } from './schemas';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Responses = Operation['responses'];
type Headers = Record<string, { description: string; schema: Record<string, unknown> }>;

export const OPENAPI_JSON_PATH = 'v1/openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const DESCRIPTION = `Stores to-do lists and their items, shares lists and invites members.

Every response is the envelope \`{"data": object|null, "error": string|null}\`; exactly one is non-null.
Clients branch on the HTTP status, never on the error text. Success is always 200.

Authenticate every \`/v1/\` request with the header \`X-API-Key: sk_live_…\` (create keys on the developer page,
\`/developers\`). Each key may make \`RATE_LIMIT_MAX\` (default 120) requests in any rolling \`RATE_LIMIT_WINDOW_S\`
(default 60) seconds, whatever their outcome; refused requests do not count. Every response to a valid key, 429s
included, carries \`RateLimit-Policy: "default";q=<limit>;w=<window s>\` and \`RateLimit: "default";r=<remaining>;t=<s>\`
(\`t\`: seconds until the oldest counted request leaves the window), and a 429 carries \`Retry-After\` (equal to \`t\`).
Requests answered 401 are limited per client address (default 300 per minute); past that they get 429 too.

Any \`POST /v1/\` request may carry \`Idempotency-Key\` (1-255 characters): a repeat with the same key, path and body
returns the stored response with \`Idempotent-Replayed: true\` and changes nothing.`;

/** Routes without a path id that still answer 404: an id in the body names something the caller cannot see. */
const NOT_FOUND_IN_BODY = new Set(['POST /v1/webhooks', 'POST /developers/api/webhooks']);

const envelopeOk = (data: unknown) => ({
  type: 'object',
  required: ['data', 'error'],
  properties: { data, error: { type: 'null' } },
});

const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ description, schema });

const REQUEST_ID = header('Echoes a safe client X-Request-Id, or a new id; logs carry the same id');
const RATE_HEADERS = {
  'RateLimit-Policy': header('The limit in force, e.g. `"default";q=120;w=60`'),
  RateLimit: header('What remains and when the oldest counted request leaves the window, e.g. `"default";r=119;t=60`'),
};

function errorResponse(description: string, headers: Headers = {}) {
  return {
    description,
    headers: { 'X-Request-Id': REQUEST_ID, ...headers } as never,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
}

function hasBody(operation: Operation, method: string): boolean {
  return Boolean(operation.requestBody) || method === 'post' || method === 'patch';
}

/**
 * Completes what the decorators cannot say: the envelope around every response, every
 * status a route can return (API.md section 2, in its order of checks), and the
 * rate-limit, request-id and idempotency headers.
 */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = {
    ...(document.components.schemas ?? {}),
    ...(COMPONENT_SCHEMAS as Record<string, never>),
    ErrorEnvelope: {
      type: 'object',
      required: ['data', 'error'],
      properties: { data: { type: 'null' }, error: { type: 'string', description: 'Human-readable; do not parse' } },
    } as never,
  };

  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = routeKey(method, path);
      const isApi = path.startsWith('/v1/');
      const isPortal = path.startsWith('/developers/api/');
      const usesKey = isApi && Boolean(operation.security?.length);
      const rateHeaders = usesKey ? RATE_HEADERS : {};
      const data = SUCCESS_DATA[key] ?? { type: 'object' };
      const responses: Responses = {};

      const okHeaders: Headers = { 'X-Request-Id': REQUEST_ID, ...rateHeaders };
      if (isApi && method === 'post') {
        okHeaders['Idempotent-Replayed'] = header('`true` when this is a stored response replayed for a repeated Idempotency-Key');
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
      responses['200'] = {
        description: 'Success',
        headers: okHeaders,
        content: { 'application/json': { schema: envelopeOk(data) as never } },
      };

      const takesInput = hasBody(operation, method) || Boolean(operation.parameters?.some((p) => 'in' in p && p.in === 'query'));
      if (takesInput || isPortal) {
        responses['400'] = errorResponse(
          'Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter',
          rateHeaders,
        );
      }
      if (usesKey) responses['401'] = errorResponse('Missing, malformed, unknown or revoked API key');
      if (isPortal && !/signup|login/.test(path)) responses['401'] = errorResponse('No valid session');
      if (key === 'POST /developers/api/login') responses['401'] = errorResponse('Wrong login or password (one generic answer)');
      if (usesKey)
        responses['403'] = errorResponse("The key lacks this route's scope, or the caller's role does not allow the action", rateHeaders);
      if (isPortal && method !== 'get') responses['403'] = errorResponse('Cross-site request (Origin is not this service)');
      if (path.includes('{') || key.startsWith('POST /v1/actions/') || NOT_FOUND_IN_BODY.has(key)) {
        responses['404'] = errorResponse('Not found, or not visible to the caller (indistinguishable)', rateHeaders);
      }
      if (key === 'GET /v1/events') {
        responses['410'] = errorResponse(
          'The cursor is older than the retained events: "cursor expired: read the lists again, then follow the feed from now"',
          rateHeaders,
        );
      }
      if (hasBody(operation, method)) responses['413'] = errorResponse('Body larger than 256 KiB');
      const rule = RULES_422[key] ?? (isApi && method === 'post' ? '' : undefined);
      if (rule !== undefined) {
        const reuse = isApi && method === 'post' ? 'an Idempotency-Key reused with another path or body' : '';
        responses['422'] = errorResponse(`Domain rule: ${[rule, reuse].filter(Boolean).join('; ')}`, rateHeaders);
      }
      if (usesKey || key === 'POST /developers/api/login' || key === 'POST /developers/api/signup') {
        const why = usesKey
          ? "Rate limit exceeded: this key's rolling window is full, or (without a valid key) this address sent too many requests answered 401"
          : 'Too many failed sign-ins or sign-ups for this login (email) or from this address';
        responses['429'] = errorResponse(why, {
          ...rateHeaders,
          'Retry-After': header('Whole seconds to wait before retrying', { type: 'integer', minimum: 1 }),
        });
      }
      responses['500'] = errorResponse('Unexpected failure (generic message; the cause is logged with the request id)');
      responses['503'] = errorResponse('The database cannot be reached right now', {
        'Retry-After': header('Seconds to wait', { type: 'integer' }),
      });
      operation.responses = responses;
    }
  }
  return document;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Shared to-do list service')
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: '`sk_live_` + 64 hex characters' }, API_KEY_SCHEME)
    .addCookieAuth('sid', { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Developer-portal session' })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  return addWebhookEvents(completeDocument(document));
}

/**
 * Mounts the reference (setupOpenApi) while Nest initialises the application, after it has
 * registered the API's own routes and before its not-found handler: module init hooks run
 * between the two. Express tries routes in the order they were registered, so mounted before
 * (as createApp did), the reference's seven routes and its static files were tried, in vain,
 * by every API request first (README, "Where the time goes").
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

/** Serves the document at GET /v1/openapi.json (bare, no key) and the rendered reference at GET /docs. */
export function setupOpenApi(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Shared to-do list service — API reference',
  });
  return document;
}

/**
 * OpenAPI 3.1's `webhooks`: what the service POSTs to a registered endpoint (API.md section 8),
 * signed as Standard Webhooks specifies.
 */
export function addWebhookEvents(document: OpenAPIObject): OpenAPIObject {
  const signed = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
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
  const post = (summary: string, schema: Record<string, unknown>) => ({
    post: {
      summary,
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        '200': { description: 'Any 2xx within the timeout (10 s) acknowledges the delivery' },
        '410': { description: 'Disables the webhook at once' },
        '429': { description: 'Retried later, honouring a longer Retry-After (also on 503)' },
      },
    },
  });
  (document as OpenAPIObject & { webhooks?: Record<string, unknown> }).webhooks = Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([name, event]) => [name, post(event.summary, event.schema)]),
  ) as never;
  return document;
}
