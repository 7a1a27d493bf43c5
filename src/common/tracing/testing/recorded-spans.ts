import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * For unit specs: registers a tracer provider that keeps every ended span in memory, and the
 * async-hooks context manager (so a span is active inside `startActiveSpan` and `context.with`),
 * as the SDK does when tracing is on. Jest gives each spec file its own globals, so this stays
 * within the file that calls it.
 */
export function recordSpans(): { ended(): ReadableSpan[]; clear(): void } {
  const exporter = new InMemorySpanExporter();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  return { ended: () => exporter.getFinishedSpans(), clear: () => exporter.reset() };
}
