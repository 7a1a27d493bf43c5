import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { tokensInText } from './secret-scan';

/**
 * What the secrets scan (test/support/secret-scan.js, run by the e2e global teardown) looks
 * for: every secret a spec creates or sends, appended to a file of this worker in the run's
 * ledger folder (TEST_SECRETS_DIR, made by the global setup). Outside an e2e run, nothing.
 */
const dir = () => process.env.TEST_SECRETS_DIR;

export function recordSecret(kind: string, value: unknown): void {
  const folder = dir();
  if (!folder || typeof value !== 'string' || value.length === 0) return;
  appendFileSync(join(folder, `secrets-${process.pid}.jsonl`), `${JSON.stringify({ kind, value })}\n`);
}

let apps = 0;

/** A file for one app's log lines, appended as they are written. */
export function logFileForApp(): ((chunk: string) => void) | undefined {
  const folder = dir();
  if (!folder) return undefined;
  const file = join(folder, `logs-${process.pid}-${++apps}.log`);
  return (chunk) => appendFileSync(file, chunk);
}

const KEY_IN_TEXT = /sk_(?:live|test)_[0-9a-f]{64}/g;
const SESSION_COOKIE = /^([^=;\s]+)=([^;]*)/;

/**
 * Express middleware of the test app: records the keys, passwords, mailed tokens and session
 * cookies a request sends, and the keys, share tokens, session cookies and mailed texts and
 * tokens (the development mailbox) a response gives out.
 */
export function secretRecorder() {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.headers['x-api-key'];
    if (typeof key === 'string') recordSecret('api key sent', key);
    const body = req.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object') {
      for (const field of ['password', 'current_password', 'new_password']) recordSecret('password sent', body[field]);
      // The token of a mailed link (verify-email, password-reset/confirm), when it has a token's shape.
      if (typeof body.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(body.token)) recordSecret('token sent', body.token);
    }
    for (const cookie of String(req.headers.cookie ?? '').split(';')) {
      const value = cookie.split('=').slice(1).join('=').trim();
      if (value) recordSecret('cookie sent', value);
    }
    const json = res.json.bind(res);
    res.json = (payload: unknown) => {
      const text = JSON.stringify(payload) ?? '';
      for (const found of text.match(KEY_IN_TEXT) ?? []) recordSecret('api key given out', found);
      const share = (payload as { data?: { share?: { token?: unknown } } } | null)?.data?.share;
      if (share) recordSecret('share token given out', share.token);
      // The development mailbox: each mailed text, and the tokens of its links.
      const mailbox = (payload as { data?: { messages?: unknown } } | null)?.data?.messages;
      for (const message of Array.isArray(mailbox) ? (mailbox as Array<{ text?: unknown }>) : []) {
        if (typeof message?.text !== 'string') continue;
        recordSecret('mail body given out', message.text);
        for (const token of tokensInText(message.text)) recordSecret('mail token given out', token);
      }
      const setCookie = res.getHeader('set-cookie');
      for (const header of Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : []) {
        const value = SESSION_COOKIE.exec(header)?.[2];
        if (value) recordSecret('session cookie given out', value);
      }
      return json(payload);
    };
    next();
  };
}
