import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Histogram, Registry } from 'prom-client';
import { DURATION_BUCKETS, HttpMetrics } from './http-metrics';

const request = (method: string, routePath?: string) =>
  ({ method, ...(routePath === undefined ? {} : { route: { path: routePath } }) }) as unknown as IncomingMessage;
const response = (statusCode: number) => ({ statusCode }) as ServerResponse;

/** The samples of a scrape as `name{label="value",…} value`, labels sorted, one per line, sorted: two outputs compare whatever their order. */
function samples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-z_]+)(?:\{(.*)\})? (.+)$/.exec(line)!;
      const labels = (match[2] ?? '').split(',').filter(Boolean).sort().join(',');
      return `${match[1]}{${labels}} ${match[3]}`;
    })
    .sort();
}

const observations: Array<[string, string | undefined, number, number]> = [
  ['GET', '/v1/lists/:id/items', 200, 0.0004],
  ['GET', '/v1/lists/:id/items', 200, 0.003],
  ['GET', '/v1/lists/:id/items', 404, 0.0012],
  ['POST', '/mcp', 200, 0.02],
  ['GET', undefined, 404, 0.0001],
  ['DELETE', '/v1/lists/:id', 503, 12],
  ['PROPFIND', undefined, 404, 0.001],
  ['GET', '/v1/me', 302, 0.005],
];

describe('HttpMetrics', () => {
  it("renders the same samples as prom-client's own Histogram and Counter fed the same requests", async () => {
    const http = new HttpMetrics();
    const ours = new Registry();
    http.register(ours);
    const theirs = new Registry();
    const labelNames = ['method', 'route', 'status_class'];
    const histogram = new Histogram({
      name: 'todo_http_request_duration_seconds',
      help: 'h',
      labelNames,
      buckets: [...DURATION_BUCKETS],
      registers: [theirs],
    });
    const counter = new Counter({ name: 'todo_http_requests_total', help: 'c', labelNames, registers: [theirs] });
    for (const [method, route, status, seconds] of observations) {
      http.arrived();
      http.ended(request(method, route), response(status), seconds);
      const labels = {
        method: ['GET', 'POST', 'DELETE'].includes(method) ? method : 'other',
        route: route ?? 'unmatched',
        status_class: `${String(status)[0]}xx`,
      };
      histogram.observe(labels, seconds);
      counter.inc(labels);
    }
    const text = await ours.metrics();
    const expected = samples(await theirs.metrics());
    expect(samples(text).filter((line) => !line.startsWith('todo_http_requests_in_flight'))).toEqual(expected);
    expect(text).toContain('# TYPE todo_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE todo_http_requests_total counter');
  });

  it('labels a request by its route template, never its path, and one no route answered as unmatched', async () => {
    const http = new HttpMetrics();
    const registry = new Registry();
    http.register(registry);
    http.arrived();
    http.ended(request('GET', '/v1/lists/:id/items'), response(200), 0.002);
    http.arrived();
    http.ended(request('GET'), response(404), 0.001);
    const lines = samples(await registry.metrics()).filter((line) => line.startsWith('todo_http_requests_total'));
    expect(lines).toEqual([
      'todo_http_requests_total{method="GET",route="/v1/lists/:id/items",status_class="2xx"} 1',
      'todo_http_requests_total{method="GET",route="unmatched",status_class="4xx"} 1',
    ]);
  });

  it('counts the requests in flight: arrived and not yet ended', async () => {
    const http = new HttpMetrics();
    const registry = new Registry();
    http.register(registry);
    http.arrived();
    http.arrived();
    http.ended(request('GET', '/v1/me'), response(200), 0.001);
    expect(samples(await registry.metrics())).toContain('todo_http_requests_in_flight{} 1');
  });
});
