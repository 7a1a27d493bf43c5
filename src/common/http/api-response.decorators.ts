import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiProperty,
  ApiResponse,
  ApiSchema,
  getSchemaPath,
  type ApiPropertyOptions,
  type HeadersObject,
} from '@nestjs/swagger';
import { SCOPES } from '../auth/scopes';

/**
 * The success envelope's fixed part: `error` is null. `data` is given per route by
 * ApiDataResponse, which joins this schema with the route's own (allOf).
 */
@ApiSchema({ name: 'SuccessEnvelope', description: 'Every success: the answer in `data` (its shape is given per route), `error` null' })
export class SuccessEnvelope {
  @ApiProperty({ type: 'null' })
  error!: null;
}

/** What every error answers, whatever its status. */
@ApiSchema({ name: 'ErrorEnvelope', description: 'Every error: `data` null, a human-readable message in `error`' })
export class ErrorEnvelope {
  @ApiProperty({ type: 'null' })
  data!: null;

  @ApiProperty({ description: 'Human-readable; do not parse' })
  error!: string;
}

/** The `data` of a route that has nothing to report but its success (a deletion, a sign-out). */
@ApiSchema({ name: 'Empty', description: 'Nothing to report beyond success' })
export class EmptyResponse {}

export interface ApiDataResponseOptions {
  /** 200 unless given: every success of the contract answers 200. */
  status?: number;
  description?: string;
  /** `data` is an array of the model. */
  isArray?: boolean;
  /** `data` may be null. */
  nullable?: boolean;
  headers?: HeadersObject;
}

/**
 * A JSON answer in the envelope, `{data: <model>, error: null}`: the SuccessEnvelope schema
 * joined (allOf) with `data` referring to the model's schema, as Nest documents for generic
 * wrapper types. Every JSON route declares its answer with it, beside the route.
 */
export function ApiDataResponse(model: Type<unknown>, options: ApiDataResponseOptions = {}) {
  const reference = { $ref: getSchemaPath(model) };
  const one = options.isArray ? { type: 'array' as const, items: reference } : reference;
  const data = options.nullable ? { anyOf: [one, { type: 'null' as const }] } : one;
  return applyDecorators(
    ApiExtraModels(SuccessEnvelope, model),
    ApiResponse({
      status: options.status ?? HttpStatus.OK,
      description: options.description ?? 'Success',
      headers: options.headers,
      schema: { allOf: [{ $ref: getSchemaPath(SuccessEnvelope) }, { type: 'object', required: ['data'], properties: { data } }] },
    }),
  );
}

/** The statuses of the contract's errors (docs/API.md, section 2). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 410 | 412 | 413 | 422 | 429 | 500 | 503;

/** `Retry-After` as the 429 and 503 answers carry it. */
export const retryAfterHeader = (
  description = 'Whole seconds to wait before retrying',
  bounds: { minimum?: number } = { minimum: 1 },
): HeadersObject => ({
  'Retry-After': { description, schema: { type: 'integer', ...bounds } },
});

/** `X-Required-Scope` as a 403 for a missing scope carries it (MissingScope): the scope the route needs. */
export const requiredScopeHeader = (): HeadersObject => ({
  'X-Required-Scope': {
    description: "On a 403 for a missing scope: the route's scope, the one the key lacks (absent on other 403s)",
    schema: { type: 'string', enum: [...SCOPES] },
  },
});

/** An error answer of a route (or of every route of a controller): the ErrorEnvelope, with a description of its cause. */
export const ApiErrorResponse = (status: ErrorStatus, description: string, headers?: HeadersObject) =>
  applyDecorators(
    ApiExtraModels(ErrorEnvelope),
    ApiResponse({ status, description, headers, schema: { $ref: getSchemaPath(ErrorEnvelope) } }),
  );

/** The causes that read the same on every route that can answer them. */
export const ERROR_CAUSES = {
  400: 'Malformed JSON, wrong Content-Type, missing/unknown/out-of-bounds field or query parameter',
  404: 'Not found, or not visible to the caller (indistinguishable)',
  413: 'Body larger than 256 KiB',
  500: 'Unexpected failure (generic message; the cause is logged with the request id)',
  503: 'The database cannot be reached right now',
} as const satisfies Partial<Record<ErrorStatus, string>>;

/** Error answers whose cause reads the same everywhere (ERROR_CAUSES), e.g. `@ApiErrorResponses(404)`. */
export const ApiErrorResponses = (...statuses: Array<keyof typeof ERROR_CAUSES>) =>
  applyDecorators(...statuses.map((status) => ApiErrorResponse(status, ERROR_CAUSES[status])));

/** A 422: the domain rule the request would break, as the route's own words. */
export const ApiRuleResponse = (rule: string) => ApiErrorResponse(422, `Domain rule: ${rule}`);

/**
 * A route that answers no JSON (a page, a script): its media type and what it is, so the
 * document says so rather than showing an empty JSON answer.
 */
export const ApiNonJsonResponse = (mediaType: string, description: string) =>
  ApiResponse({ status: HttpStatus.OK, description, content: { [mediaType]: { schema: { type: 'string' } } } });

const EXAMPLE_TIME = '2026-11-22T09:15:03.120Z';

/** An ISO 8601 UTC timestamp with milliseconds, as every `*_at` field of the contract. */
export const ApiTimestampProperty = (options: ApiPropertyOptions = {}) =>
  ApiProperty({
    type: String,
    format: 'date-time',
    ...(options.nullable ? {} : { examples: [EXAMPLE_TIME] }),
    ...options,
  });

/** An opaque identifier. */
export const ApiIdProperty = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: String, description: 'Opaque identifier', ...options });
