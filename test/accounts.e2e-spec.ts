import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Sha256TokenHasher } from '../src/common/crypto/sha256-token-hasher';
import { driveClock, frozenNow } from './support/driven-clock';
import { listsWorld, makeCaller } from './support/lists-client';
import { mailedToken, mailTo } from './support/mail-reader';
import { listen, PortalClient } from './support/portal-client';
import { useTestApp } from './support/test-app';
import { uniqueTag } from './support/unique-tag';

const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'a brand new passphrase';
const HOUR = 60 * 60 * 1000;
const INVALID_TOKEN = 'This link is invalid, already used or expired';

/** API.md section 12: verified emails, invitations by mail, password reset and change. */
describe('accounts: verification, invitations by mail, password reset (e2e)', () => {
  const t = useTestApp();
  const { as, createList } = listsWorld(t);
  const clock = frozenNow();
  let base: string;

  beforeAll(async () => {
    driveClock(t.app, clock);
    base = await listen(t.app);
  });
  afterAll(() => jest.restoreAllMocks());

  /** A browser signed in to a brand-new account made on the developer page. */
  async function signedUp(overrides: Record<string, string> = {}) {
    const c = new PortalClient(base);
    const suffix = uniqueTag();
    const fields = {
      email: `acc_${suffix}@example.test`,
      username: `acc_${suffix}`,
      name: `Acc ${suffix}`,
      password: PASSWORD,
      ...overrides,
    };
    const res = await c.post('signup', fields);
    expect(res.status).toBe(200);
    return { c, email: fields.email.toLowerCase(), user: res.body.data.user as { id: string; email_verified: boolean } };
  }

  const verificationToken = (email: string) => mailedToken(t.app, email, 'verify-email');
  const resetToken = (email: string) => mailedToken(t.app, email, 'password-reset');
  const anyone = () => new PortalClient(base);

  describe('verification', () => {
    it('mails a link at sign-up; the token, posted without a session, verifies the email (portal and /v1/me)', async () => {
      const { c, email, user } = await signedUp();
      expect(user.email_verified).toBe(false);
      const key = (await c.post('keys', { label: 'k' })).body.data.key as string;
      expect((await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200)).body.data.email_verified).toBe(false);

      const [mail] = await mailTo(t.app, email);
      expect(mail).toMatchObject({ kind: 'verify-email', subject: 'Confirm your email address' });
      expect(mail.text).toMatch(/\/developers#verify=[A-Za-z0-9_-]{43}\n/);

      const res = await anyone().post('verify-email', { token: await verificationToken(email) });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toEqual({
        id: user.id,
        email,
        username: expect.any(String),
        name: expect.any(String),
        email_verified: true,
      });
      expect((await c.get('session')).body.data.user.email_verified).toBe(true);
      expect((await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200)).body.data.email_verified).toBe(true);
    });

    it('stores only a hash of the token', async () => {
      const { email, user } = await signedUp();
      const token = await verificationToken(email);
      const rows = await t.app.get(DataSource).query('SELECT token_hash FROM account_tokens WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([{ token_hash: new Sha256TokenHasher().digest(token) }]);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('answers one 400 for a used, an expired, an unknown and a malformed token', async () => {
      const { email } = await signedUp();
      const token = await verificationToken(email);
      expect((await anyone().post('verify-email', { token })).status).toBe(200);
      const used = await anyone().post('verify-email', { token });

      const later = await signedUp();
      const expiring = await verificationToken(later.email);
      clock.advance(24 * HOUR);
      const expired = await anyone().post('verify-email', { token: expiring });
      const unknown = await anyone().post('verify-email', { token: randomBytes(32).toString('base64url') });
      const malformed = await anyone().post('verify-email', { token: 'not a token' });
      for (const res of [used, expired, unknown, malformed])
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { data: null, error: INVALID_TOKEN } });
      expect((await later.c.get('session')).body.data.user.email_verified).toBe(false);
    });

    it('spends a token once when two requests race with it', async () => {
      const { email } = await signedUp();
      const token = await verificationToken(email);
      const answers = await Promise.all([anyone().post('verify-email', { token }), anyone().post('verify-email', { token })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    });

    it('resends a new link (the previous one stops working) at most 5 times an hour, then 429 with Retry-After', async () => {
      const { c, email } = await signedUp();
      const first = await verificationToken(email);
      const tokens: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        clock.advance(1000);
        const res = await c.post('resend-verification', {});
        expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: {}, error: null } });
        tokens.push(await verificationToken(email));
      }
      expect(new Set([first, ...tokens]).size).toBe(6);
      const refused = await c.post('resend-verification', {});
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/5 verification mails/);
      expect(Number(refused.headers['retry-after'])).toBe(HOUR / 1000 - 4);
      expect((await mailTo(t.app, email)).length).toBe(6);

      expect((await anyone().post('verify-email', { token: first })).status).toBe(400);
      expect((await anyone().post('verify-email', { token: tokens[3] })).status).toBe(400);
      clock.advance(HOUR);
      expect((await c.post('resend-verification', {})).status).toBe(200);
      expect((await anyone().post('verify-email', { token: await verificationToken(email) })).status).toBe(200);
      expect((await c.post('resend-verification', {})).body).toEqual({ data: null, error: "This account's email is already verified" });
    });

    it('needs a session, an empty body, JSON and our own Origin to resend', async () => {
      const { c } = await signedUp();
      expect((await anyone().post('resend-verification', {})).status).toBe(401);
      expect((await c.post('resend-verification', { again: true })).status).toBe(400);
      expect((await c.post('resend-verification', {}, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
      expect((await c.post('resend-verification', undefined, { noContentType: true })).status).toBe(403);
    });
  });

  describe('POST email', () => {
    it('moves the account to a new address, unverified, and mails the link there; the old address proves nothing', async () => {
      const { c, email } = await signedUp();
      const oldToken = await verificationToken(email);
      const next = `moved_${uniqueTag()}@Example.test`;
      const res = await c.post('email', { email: next, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ email: next.toLowerCase(), email_verified: false });
      expect((await anyone().post('verify-email', { token: oldToken })).status).toBe(400);
      expect((await anyone().post('verify-email', { token: await verificationToken(next) })).body.data.user).toMatchObject({
        email: next.toLowerCase(),
        email_verified: true,
      });
      expect((await anyone().post('login', { login: next.toUpperCase(), password: PASSWORD })).status).toBe(200);
    });

    it('refuses a wrong password (403), a taken address in any case (422) and a malformed one (400), changing nothing', async () => {
      const { c, email } = await signedUp();
      const other = await signedUp();
      const wrong = await c.post('email', { email: `x_${uniqueTag()}@example.test`, password: 'not the password' });
      expect({ status: wrong.status, error: wrong.body.error }).toEqual({ status: 403, error: 'The current password is wrong' });
      expect((await c.post('email', { email: other.email.toUpperCase(), password: PASSWORD })).status).toBe(422);
      expect((await c.post('email', { email: 'nope', password: PASSWORD })).status).toBe(400);
      expect((await c.post('email', { email: `x_${uniqueTag()}@example.test` })).status).toBe(400);
      expect((await c.get('session')).body.data.user.email).toBe(email);
      expect((await anyone().post('email', { email: `x_${uniqueTag()}@example.test`, password: PASSWORD })).status).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers 200 {} for an account and for an unknown email alike; the account gets a single-use link', async () => {
      const { email } = await signedUp();
      const unknown = `nobody_${uniqueTag()}@example.test`;
      const known = await anyone().post('password-reset', { email: email.toUpperCase() });
      const stranger = await anyone().post('password-reset', { email: unknown });
      expect({ status: known.status, body: known.body }).toEqual({ status: 200, body: { data: {}, error: null } });
      expect({ status: stranger.status, body: stranger.body }).toEqual({ status: 200, body: { data: {}, error: null } });

      const [reset] = (await mailTo(t.app, email)).filter((m) => m.kind === 'password-reset');
      expect(reset.text).toMatch(/\/developers#reset=[A-Za-z0-9_-]{43}\n/);
      const [note] = await mailTo(t.app, unknown);
      expect(note.kind).toBe('password-reset-no-account');
      expect(note.text).not.toMatch(/#reset=/);
    });

    it('sets the password with the token: every session ends, the email is verified, keys keep working', async () => {
      const { c, email } = await signedUp();
      const second = anyone();
      expect((await second.post('login', { login: email, password: PASSWORD })).status).toBe(200);
      const key = (await c.post('keys', { label: 'survives' })).body.data.key as string;
      await anyone().post('password-reset', { email });
      const token = await resetToken(email);

      expect((await anyone().post('password-reset/confirm', { token, password: 'short' })).status).toBe(400);
      const done = await anyone().post('password-reset/confirm', { token, password: NEW_PASSWORD });
      expect({ status: done.status, body: done.body }).toEqual({ status: 200, body: { data: {}, error: null } });

      expect((await c.get('keys')).status).toBe(401);
      expect((await second.get('keys')).status).toBe(401);
      expect((await anyone().post('login', { login: email, password: PASSWORD })).status).toBe(401);
      const login = await anyone().post('login', { login: email, password: NEW_PASSWORD });
      expect(login.body.data.user.email_verified).toBe(true);
      await request(t.server).get('/v1/me').set('X-API-Key', key).expect(200);

      const again = await anyone().post('password-reset/confirm', { token, password: 'yet another passphrase' });
      expect({ status: again.status, error: again.body.error }).toEqual({ status: 400, error: INVALID_TOKEN });
    });

    it('refuses a link after 1 hour, and a verification token as a reset token', async () => {
      const { email } = await signedUp();
      await anyone().post('password-reset', { email });
      const token = await resetToken(email);
      const verification = await verificationToken(email);
      expect((await anyone().post('password-reset/confirm', { token: verification, password: NEW_PASSWORD })).status).toBe(400);
      clock.advance(HOUR);
      expect((await anyone().post('password-reset/confirm', { token, password: NEW_PASSWORD })).body.error).toBe(INVALID_TOKEN);
      expect((await anyone().post('login', { login: email, password: PASSWORD })).status).toBe(200);
    });

    it('throttles per email like sign-ins: the 11th request in 15 minutes is a 429, for an account and for an unknown email alike', async () => {
      const { email } = await signedUp();
      const unknown = `nobody_${uniqueTag()}@example.test`;
      for (const address of [email, unknown]) {
        for (let i = 0; i < 10; i += 1) expect((await anyone().post('password-reset', { email: address })).status).toBe(200);
        const refused = await anyone().post('password-reset', { email: address });
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe(String(15 * 60));
        expect(refused.body.error).toBe('Too many password resets or failed sign-ins: retry in 900 seconds');
      }
    });

    it('throttles per address: 10 requests from one address, then 429 whatever the email', async () => {
      const c = anyone();
      for (let i = 0; i < 10; i += 1)
        expect((await c.post('password-reset', { email: `n${i}_${uniqueTag()}@example.test` })).status).toBe(200);
      expect((await c.post('password-reset', { email: `n_${uniqueTag()}@example.test` })).status).toBe(429);
    });

    it('refuses a foreign Origin and a body without JSON Content-Type (403), a malformed email (400)', async () => {
      expect(
        (await anyone().post('password-reset', { email: 'a@example.test' }, { headers: { origin: 'https://evil.example' } })).status,
      ).toBe(403);
      expect((await anyone().post('password-reset', undefined, { noContentType: true })).status).toBe(403);
      expect((await anyone().post('password-reset', { email: 'not-an-email' })).status).toBe(400);
      expect((await anyone().post('password-reset', { email: 'a@example.test', extra: 1 })).status).toBe(400);
    });
  });

  describe('POST password', () => {
    it("changes the password and ends the account's other sessions, not this one", async () => {
      const { c, email } = await signedUp();
      const other = anyone();
      await other.post('login', { login: email, password: PASSWORD });
      const wrong = await c.post('password', { current_password: 'not the password', new_password: NEW_PASSWORD });
      expect({ status: wrong.status, error: wrong.body.error }).toEqual({ status: 403, error: 'The current password is wrong' });
      expect((await c.post('password', { current_password: PASSWORD, new_password: 'short' })).status).toBe(400);
      expect((await other.get('keys')).status).toBe(200);

      const res = await c.post('password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { data: {}, error: null } });
      expect((await c.get('keys')).status).toBe(200);
      expect((await other.get('keys')).status).toBe(401);
      expect((await anyone().post('login', { login: email, password: NEW_PASSWORD })).status).toBe(200);
      expect((await anyone().post('password', { current_password: NEW_PASSWORD, new_password: PASSWORD })).status).toBe(401);
    });
  });

  describe('invitations', () => {
    it('are invisible to an unverified invitee until the email is verified, then accepted', async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const { c, email } = await signedUp();
      const key = (await c.post('keys', { label: 'k' })).body.data.key as string;
      const invitation = (await as(owner).post(`/v1/lists/${list.id}/invitations`, { email, role: 'viewer' }).expect(200)).body.data
        .invitation;

      expect((await request(t.server).get('/v1/invitations').set('X-API-Key', key).expect(200)).body.data.invitations).toEqual([]);
      await request(t.server).post(`/v1/invitations/${invitation.id}/accept`).set('X-API-Key', key).expect(404);

      await anyone().post('verify-email', { token: await verificationToken(email) });
      const mine = (await request(t.server).get('/v1/invitations').set('X-API-Key', key).expect(200)).body.data.invitations;
      expect(mine.map((i: { id: string }) => i.id)).toEqual([invitation.id]);
      await request(t.server).post(`/v1/invitations/${invitation.id}/accept`).set('X-API-Key', key).expect(200);
    });

    it("mails the invitee (with or without an account) the list's name, the inviter's name and the developer page", async () => {
      const owner = await makeCaller(t.app);
      const list = await createList(owner);
      const invitee = `guest_${uniqueTag()}@example.test`;
      await as(owner).post(`/v1/lists/${list.id}/invitations`, { email: invitee.toUpperCase(), role: 'editor' }).expect(200);
      const [mail] = await mailTo(t.app, invitee);
      expect(mail.kind).toBe('invitation');
      expect(mail.subject).toContain(list.name);
      expect(mail.text).toContain(owner.name);
      expect(mail.text).toContain(list.name);
      expect(mail.text).toMatch(/https?:\/\/[^\s]+\/developers\b/);
    });

    it('sends at most 50 invitation mails per inviter per UTC day: the 51st invitation is a 422 naming the limit, and writes nothing', async () => {
      clock.set(new Date(Math.ceil(clock.now().getTime() / (24 * HOUR)) * 24 * HOUR + HOUR));
      const owner = await makeCaller(t.app);
      const [first, second] = [await createList(owner), await createList(owner)];
      for (let i = 0; i < 50; i += 1) {
        const list = i < 25 ? first : second;
        await as(owner)
          .post(`/v1/lists/${list.id}/invitations`, { email: `bulk${i}_${uniqueTag()}@example.test`, role: 'viewer' })
          .expect(200);
      }
      const extra = `extra_${uniqueTag()}@example.test`;
      const refused = await as(owner).post(`/v1/lists/${second.id}/invitations`, { email: extra, role: 'viewer' }).expect(422);
      expect(refused.body.error).toBe('An account can send at most 50 invitation mails per day (UTC); try again tomorrow');
      expect((await as(owner).get(`/v1/lists/${second.id}/invitations`).expect(200)).body.data.invitations).toHaveLength(25);
      expect(await mailTo(t.app, extra)).toEqual([]);

      clock.advance(23 * HOUR);
      await as(owner).post(`/v1/lists/${second.id}/invitations`, { email: extra, role: 'viewer' }).expect(200);
    });
  });
});
