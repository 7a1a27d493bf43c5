import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CommonModule } from '../src/common/common.module';
import { SecretGenerator } from '../src/common/ports/secret-generator';
import { TokenHasher } from '../src/common/ports/token-hasher';
import { PasswordHasher } from '../src/modules/auth/domain/password-hasher';
import { listen, PortalClient } from './support/portal-client';
import { statementsOf } from './support/statement-recorder';
import { useTestApp } from './support/test-app';

/** What a reset request does to the database: the request's own statements, not the background workers'. */
const OWN = /\b(?:sign_in_attempts|account_tokens|users)\b|INSERT INTO "?mail"?|pg_advisory|^(?:START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i;

/**
 * API.md section 12: a password reset answers in the same time whether or not an account has
 * the email. Time is not measured (a wall clock only makes a flaky test); the work is: the same
 * statements in the same order, the same secrets made and hashed, no password hashed on
 * either path, and the same answer.
 */
describe('password reset: the same work for an account and for an unknown email (e2e)', () => {
  const t = useTestApp();
  let base: string;

  beforeAll(async () => {
    base = await listen(t.app);
  });

  async function workOf(email: string) {
    const common = t.app.select(CommonModule);
    const generate = jest.spyOn(common.get(SecretGenerator, { strict: true }), 'generate');
    const digest = jest.spyOn(common.get(TokenHasher, { strict: true }), 'digest');
    const hash = jest.spyOn(t.app.get(PasswordHasher), 'hash');
    const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
    let answer: unknown;
    const statements = await statementsOf(t.app.get(DataSource), async () => {
      const res = await new PortalClient(base).post('password-reset', { email });
      answer = { status: res.status, body: res.body };
    });
    const work = {
      answer,
      statements: statements.filter((s) => OWN.test(s.sql.trim())).map((s) => s.sql.replace(/\s+/g, ' ').trim()),
      secretsMade: generate.mock.calls.length,
      digests: digest.mock.calls.length,
      passwordHashes: hash.mock.calls.length + verify.mock.calls.length,
    };
    jest.restoreAllMocks();
    return work;
  }

  it('runs the same statements, makes and hashes the same secrets, and answers the same', async () => {
    const suffix = randomBytes(5).toString('hex');
    const email = `reset_${suffix}@example.test`;
    const signUp = await new PortalClient(base).post('signup', {
      email,
      username: `reset_${suffix}`,
      name: 'Reset',
      password: 'a long enough password',
    });
    expect(signUp.status).toBe(200);

    const known = await workOf(email);
    const unknown = await workOf(`nobody_${suffix}@example.test`);
    expect(known.answer).toEqual({ status: 200, body: { data: {}, error: null } });
    expect(unknown).toEqual(known);
    expect(known.statements.some((sql) => /INSERT INTO account_tokens/.test(sql))).toBe(true);
    expect(known.statements.some((sql) => /INSERT INTO "?mail/.test(sql))).toBe(true);
    expect(known).toMatchObject({ secretsMade: 1, passwordHashes: 0 });
  });
});
