import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpEndpoint } from './local-http-endpoint';

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };

/** One span as the collector received it, its attributes flattened. */
export interface CollectedSpan {
  traceId: string;
  spanId: string;
  /** Undefined for a root span. */
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** The instrumentation scope (`@opentelemetry/instrumentation-pg`, `todo-service`, ...). */
  scope: string;
  attributes: Record<string, string | number | boolean | undefined>;
  status: { code?: number; message?: string };
  resource: Record<string, string | number | boolean | undefined>;
}

const valueOf = (value: AnyValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));
const flatten = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/**
 * An OTLP/HTTP trace receiver on 127.0.0.1 for the e2e specs, in the JSON encoding
 * (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`): point `OTEL_EXPORTER_OTLP_ENDPOINT` at `url('')`.
 * Keeps every export's raw body (to prove something never appears in it) and its spans.
 */
export class OtlpCollector extends LocalHttpEndpoint {
  readonly bodies: string[] = [];
  readonly spans: CollectedSpan[] = [];

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      this.bodies.push(body);
      for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
        const resource = flatten(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            this.spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              scope: scopeSpans.scope?.name ?? '',
              attributes: flatten(span.attributes),
              status: span.status ?? {},
              resource,
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }
}
