import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import { buildOpenApiDocument } from '../../src/docs/openapi';

/** `GET /v1/lists/{}` for both the document's `/v1/lists/{id}` and Express's `/v1/lists/:id`. */
const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z_]+/g, '{}')}`;

export interface RecordedResponse {
  method: string;
  /** The route template Express matched (`/v1/lists/:id`), or null for an unknown route. */
  route: string | null;
  status: number;
  body: unknown;
}

/** Express middleware recording every JSON response the app sends. */
export function responseRecorder(sink: RecordedResponse[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      res.once('finish', () => {
        const matched = (req.route as { path?: string } | undefined)?.path;
        // Nest's catch-all not-found handler is a route too; it is "no route" here.
        const route = matched && !matched.includes('*') ? matched : null;
        sink.push({ method: req.method, route, status: res.statusCode, body });
      });
      return json(body);
    };
    next();
  };
}

/**
 * Checks recorded responses against the app's own OpenAPI document: each status must be
 * documented for its route, and each body must match the documented schema. Returns
 * one line per violation.
 */
export function validateAgainstOpenApi(app: INestApplication, responses: RecordedResponse[]): string[] {
  if (responses.length === 0) return [];
  const document: OpenAPIObject = buildOpenApiDocument(app);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' });

  const operations = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) operations.set(routeKey(method, path), `${path}\u0000${method}`);
  }
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
  const validatorFor = (ref: string) => {
    if (!validators.has(ref)) validators.set(ref, ajv.compile({ $ref: ref }));
    return validators.get(ref)!;
  };

  const problems: string[] = [];
  for (const response of responses) {
    const label = `${response.method} ${response.route ?? '(no route)'} → ${response.status}`;
    let ref = 'openapi.json#/components/schemas/ErrorEnvelope';
    if (response.route) {
      if (response.route.startsWith('/v1/test-')) continue; // test-only routes
      if (response.route === '/docs' || response.route.startsWith('/docs/')) continue; // the rendered reference, not the API
      const operation = operations.get(routeKey(response.method, response.route));
      if (!operation) {
        problems.push(`${label}: route missing from the OpenAPI document`);
        continue;
      }
      const [path, method] = operation.split('\u0000');
      const documented = (document.paths[path] as Record<string, { responses: Record<string, unknown> }>)[method].responses;
      if (!documented[String(response.status)]) {
        problems.push(`${label}: status not documented (documented: ${Object.keys(documented).join(', ')})`);
        continue;
      }
      ref = `openapi.json#/${pointer('paths', path, method, 'responses', String(response.status), 'content', 'application/json', 'schema')}`;
    }
    const validate = validatorFor(ref);
    if (!validate(response.body)) {
      problems.push(
        `${label}: body does not match the document: ${ajv.errorsText(validate.errors)} — ${JSON.stringify(response.body).slice(0, 300)}`,
      );
    }
  }
  return [...new Set(problems)];
}
