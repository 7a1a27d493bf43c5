import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  subject: string;
  /** The text body, its transfer encoding undone. */
  text: string;
  /** The From header. */
  fromHeader: string;
}

/** How the receiver answers one recipient's next messages: refuse at RCPT or after DATA with an SMTP code. */
export interface Refusal {
  code: number;
  stage: 'rcpt' | 'data';
}

const header = (head: string, name: string): string => {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1].replace(/\r\n[ \t]/g, ' ') : '';
};

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parse(raw: string): { subject: string; text: string; fromHeader: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4).replace(/\r\n$/, '');
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header(head, 'Subject'), text: text.replace(/\r\n/g, '\n'), fromHeader: header(head, 'From') };
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the e2e specs: accepts every
 * message and keeps it, unless told to refuse a recipient's next messages (a temporary 451 or
 * a permanent 550, at RCPT or after DATA), each refusal used once, or every message until told
 * otherwise (refuseEveryone). `stop` closes the port (connections are refused) and `start`
 * opens the same port again, keeping what was received: an outage and its end.
 */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  /** Every refusal given, by recipient. */
  readonly refused: string[] = [];
  private readonly refusals = new Map<string, Refusal[]>();
  private everyone: Refusal | null = null;
  private server!: SMTPServer;
  private listeningOn = 0;

  /** Listens on a free port the first time, on the same port again after `stop`. */
  async start(): Promise<this> {
    this.server = new SMTPServer({
      logger: false,
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      onRcptTo: (address, _session, callback) => callback(this.refusal(address, 'rcpt')),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const refused = to.map((address) => this.refusal({ address } as SMTPServerAddress, 'data')).find(Boolean);
          if (refused) return callback(refused);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          this.received.push({ from, to, ...parse(Buffer.concat(chunks).toString('utf8')) });
          callback(null);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.listeningOn, '127.0.0.1', () => resolve());
    });
    this.listeningOn = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get port(): number {
    return this.listeningOn;
  }

  url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next `times` messages to `address` are refused as described. */
  refuse(address: string, times: number, refusal: Refusal): void {
    this.refusals.set(address, [...(this.refusals.get(address) ?? []), ...Array.from({ length: times }, () => refusal)]);
  }

  /** Every message, to anyone, is refused as described until this is called with null. */
  refuseEveryone(refusal: Refusal | null): void {
    this.everyone = refusal;
  }

  /** Drops the refusals still queued for `address`. */
  forgive(address: string): void {
    this.refusals.delete(address);
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private refusal(address: SMTPServerAddress, stage: Refusal['stage']): Error | null {
    if (this.everyone?.stage === stage) return this.refuseWith(address, this.everyone.code);
    const queue = this.refusals.get(address.address);
    if (!queue || queue.length === 0 || queue[0].stage !== stage) return null;
    return this.refuseWith(address, queue.shift()!.code);
  }

  private refuseWith(address: SMTPServerAddress, code: number): Error {
    this.refused.push(address.address);
    return Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), { responseCode: code });
  }
}
