import { SpanStatusCode } from '@opentelemetry/api';
import { createTransport, type Transporter } from 'nodemailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import { inClientSpan } from '../../../../common/tracing/spans';
import { Envelope, MailSender, SendResult } from '../../domain/mail-sender';

export interface SmtpSettings {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with user:password when the server asks for them. */
  url: string;
  /** The From address of every message. */
  from: string;
  /** A whole exchange (connect, greeting, envelope, data) must finish within this. */
  timeoutMs: number;
}

/**
 * Sends through an SMTP server with nodemailer, one connection per message. What the server
 * or the network did becomes a result: a 5xx refusal (nodemailer's `permanent`) is final,
 * anything else (4xx, a timeout, a refused or dropped connection, a failed login) is tried
 * again. nodemailer's own logger stays off: it would write the message data.
 */
export class SmtpMailSender extends MailSender {
  private readonly transport: Transporter;
  private readonly server: { 'server.address': string; 'server.port': number };

  constructor(private readonly settings: SmtpSettings) {
    super();
    const url = new URL(settings.url);
    this.server = { 'server.address': url.hostname, 'server.port': Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587) };
    const options: SMTPTransportOptions = {
      url: settings.url,
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
      dnsTimeout: settings.timeoutMs,
      logger: false,
      debug: false,
    };
    this.transport = createTransport(options);
  }

  /**
   * In an `smtp send` span (no instrumentation sees nodemailer's exchange) naming the server by
   * host and port (never the URL: it holds the login), and a failure by nodemailer's code only:
   * neither the recipients nor a server's answer, which may quote them.
   */
  send(envelope: Envelope): Promise<SendResult> {
    return inClientSpan('smtp send', this.server, async (span) => {
      const result = await this.exchange(envelope);
      if (result.kind === 'failed') {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('smtp.permanent_failure', result.permanent);
      }
      return result;
    });
  }

  private async exchange(envelope: Envelope): Promise<SendResult> {
    const text = envelope.text();
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: envelope.to,
        subject: envelope.subject,
        text,
        disableFileAccess: true,
        disableUrlAccess: true,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      return { kind: 'sent' };
    } catch (error) {
      const failure = error as Error & { permanent?: boolean; code?: string };
      return { kind: 'failed', error: failure.message || String(failure.code ?? error), permanent: failure.permanent === true };
    }
  }
}
