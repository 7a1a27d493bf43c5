import { ThrottlerRefusals } from './throttler-refusals';

describe('ThrottlerRefusals', () => {
  it('announces each refusal, by throttler, to every listener until it stops listening', () => {
    const refusals = new ThrottlerRefusals();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = refusals.listen((name) => first.push(name));
    refusals.listen((name) => second.push(name));
    refusals.refused('default');
    stopFirst();
    refusals.refused('portal');
    expect(first).toEqual(['default']);
    expect(second).toEqual(['default', 'portal']);
  });

  it('does nothing without a listener', () => {
    expect(() => new ThrottlerRefusals().refused('default')).not.toThrow();
  });
});
