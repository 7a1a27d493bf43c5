import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { freePort } from '../../../../common/net/free-port';
import { recordSpans } from '../../../../common/tracing/testing/recorded-spans';
import { SmtpReceiver } from '../../../../../test/support/smtp-receiver';
import { MailBodyUnreadable } from '../../domain/mail-body-cipher';
import { SmtpMailSender } from './smtp-mail-sender';

describe('SmtpMailSender', () => {
  const spans = recordSpans();
  let receiver: SmtpReceiver;
  let sender: SmtpMailSender;
  const envelope = (to: string) => ({ to, subject: 'Confirm your email', text: () => 'Open https://todo.example/developers#verify=abc' });

  beforeAll(async () => {
    receiver = await new SmtpReceiver().start();
    sender = new SmtpMailSender({ url: receiver.url(), from: 'todo@service.example', timeoutMs: 5_000 });
  });
  afterAll(() => receiver.stop());

  it('hands the message to the server from MAIL_FROM, and says so', async () => {
    await expect(sender.send(envelope('ada@example.org'))).resolves.toEqual({ kind: 'sent' });
    expect(receiver.to('ada@example.org')).toEqual([
      expect.objectContaining({
        from: 'todo@service.example',
        subject: 'Confirm your email',
        text: 'Open https://todo.example/developers#verify=abc',
      }),
    ]);
  });

  it('reports a 4xx refusal as worth another attempt and a 5xx one as final', async () => {
    receiver.refuse('bob@example.org', 1, { code: 451, stage: 'data' });
    receiver.refuse('carol@example.org', 1, { code: 550, stage: 'rcpt' });
    await expect(sender.send(envelope('bob@example.org'))).resolves.toEqual({
      kind: 'failed',
      error: expect.stringMatching(/451/),
      permanent: false,
    });
    await expect(sender.send(envelope('carol@example.org'))).resolves.toEqual({
      kind: 'failed',
      error: expect.stringMatching(/550/),
      permanent: true,
    });
    expect(receiver.received.filter((m) => m.to[0] !== 'ada@example.org')).toEqual([]);
  });

  it('reports a server that is not there as worth another attempt', async () => {
    const nowhere = new SmtpMailSender({ url: `smtp://127.0.0.1:${await freePort()}`, from: 'todo@service.example', timeoutMs: 2_000 });
    await expect(nowhere.send(envelope('dave@example.org'))).resolves.toEqual({
      kind: 'failed',
      error: expect.any(String),
      permanent: false,
    });
  });

  it('sends nothing when the body cannot be opened', async () => {
    const unreadable = {
      ...envelope('erin@example.org'),
      text: () => {
        throw new MailBodyUnreadable('it was altered', true);
      },
    };
    await expect(sender.send(unreadable)).rejects.toThrow(MailBodyUnreadable);
    expect(receiver.to('erin@example.org')).toEqual([]);
  });

  it('sends in an smtp send span naming the server by host and port only, and a refusal as an error', async () => {
    spans.clear();
    const login = new SmtpMailSender({
      url: `smtp://user:s3cret-pass@127.0.0.1:${receiver.port}`,
      from: 'todo@service.example',
      timeoutMs: 5_000,
    });
    await login.send(envelope('erin@example.org'));
    receiver.refuse('frank@example.org', 1, { code: 550, stage: 'rcpt' });
    await sender.send(envelope('frank@example.org'));
    const [first, refused] = spans.ended().filter((span) => span.name === 'smtp send');
    expect(first).toMatchObject({ kind: SpanKind.CLIENT, attributes: { 'server.address': '127.0.0.1', 'server.port': receiver.port } });
    expect(refused.status.code).toBe(SpanStatusCode.ERROR);
    expect(refused.attributes['smtp.permanent_failure']).toBe(true);
    const recorded = JSON.stringify(spans.ended().map((span) => [span.attributes, span.status, span.events]));
    expect(recorded).not.toContain('s3cret-pass');
    expect(recorded).not.toContain('example.org');
  });
});
