import { Clock } from '../ports/clock';

/** A clock tests move by hand. */
export class FakeClock extends Clock {
  private current: number;

  constructor(start: Date | string | number = '2026-01-01T00:00:00.000Z') {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(at: Date | string | number): void {
    this.current = new Date(at).getTime();
  }
}
