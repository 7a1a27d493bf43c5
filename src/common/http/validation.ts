import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
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
    const own = Object.values(error.constraints ?? {}).map((message) =>
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
 * A DTO's quick acceptance: the DTO's fields as class-transformer would make them, for a value
 * its class-validator rules certainly accept, or undefined when unsure. It runs after the
 * field-name and text checks, so it sees only declared fields.
 */
export type QuickAcceptance = (value: Readonly<Record<string, unknown>>) => Record<string, unknown> | undefined;

const quickAcceptances = new WeakMap<object, QuickAcceptance>();

/**
 * Lets the validation pipe take a value of the busiest DTOs (the actions' body, a page of
 * items' query) without class-transformer and class-validator, which together cost more
 * Node CPU per request than the statement behind the route (README, "Where the time goes").
 * `accept` must answer only for values the class's decorators accept, as the DTO instance
 * they would build; anything else (undefined) goes the full way, which decides and words the
 * error, so a quick acceptance can never change an answer, only skip work. A spec beside each
 * DTO checks the two agree on valid and invalid values alike.
 */
export const AcceptsQuickly =
  (accept: QuickAcceptance): ClassDecorator =>
  (target) => {
    quickAcceptances.set(target, accept);
  };

/** The DTO instance `accept` builds for `value`, or undefined when the full path must decide. */
export function quickly(metatype: unknown, value: object): object | undefined {
  const accept = typeof metatype === 'function' ? quickAcceptances.get(metatype) : undefined;
  const fields = accept?.(value as Record<string, unknown>);
  if (!fields) return undefined;
  const dto = new (metatype as new () => Record<string, unknown>)();
  for (const key of Object.keys(fields)) if (fields[key] !== undefined) dto[key] = fields[key];
  return dto;
}

/**
 * DTO validation for bodies and queries: unknown fields are rejected (the contract says
 * requests may not carry them) and every failure is one 400 in the envelope, naming at most
 * a few problems. Two checks run on the raw value first, because class-transformer silently
 * drops what would reach the DTO's prototype (`__proto__`, `constructor`, and names of
 * inherited functions such as `toString`), so `whitelist` never sees them: field names are
 * compared with the DTO's declared properties, and every string meets the shared text rule.
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
      const accepted = value !== null && typeof value === 'object' ? quickly(metadata.metatype, value) : undefined;
      if (accepted) return accepted;
    }
    return super.transform(value, metadata);
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
