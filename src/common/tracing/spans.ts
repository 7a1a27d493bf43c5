import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * Spans of the service's own, for what no instrumentation sees (an SMTP exchange) or sees only
 * as a bare HTTP request (a webhook send). Through `@opentelemetry/api` alone: without the SDK
 * (tracing off) the tracer is the API's no-op and a span costs an object and a few calls.
 */
const tracer = trace.getTracer('todo-service');

/**
 * Runs `work` in a client span named `name`, active for what `work` calls (the HTTP
 * instrumentation's request span becomes its child). The span ends when `work` settles; a
 * thrown error marks it failed by its type only, since a message may quote what was sent.
 */
export function inClientSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute('error.type', (error as Error)?.name ?? 'Error');
      throw error;
    } finally {
      span.end();
    }
  });
}
