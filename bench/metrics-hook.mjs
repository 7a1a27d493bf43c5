#!/usr/bin/env node
// What the metrics add to each request, in process (docs/performance.md, "Metrics cost a request a map lookup"): the
// request log's end hook with HttpMetrics (what the service runs), against prom-client's own
// Histogram.observe and Counter.inc with the same labels (the obvious way to write it), over
// the same mix of routes, methods and statuses. Prints nanoseconds per request, median of rounds.
//
//   node bench/metrics-hook.mjs            (after npm run build)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './service.mjs';

const require = createRequire(import.meta.url);
const { HttpMetrics, DURATION_BUCKETS } = require(join(root, 'dist', 'modules', 'metrics', 'http-metrics.js'));
const { Counter, Histogram, Registry } = require('prom-client');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = 1_000_000;
const routes = ['/v1/me', '/v1/lists/:id/items', '/v1/actions/add', '/mcp', undefined];
const requests = routes.map((path) => ({ method: 'GET', ...(path ? { route: { path } } : {}) }));
const responses = [{ statusCode: 200 }, { statusCode: 200 }, { statusCode: 404 }];

const ours = new HttpMetrics();
ours.register(new Registry());
const registry = new Registry();
const labelNames = ['method', 'route', 'status_class'];
const histogram = new Histogram({ name: 'h', help: 'h', labelNames, buckets: [...DURATION_BUCKETS], registers: [registry] });
const counter = new Counter({ name: 'c', help: 'c', labelNames, registers: [registry] });

const cases = {
  'HttpMetrics (arrived + ended)': (i) => {
    ours.arrived();
    ours.ended(requests[i % 5], responses[i % 3], 0.002);
  },
  'prom-client observe + inc': (i) => {
    const labels = {
      method: 'GET',
      route: requests[i % 5].route?.path ?? 'unmatched',
      status_class: responses[i % 3].statusCode < 300 ? '2xx' : '4xx',
    };
    histogram.observe(labels, 0.002);
    counter.inc(labels);
  },
};

const results = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [name, run] of Object.entries(cases)) {
    for (let i = 0; i < 100_000; i += 1) run(i);
    const started = process.hrtime.bigint();
    for (let i = 0; i < PER_ROUND; i += 1) run(i);
    results[name].push(Number(process.hrtime.bigint() - started) / PER_ROUND);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, values] of Object.entries(results))
  console.log(`${name.padEnd(32)} ${median(values).toFixed(0).padStart(6)} ns per request`);
