import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './support/service-process';

/**
 * docker/compose.yaml and what its monitoring profile mounts, checked without an engine (none
 * runs here or in CI): the files parse, Prometheus scrapes the app where the app serves its
 * metrics, that port stays inside the compose network, and every query of the dashboard and
 * of the alert rules names only metrics the service exports.
 */

/** The service's metrics (src/modules/metrics, docs/operations.md "Metrics"), with each one's type. */
const SERVICE_METRICS: Record<string, 'counter' | 'gauge' | 'histogram'> = {
  todo_http_requests_total: 'counter',
  todo_http_request_duration_seconds: 'histogram',
  todo_http_requests_in_flight: 'gauge',
  todo_db_pool_size: 'gauge',
  todo_db_pool_idle: 'gauge',
  todo_db_pool_waiting: 'gauge',
  todo_webhook_deliveries: 'gauge',
  todo_webhook_delivery_oldest_due_age_seconds: 'gauge',
  todo_mail_messages: 'gauge',
  todo_mail_oldest_due_age_seconds: 'gauge',
  todo_rate_limit_refusals_total: 'counter',
  todo_event_relay_lag_seconds: 'gauge',
};
/** The prom-client default metrics the dashboard reads (process_* and nodejs_*). */
const DEFAULT_METRICS = [
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_heap_size_total_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
];
const KNOWN = new Set([
  ...DEFAULT_METRICS,
  ...Object.entries(SERVICE_METRICS).flatMap(([name, type]) =>
    type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
  ),
]);
const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers,
 * ranges and grouping clauses are taken out, less function names (followed by a parenthesis),
 * keywords and numbers.
 */
export function metricsIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*(?!\s*\()/g)) {
    const name = match[0];
    // A prefix of a function name (the lookahead let its last character go), or the exponent of a number.
    if (/^[A-Za-z0-9_:]/.test(bare.slice(match.index + name.length)) || /[0-9.]$/.test(bare.slice(0, match.index))) continue;
    if (PROMQL_WORDS.has(name) || /^(inf|nan)$/i.test(name)) continue;
    names.push(name);
  }
  return names;
}

interface ComposeService {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  command?: string[];
}

const read = (path: string) => readFile(join(ROOT, 'docker', path), 'utf8');

describe('the PromQL reader of this spec', () => {
  it('finds the metric names and only them', () => {
    expect(
      metricsIn(
        'histogram_quantile(0.99, sum by (le, route) (rate(todo_http_request_duration_seconds_bucket{route!="unmatched"}[5m]))) > 0.5',
      ),
    ).toEqual(['todo_http_request_duration_seconds_bucket']);
    expect(metricsIn('sum(rate(a_total{x="b c"}[$__rate_interval])) / on (instance) group_left b_bytes > bool 1e3')).toEqual([
      'a_total',
      'b_bytes',
    ]);
  });
});

