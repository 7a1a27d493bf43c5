import { Clock } from '../../../common/ports/clock';
import { IdGenerator } from '../../../common/ports/id-generator';
import { MailQueue, OutgoingMail } from '../../../common/ports/mail-queue';
import { MailBodyCipher } from './mail-body-cipher';
import { newMail } from './mail-message';
import { MailRepository } from './mail.repository';

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_TEXT_MAX = 32 * 1024;

/** A message the service itself built wrong: a bug of the caller, never a client's input. */
export class MalformedMail extends Error {}

// One address, no display name: no space, comma, angle bracket or control character that
// could add a recipient or a header.
const ADDRESS = /^[^\s@,;<>"()[\]\\\p{Cc}]{1,64}@[^\s@,;<>"()[\]\\\p{Cc}]{1,189}$/u;
const KIND = /^[a-z][a-z0-9-]{0,39}$/;
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/;

function check(mail: OutgoingMail): void {
  if (!ADDRESS.test(mail.to)) throw new MalformedMail('mail: the recipient must be one plain address');
  if (!KIND.test(mail.kind)) throw new MalformedMail(`mail: kind must match ${KIND}`);
  if (mail.subject.length === 0 || mail.subject.length > MAIL_SUBJECT_MAX || HEADER_UNSAFE.test(mail.subject)) {
    throw new MalformedMail(`mail: the subject must be 1-${MAIL_SUBJECT_MAX} characters on one line`);
  }
  if (mail.text.length === 0 || mail.text.length > MAIL_TEXT_MAX)
    throw new MalformedMail(`mail: the text must be 1-${MAIL_TEXT_MAX} characters`);
}

/**
 * The MailQueue the service enqueues through: checks the message, seals its text
 * (MailBodyCipher) and stores it through MailRepository, whose adapters join the unit of work
 * in progress, so the message exists exactly when the change that causes it commits. The
 * mail worker sends it later.
 */
export class SealedMailQueue extends MailQueue {
  constructor(
    private readonly mails: MailRepository,
    private readonly cipher: MailBodyCipher,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    super();
  }

  async enqueue(mail: OutgoingMail): Promise<void> {
    check(mail);
    const id = this.ids.next();
    await this.mails.insert(
      newMail({
        id,
        kind: mail.kind,
        to: mail.to,
        subject: mail.subject,
        sealedBody: this.cipher.seal(mail.text, id),
        now: this.clock.now(),
      }),
    );
  }
}
