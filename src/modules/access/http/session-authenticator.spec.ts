import express, { type Request } from 'express';
import request from 'supertest';
import type { RequestWithCaller } from '../../../common/http/caller';
import type { AppConfig } from '../../../config/app-config';
import type { Session } from '../../auth/domain/session';
import type { SessionsService } from '../../auth/domain/sessions.service';
import { SessionAuthenticator } from './session-authenticator';

/**
 * What a route sees after SessionAuthenticator ran, on a real Express request (the route's query
 * is read through Express's own getter, which the mode is taken out of).
 */
async function seenBy(url: string, routeMode?: 'test'): Promise<{ status: number; body: Record<string, unknown> }> {
  const sessions = { require: async (token: unknown) => ({ userId: `user of ${String(token)}` }) as Session } as SessionsService;
  const authenticator = new SessionAuthenticator(sessions, { publicOrigin: undefined } as AppConfig);
  const app = express();
  app.get('/developers/probe', (req: Request & RequestWithCaller, res) => {
    req.cookies = { sid: 'token' };
    authenticator.authenticate(req, routeMode).then(
      () => res.json({ caller: req.sessionCaller, query: req.query }),
      (error: Error) => res.status(400).json({ error: error.message }),
    );
  });
  const answer = await request(app).get(url);
  return { status: answer.status, body: answer.body as Record<string, unknown> };
}

describe('SessionAuthenticator', () => {
  it("makes the session's account the caller, in the mode ?mode= names, and leaves the rest of the query to the route", async () => {
    expect(await seenBy('/developers/probe?mode=test&limit=5')).toEqual({
      status: 200,
      body: { caller: { userId: 'user of token', listIds: null, mode: 'test' }, query: { limit: '5' } },
    });
    expect((await seenBy('/developers/probe')).body.caller).toEqual({ userId: 'user of token', listIds: null, mode: 'live' });
  });

  it("refuses a mode that is not one, as the validation pipe words it, and takes a route's own mode over the page's", async () => {
    expect(await seenBy('/developers/probe?mode=sandbox')).toEqual({
      status: 400,
      body: { error: 'mode must be one of the following values: live, test' },
    });
    expect((await seenBy('/developers/probe?mode=live', 'test')).body).toEqual({
      caller: { userId: 'user of token', listIds: null, mode: 'test' },
      query: { mode: 'live' },
    });
  });
});
