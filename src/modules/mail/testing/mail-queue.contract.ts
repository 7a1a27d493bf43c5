import type { MailQueue, OutgoingMail } from '../../../common/ports/mail-queue';
import { MalformedMail } from '../domain/sealed-mail-queue';

/** A MailQueue and a way to read back what it holds (opened), as a spec sees them. */
export interface MailQueueUnderTest {
  queue: MailQueue;
  /** The messages queued since `make`, oldest first. */
  queued(): Promise<OutgoingMail[]>;
  /** The stored form of every message: no body may be readable in it. */
  stored(): Promise<string>;
}

const mail: OutgoingMail = {
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'Open https://todo.example/developers#reset=Zq8cT1vYp0aL3mXwR7nK2b',
  kind: 'password-reset',
};

/** What a MailQueue must do; run on the in-memory adapter (unit) and on PostgreSQL (e2e). */
export function describeMailQueueContract(adapter: string, make: () => Promise<MailQueueUnderTest>): void {
  describe(`MailQueue contract (${adapter})`, () => {
    let q: MailQueueUnderTest;

    beforeEach(async () => {
      q = await make();
    });

    it('queues a message as given, in order, its body never stored readable', async () => {
      await q.queue.enqueue(mail);
      await q.queue.enqueue({ ...mail, to: 'bob@example.org', kind: 'invitation', subject: 'You are invited' });
      expect(await q.queued()).toEqual([mail, { ...mail, to: 'bob@example.org', kind: 'invitation', subject: 'You are invited' }]);
      const stored = await q.stored();
      expect(stored).toContain('ada@example.com');
      expect(stored).not.toContain('Zq8cT1vYp0aL3mXwR7nK2b');
    });

    it('refuses a message the service built wrong and queues nothing', async () => {
      await expect(q.queue.enqueue({ ...mail, to: 'ada@example.com, eve@example.com' })).rejects.toThrow(MalformedMail);
      await expect(q.queue.enqueue({ ...mail, subject: 'Hi\nBcc: eve@example.com' })).rejects.toThrow(MalformedMail);
      expect(await q.queued()).toEqual([]);
    });
  });
}
