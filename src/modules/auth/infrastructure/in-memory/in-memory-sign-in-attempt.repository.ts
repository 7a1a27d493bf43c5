import { AttemptSubject, SignInAttempt, SignInAttemptRepository } from '../../domain/sign-in-attempt.repository';

export class InMemorySignInAttemptRepository extends SignInAttemptRepository {
  private readonly attempts = new Map<string, SignInAttempt>();

  /** Nothing to lock: the in-memory unit of work already runs units one at a time. */
  async lockSubjects(): Promise<void> {}

  async timesFor(subject: AttemptSubject, value: string, since: Date): Promise<Date[]> {
    return [...this.attempts.values()]
      .filter((a) => (subject === 'login' ? a.loginKey : a.address) === value && a.at.getTime() >= since.getTime())
      .map((a) => new Date(a.at))
      .sort((x, y) => x.getTime() - y.getTime());
  }

  async add(attempt: SignInAttempt): Promise<void> {
    this.attempts.set(attempt.id, { ...attempt });
  }

  async remove(id: string): Promise<void> {
    this.attempts.delete(id);
  }

  async removeOlderThan(before: Date): Promise<void> {
    for (const [id, attempt] of this.attempts) if (attempt.at.getTime() < before.getTime()) this.attempts.delete(id);
  }
}
