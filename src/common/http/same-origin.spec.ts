import { isOwnOrigin } from './same-origin';

describe('isOwnOrigin', () => {
  it.each([
    ['http://localhost:3000', 'localhost:3000'],
    ['https://todo.example.com', 'todo.example.com'],
    ['http://TODO.example.com', 'todo.example.com'],
    ['http://todo.example.com', 'todo.example.com:80'],
    ['https://todo.example.com', 'todo.example.com:443'],
  ])('accepts %s for Host %s', (origin, host) => {
    expect(isOwnOrigin(origin, host)).toBe(true);
  });

  it.each([
    ['https://evil.example', 'todo.example.com'],
    ['http://localhost:3001', 'localhost:3000'],
    ['http://todo.example.com.evil.example', 'todo.example.com'],
    ['null', 'todo.example.com'],
    ['file:///etc/passwd', 'todo.example.com'],
    ['not a url', 'todo.example.com'],
    ['http://todo.example.com', undefined],
    ['http://todo.example.com', 'bad host/with path'],
  ])('refuses %s for Host %s', (origin, host) => {
    expect(isOwnOrigin(origin, host)).toBe(false);
  });

  it('trusts PUBLIC_ORIGIN over the Host header when it is configured', () => {
    expect(isOwnOrigin('https://todo.example.com', 'internal:3000', 'https://todo.example.com')).toBe(true);
    expect(isOwnOrigin('https://todo.example.com', 'internal:3000', 'https://todo.example.com/')).toBe(true);
    expect(isOwnOrigin('http://internal:3000', 'internal:3000', 'https://todo.example.com')).toBe(false);
    expect(isOwnOrigin('http://todo.example.com', 'todo.example.com', 'https://todo.example.com')).toBe(false);
  });
});
