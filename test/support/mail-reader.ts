import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MailBodyCipher } from '../../src/modules/mail/domain/mail-body-cipher';
import { recordSecret } from './secret-ledger';
import { tokensInText } from './secret-scan';

export interface ReadMail {
  kind: string;
  subject: string;
  text: string;
}

/**
 * The messages queued for `to` (as stored: lower case), oldest first, opened with the app's
 * own cipher: what the recipient would read. Every token a link carries is recorded for the
 * secrets scan, which then proves it is nowhere readable but in the sealed body.
 */
export async function mailTo(app: INestApplication, to: string): Promise<ReadMail[]> {
  const rows = await app
    .get(DataSource)
    .query<Array<{ id: string; kind: string; subject: string; body_sealed: string | null }>>(
      `SELECT id, kind, subject, body_sealed FROM mail WHERE recipient = $1 ORDER BY created_at, id`,
      [to.toLowerCase()],
    );
  const cipher = app.get(MailBodyCipher);
  return rows.map((row) => {
    const text = row.body_sealed === null ? '' : cipher.open(row.body_sealed, row.id);
    for (const token of tokensInText(text)) recordSecret('mailed token', token);
    return { kind: row.kind, subject: row.subject, text };
  });
}

/** The token of the last link of `kind` mailed to `to`. */
export async function mailedToken(app: INestApplication, to: string, kind: 'verify-email' | 'password-reset'): Promise<string> {
  const mails = (await mailTo(app, to)).filter((m) => m.kind === kind);
  const token = /#(?:verify|reset)=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${kind} link mailed to ${to}`);
  return token;
}
