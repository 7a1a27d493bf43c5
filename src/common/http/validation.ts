import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage, validateSync, type ValidatorOptions } from 'class-validator';
import { InvalidInput } from '../errors/domain-error';
import { unicodeTextProblem } from '../text/unicode-text';

/** At most this many problems are named in one error message; the rest are counted. */
export const MESSAGE_MAX_PROBLEMS = 5;

/** `problems` as one bounded message: the first few, then how many more there are. */
export function boundedMessage(problems: readonly string[]): string {
  const named = problems.slice(0, MESSAGE_MAX_PROBLEMS).map((problem) => (problem.length > 200 ? `${problem.slice(0, 200)}…` : problem));
  const rest = problems.length - named.length;
  return rest > 0 ? `${named.join('; ')}; and ${rest} more` : named.join('; ');
}

/** Field names as class-validator words them, for the unknown-field 400 of every route. */
export function unknownFieldsMessage(fields: readonly string[]): string {
  return boundedMessage(fields.map((field) => `property ${printable(field)} should not exist`));
}

/** A client-chosen name, made safe to echo: bounded, with control and unpaired characters escaped. */
function printable(name: string): string {
  const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  return JSON.stringify(shown)
    .slice(1, -1)
    .replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // Decorators that together state one rule share its wording (a share's expires_at): said once.
    const own = [...new Set(Object.values(error.constraints ?? {}))].map((message) =>
      message.startsWith(error.property) && parent ? `${parent}.${message}` : message,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * Every string of a body or query against the shared text rule, without recursion (bodies
 * are at most 32 levels and 1,000 values deep by then, see body-shape.ts). Field names too.
 */
function textProblems(value: unknown): string[] {
  const problems: string[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0 && problems.length <= MESSAGE_MAX_PROBLEMS) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = unicodeTextProblem(current);
      if (problem) problems.push(`${path || 'value'} ${problem}`);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: `${path}[${i}]` });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current).reverse();
      for (const key of keys) {
        const problem = unicodeTextProblem(key);
        if (problem) problems.push(`a field name ${problem}`);
        else stack.push({ value: (current as Record<string, unknown>)[key], path: path ? `${path}.${key}` : key });
      }
    }
  }
  return problems;
}

/** The properties a DTO class declares through class-validator decorators. */
const knownFieldsCache = new WeakMap<object, ReadonlySet<string>>();
function knownFields(metatype: new (...args: never[]) => unknown): ReadonlySet<string> {
  let known = knownFieldsCache.get(metatype);
  if (!known) {
    const metadata = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
    known = new Set(metadata.map((entry) => entry.propertyName));
    knownFieldsCache.set(metatype, known);
  }
  return known;
}

const PLAIN_TYPES: ReadonlyArray<unknown> = [String, Boolean, Number, Array, Object];

/**
 * The one validation path of every body and query: the DTO's class-validator decorators check
 * its shape (types, bounds, enums, formats), with `whitelist` and `forbidNonWhitelisted`, and
 * every failure is one 400 in the envelope, naming at most a few problems. Invariants of a
 * value (an item text, a list name, an email address) are the domain's value objects'; a DTO
 * that must refuse such a value before any lookup calls that rule through a small custom
 * decorator (list-name.dto.ts, invite.dto.ts).
 *
 * Two checks run on the raw value first. Field names are compared with the DTO's declared
 * properties, because class-transformer silently drops what would reach the DTO's prototype
 * (`__proto__`, `constructor`, and names of inherited functions such as `toString`), so
 * `whitelist` never sees them. And every string, field names too, meets the API's text rule
 * (unicode-text.ts), which holds for every field of every route alike.
 */
export class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const { metatype } = metadata;
      if (metatype && !PLAIN_TYPES.includes(metatype) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const known = knownFields(metatype as new (...args: never[]) => unknown);
        const unknown = Object.keys(value).filter((field) => !known.has(field));
        if (unknown.length > 0) throw new InvalidInput('VALIDATION_FAILED', unknownFieldsMessage(unknown));
      }
      const problems = textProblems(value);
      if (problems.length > 0) throw new InvalidInput('INVALID_TEXT', boundedMessage(problems));
    }
    return super.transform(value, metadata);
  }

  /**
   * class-validator's synchronous run of the same decorators. No rule here is asynchronous (a
   * decorator declared `async` would make validateSync refuse it loudly), and the asynchronous
   * run allocates a promise per constraint of every property, which on the busiest routes (a
   * page's query, an add's body) cost more CPU than the rest of the pipe.
   */
  protected override validate(object: object, validatorOptions?: ValidatorOptions): ValidationError[] {
    return validateSync(object, validatorOptions);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new InvalidInput('VALIDATION_FAILED', boundedMessage(flatten(errors)) || 'Invalid request'),
  });
}

/**
 * The pipe `validateInput` runs: the same class as every route's (APP_PIPE), with the same
 * options, so a value checked here fails with the route's words. It holds no per-request state.
 */
let sharedPipe: ValidationPipe | undefined;

/**
 * A body or query that reaches a service without a route's parameter (an MCP tool's
 * arguments), checked exactly as a route's `@Body()` or `@Query()` of `metatype` is: the same
 * unknown-field and text checks, the same decorators, the same 400s.
 */
export async function validateInput<T>(metatype: new () => T, type: 'body' | 'query', value: object): Promise<T> {
  sharedPipe ??= createValidationPipe();
  return (await sharedPipe.transform(value, { type, metatype, data: undefined })) as T;
}
