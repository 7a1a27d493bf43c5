import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { inClientSpan } from './spans';
import { recordSpans } from './testing/recorded-spans';

describe('inClientSpan', () => {
  const spans = recordSpans();
  beforeEach(() => spans.clear());

  it('runs the work in an active client span with the attributes given, ended when the work settles', async () => {
    let active: string | undefined;
    await expect(
      inClientSpan('smtp send', { 'server.address': 'mail.example' }, async () => {
        active = trace.getActiveSpan()?.spanContext().spanId;
        return 'done';
      }),
    ).resolves.toBe('done');
    const [span] = spans.ended();
    expect(span).toMatchObject({ name: 'smtp send', kind: SpanKind.CLIENT, attributes: { 'server.address': 'mail.example' } });
    expect(active).toBe(span.spanContext().spanId);
  });

  it('marks a thrown error by its type only, never its message, and throws it on', async () => {
    class SendRefused extends Error {
      override name = 'SendRefused';
    }
    await expect(
      inClientSpan('webhook send', {}, async () => {
        throw new SendRefused('token=abc in the message');
      }),
    ).rejects.toThrow(SendRefused);
    const [span] = spans.ended();
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span.attributes).toEqual({ 'error.type': 'SendRefused' });
    expect(span.events).toEqual([]);
  });
});
