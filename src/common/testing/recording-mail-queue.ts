import { MailQueue, OutgoingMail } from '../ports/mail-queue';

/** A MailQueue for unit specs: keeps what is queued, in order, for the spec to read back. */
export class RecordingMailQueue extends MailQueue {
  readonly queued: OutgoingMail[] = [];

  async enqueue(mail: OutgoingMail): Promise<void> {
    this.queued.push({ ...mail });
  }
}
