import { IsString } from 'class-validator';
import { boundedMessage, createValidationPipe, unknownFieldsMessage } from './validation';

class LoginLike {
  @IsString()
  login!: string;

  @IsString()
  password!: string;
}

describe('the global validation pipe', () => {
  const pipe = createValidationPipe();
  const body = (value: unknown) => pipe.transform(value, { type: 'body', metatype: LoginLike });

  it('passes a valid body through as the DTO', async () => {
    await expect(body({ login: 'ada', password: 'secret' })).resolves.toBeInstanceOf(LoginLike);
  });

  it.each(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'extra'])(
    'refuses the unknown field %s, which class-transformer would drop silently',
    async (field) => {
      const value = JSON.parse(`{"login":"ada","password":"secret","${field}":1}`);
      await expect(body(value)).rejects.toMatchObject({ kind: 'invalid', message: `property ${field} should not exist` });
    },
  );

  it('refuses prototype-named query parameters like any other', async () => {
    const query = Object.assign(Object.create(null), { constructor: '1' });
    await expect(pipe.transform(query, { type: 'query', metatype: LoginLike })).rejects.toMatchObject({ kind: 'invalid' });
  });

  it.each([
    ['NUL', 'a\u0000b', /login must not contain NUL/],
    ['a lone surrogate', 'a\ud800', /login must be valid Unicode/],
  ])('refuses %s in any string', async (_label, login, message) => {
    await expect(body({ login, password: 'secret' })).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(message) });
  });

  it('checks strings of bodies without a DTO too, and nested ones, and field names', async () => {
    const plain = (value: unknown) => pipe.transform(value, { type: 'body', metatype: Object });
    await expect(plain({ a: [{ b: 'x\u0000' }] })).rejects.toMatchObject({ message: 'a[0].b must not contain NUL (U+0000)' });
    await expect(plain({ 'x\u0000': 1 })).rejects.toMatchObject({ message: expect.stringMatching(/field name must not contain NUL/) });
  });

  it('names at most five problems', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 1]));
    await expect(body({ login: 'a', password: 'b', ...many })).rejects.toMatchObject({
      message:
        'property f0 should not exist; property f1 should not exist; property f2 should not exist; property f3 should not exist; property f4 should not exist; and 35 more',
    });
  });
});

describe('bounded messages', () => {
  it('keeps short lists whole and truncates long names', () => {
    expect(boundedMessage(['a', 'b'])).toBe('a; b');
    expect(unknownFieldsMessage(['x'.repeat(1000)]).length).toBeLessThan(120);
    expect(unknownFieldsMessage(['bad\u0000name'])).toBe('property bad\\u0000name should not exist');
  });
});