describe('docker/compose.yaml', () => {
  let services: Record<string, ComposeService>;
  beforeAll(async () => {
    services = (parse(await read('compose.yaml')) as { services: Record<string, ComposeService> }).services;
  });

  it('parses, and the app carries the mail settings, each documented beside it', async () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'app', 'nginx', 'prometheus', 'grafana']));
    const text = await read('compose.yaml');
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_ORIGIN', 'COOKIE_SECURE']) {
      // Taken from docker/.env, empty (unset) when it does not say.
      expect(services.app.environment?.[name]).toMatch(new RegExp(`^\\$\\{${name}:-[^}]*\\}$`));
      expect(text).toMatch(new RegExp(`^\\s+#\\s+${name}: \\S`, 'm'));
    }
  });

  it('Prometheus scrapes every replica of the app on its METRICS_PORT, which is not published', async () => {
    const app = services.app;
    const port = Number(app.environment?.METRICS_PORT);
    expect(port).toBeGreaterThan(0);
    expect(app.environment?.METRICS_HOST).toBe('0.0.0.0');
    expect((app.ports ?? []).filter((mapping) => String(mapping).split(':').pop()?.startsWith(String(port)))).toEqual([]);
    expect(app.ports).toBeUndefined();

    const prometheus = services.prometheus;
    expect(prometheus.profiles).toEqual(['monitoring']);
    expect(services.grafana.profiles).toEqual(['monitoring']);
    // The mounted files are the ones in docker/.
    expect(prometheus.volumes).toEqual(
      expect.arrayContaining(['./prometheus.yml:/etc/prometheus/prometheus.yml:ro', './alerts.yml:/etc/prometheus/alerts.yml:ro']),
    );
    const config = parse(await read('prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: Array<{ metrics_path?: string; dns_sd_configs?: Array<{ names: string[]; type: string; port: number }> }>;
    };
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(config.scrape_configs).toHaveLength(1);
    const [job] = config.scrape_configs;
    expect(job.metrics_path ?? '/metrics').toBe('/metrics');
    expect(job.dns_sd_configs).toEqual([expect.objectContaining({ names: ['app'], type: 'A', port })]);
    // Published to this machine's loopback only.
    for (const service of [prometheus, services.grafana]) {
      for (const mapping of service.ports ?? []) expect(mapping).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('Grafana is provisioned with the Prometheus data source and the dashboard folder', async () => {
    expect(services.grafana.volumes).toEqual(
      expect.arrayContaining([
        './grafana/provisioning:/etc/grafana/provisioning:ro',
        './grafana/dashboards:/var/lib/grafana/dashboards:ro',
      ]),
    );
    const datasources = parse(await read('grafana/provisioning/datasources/prometheus.yaml')) as {
      datasources: Array<{ uid: string; type: string; url: string }>;
    };
    expect(datasources.datasources).toEqual([
      expect.objectContaining({ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' }),
    ]);
    const providers = parse(await read('grafana/provisioning/dashboards/todo-service.yaml')) as {
      providers: Array<{ options: { path: string } }>;
    };
    expect(providers.providers.map((p) => p.options.path)).toEqual(['/var/lib/grafana/dashboards']);
  });
});

describe('docker/grafana/dashboards/todo-service.json', () => {
  it("parses, and every panel's queries name only the service's metrics, on the provisioned data source", async () => {
    const dashboard = JSON.parse(await read('grafana/dashboards/todo-service.json')) as {
      uid: string;
      panels: Array<{ title: string; datasource: { uid: string }; targets: Array<{ expr: string }> }>;
    };
    expect(dashboard.uid).toBe('todo-service');
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid).toBe('prometheus');
      expect(panel.targets.length).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const names = metricsIn(expr);
        expect({ panel: panel.title, expr, names }).toEqual({
          panel: panel.title,
          expr,
          names: expect.arrayContaining([expect.any(String)]),
        });
        expect({ expr, unknown: names.filter((name) => !KNOWN.has(name)) }).toEqual({ expr, unknown: [] });
        names.forEach((name) => used.add(name.replace(/_(bucket|sum|count)$/, '')));
      }
    }
    // Every metric of the service has a panel, and so do event-loop lag and memory.
    expect(Object.keys(SERVICE_METRICS).filter((name) => !used.has(name))).toEqual([]);
    expect(['nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes'].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('docker/alerts.yml and the rules of docs/operations.md', () => {
  type Rules = { groups: Array<{ rules: Array<{ alert: string; expr: string; for?: string }> }> };
  const names = (rules: Rules) => rules.groups.flatMap((group) => group.rules);

  it('parse, name only the service metrics, and are the same rules', async () => {
    const shipped = parse(await read('alerts.yml')) as Rules;
    const operations = await readFile(join(ROOT, 'docs', 'operations.md'), 'utf8');
    const block = /^```yaml\n(groups:[\s\S]*?)^```$/m.exec(operations)?.[1];
    if (!block) throw new Error('docs/operations.md has no ```yaml block of alert rules (starting with groups:)');
    const documented = parse(block) as Rules;
    expect(names(documented)).toEqual(names(shipped).map((rule) => expect.objectContaining({ alert: rule.alert, expr: rule.expr })));
    for (const rule of names(shipped)) {
      const found = metricsIn(rule.expr);
      expect(found.length).toBeGreaterThan(0);
      expect({ alert: rule.alert, unknown: found.filter((name) => !KNOWN.has(name)) }).toEqual({ alert: rule.alert, unknown: [] });
    }
    // What docs/operations.md says to alert on, each has a rule.
    const watched = new Set(names(shipped).flatMap((rule) => metricsIn(rule.expr)));
    for (const name of [
      'todo_http_requests_total',
      'todo_http_request_duration_seconds_bucket',
      'todo_db_pool_waiting',
      'todo_webhook_delivery_oldest_due_age_seconds',
      'todo_mail_oldest_due_age_seconds',
      'todo_event_relay_lag_seconds',
    ]) {
      expect({ name, watched: watched.has(name) }).toEqual({ name, watched: true });
    }
  });
});
