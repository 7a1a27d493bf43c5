import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, type Metric, type Registry } from 'prom-client';
import type { RequestObserver } from '../../common/logging/logger';

/** The route label of a request no route answered: an unknown path, or one refused before routing. */
export const UNMATCHED = 'unmatched';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other'] as const;
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
const LABEL_NAMES = ['method', 'route', 'status_class'] as const;

/**
 * Upper bounds of the duration histogram, in seconds: from 1 ms (a cached `GET /v1/me`) to the
 * request timeouts' order of magnitude.
 */
export const DURATION_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const methodIndex = (method: string | undefined): number => {
  switch (method) {
    case 'GET':
      return 0;
    case 'HEAD':
      return 1;
    case 'POST':
      return 2;
    case 'PUT':
      return 3;
    case 'PATCH':
      return 4;
    case 'DELETE':
      return 5;
    case 'OPTIONS':
      return 6;
    default:
      return 7;
  }
};

const statusIndex = (status: number): number => (status < 300 ? 0 : status < 400 ? 1 : status < 500 ? 2 : 3);

/** One label set's requests: how many, their summed duration, and how many fell in each bucket (the last: above every bound). */
class Series {
  count = 0;
  sum = 0;
  readonly buckets: number[] = new Array<number>(DURATION_BUCKETS.length + 1).fill(0);
}

/** One value of an exported series, in the shape prom-client's registry renders. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The HTTP series (`todo_http_requests_total`, `todo_http_request_duration_seconds`,
 * `todo_http_requests_in_flight`), fed by the request-log middleware's hooks (RequestObserver)
 * and handed to prom-client when Prometheus scrapes.
 *
 * A request costs a map lookup by its route template, two array reads and a walk of the
 * bucket bounds: prom-client's own `observe` and `inc` validate and hash their label object on
 * every call, over forty times that (docs/adr/0010-http-metrics-counted-beside-prom-client.md).
 * So the counts live here, per route, method and status class, and prom-client reads them at
 * scrape time: the counter
 * and the gauge through their `collect()`, the histogram as a metric of the registry whose
 * `get()` answers the values prom-client's Histogram would (http-metrics.spec.ts holds the two
 * to the same output).
 *
 * The route is Express's `req.route.path`, the template a route was declared with
 * (`/v1/lists/:id/items`), never the path asked for: Nest declares every route, full path
 * included, on the application's own router, so there is no mount prefix to add. A request no
 * route answered is `unmatched`. The number of series is bounded by the routes the service
 * declares.
 */
@Injectable()
export class HttpMetrics implements RequestObserver {
  private readonly routes = new Map<string, Array<Series | undefined>>();
  private inFlight = 0;

  arrived(): void {
    this.inFlight += 1;
  }

  ended(req: IncomingMessage, res: ServerResponse, seconds: number): void {
    this.inFlight -= 1;
    const path = (req as { route?: { path?: unknown } }).route?.path;
    const route = typeof path === 'string' ? path : UNMATCHED;
    let cells = this.routes.get(route);
    if (cells === undefined) {
      cells = new Array<Series | undefined>(METHODS.length * STATUS_CLASSES.length);
      this.routes.set(route, cells);
    }
    const index = methodIndex(req.method) * STATUS_CLASSES.length + statusIndex(res.statusCode);
    const series = (cells[index] ??= new Series());
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket += 1;
    series.buckets[bucket] += 1;
  }

  /** Adds the three HTTP series to `registry`. */
  register(registry: Registry): void {
    // prom-client calls collect() with the metric as `this`: the counts are reached through these.
    const allSeries = () => this.series();
    const inFlight = () => this.inFlight;
    const samples = (name: string) => this.histogramSamples(name);
    new Counter({
      name: 'todo_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status class',
      labelNames: LABEL_NAMES,
      registers: [registry],
      collect() {
        this.reset();
        for (const [labels, series] of allSeries()) this.inc(labels, series.count);
      },
    });
    new Gauge({
      name: 'todo_http_requests_in_flight',
      help: 'HTTP requests received and not yet answered',
      registers: [registry],
      collect() {
        this.set(inFlight());
      },
    });
    const name = 'todo_http_request_duration_seconds';
    const help = 'Time from a request reaching the service to its answer being sent, by method, route template and status class';
    const histogram = {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: samples(name) }),
      reset: () => undefined,
    };
    registry.registerMetric(histogram as unknown as Metric);
  }

  private *series(): Generator<[Record<(typeof LABEL_NAMES)[number], string>, Series]> {
    for (const [route, cells] of this.routes) {
      for (let index = 0; index < cells.length; index += 1) {
        const series = cells[index];
        if (series === undefined) continue;
        const method = METHODS[Math.floor(index / STATUS_CLASSES.length)];
        const statusClass = STATUS_CLASSES[index % STATUS_CLASSES.length];
        yield [{ method, route, status_class: statusClass }, series];
      }
    }
  }

  /** The histogram's samples as prom-client's Histogram gives them: cumulative buckets, then +Inf, sum and count per label set. */
  private histogramSamples(name: string): Sample[] {
    const samples: Sample[] = [];
    for (const [labels, series] of this.series()) {
      let cumulative = 0;
      for (let bucket = 0; bucket < DURATION_BUCKETS.length; bucket += 1) {
        cumulative += series.buckets[bucket];
        samples.push({ metricName: `${name}_bucket`, labels: { ...labels, le: DURATION_BUCKETS[bucket] }, value: cumulative });
      }
      samples.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: series.count });
      samples.push({ metricName: `${name}_sum`, labels: { ...labels }, value: series.sum });
      samples.push({ metricName: `${name}_count`, labels: { ...labels }, value: series.count });
    }
    return samples;
  }
}
