import type { OperationExample } from './reference-table';

/** Where the samples send their requests: the service as the README starts it. */
export const SAMPLE_BASE_URL = 'http://127.0.0.1:3000';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** `value` as a shell word in single quotes. */
const shellQuoted = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The path with the example's parameters filled in, and its query string. */
export function exampleUrl(path: string, example: OperationExample): string {
  const filled = path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = example.params?.[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(example.query ?? {})) search.append(name, String(value));
  const query = search.toString();
  return `${SAMPLE_BASE_URL}${filled}${query ? `?${query}` : ''}`;
}

/** The example as a curl command; `keyed`: the route takes an API key (from $TODO_API_KEY). */
export function curlSample(method: string, path: string, example: OperationExample, keyed: boolean): string {
  const lines = [`curl -s${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${shellQuoted(exampleUrl(path, example))}`];
  if (keyed) lines.push('-H "X-API-Key: $TODO_API_KEY"');
  for (const [name, value] of Object.entries(example.headers ?? {})) lines.push(`-H ${shellQuoted(`${name}: ${value}`)}`);
  if (example.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuoted(JSON.stringify(example.body))}`);
  }
  return lines.join(' \\\n  ');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `value` as a TypeScript literal, on one line, strings in single quotes. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  const entries = Object.entries(value).map(([key, inner]) => `${IDENTIFIER.test(key) ? key : literal(key)}: ${literal(inner)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

const CLIENT_PREAMBLE = `import { TodoClient } from '@shared-todo/client';

const todo = new TodoClient({ apiKey: process.env.TODO_API_KEY!, baseUrl: '${SAMPLE_BASE_URL}' });
`;

/**
 * The example as a call of the TypeScript client (clients/typescript): its resource method
 * (`example.client`) with the path parameters in the path's order, then the body or else the
 * query; or `todo.call(operationId, params, { body, query })`. The answer is destructured into
 * the fields of its `data`.
 */
export function clientSample(operationId: string, path: string, example: OperationExample): string {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
  const params = Object.fromEntries(names.map((name) => [name, example.params?.[name] ?? `<${name}>`]));
  const hasQuery = Object.keys(example.query ?? {}).length > 0;
  let call: string;
  if (example.client) {
    const args = names.map((name) => literal(params[name]));
    if (example.body !== undefined) args.push(literal(example.body));
    else if (hasQuery) args.push(literal(example.query));
    call = `todo.${example.client}(${args.join(', ')})`;
  } else {
    const request = { ...(example.body !== undefined ? { body: example.body } : {}), ...(hasQuery ? { query: example.query } : {}) };
    const rest = Object.keys(request).length ? `, ${literal(request)}` : '';
    call = `todo.call('${operationId}', ${literal(params)}${rest})`;
  }
  const fields = example.data && typeof example.data === 'object' ? Object.keys(example.data) : [];
  return `${CLIENT_PREAMBLE}${fields.length ? `const { ${fields.join(', ')} } = ` : ''}await ${call};\n`;
}
