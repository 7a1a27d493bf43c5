import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { NamedStatement } from '../../../../common/persistence/named-statement';
import { managerOf } from '../../../../common/persistence/typeorm-unit-of-work';
import { isUniqueViolation } from '../../../../common/persistence/unique-violation';
import { EmailTaken, UsernameTaken } from '../../domain/auth.errors';
import { normaliseEmail, User } from '../../domain/user';
import { UserRepository } from '../../domain/user.repository';
import { UserOrmEntity } from './user.orm-entity';

const toDomain = (row: UserOrmEntity): User => ({ ...row });

/** The columns of a User, named as the domain names them (for plain SQL on per-request paths). */
const USER_COLUMNS =
  'id, email, username, name, password_hash AS "passwordHash", email_verified AS "emailVerified", created_at AS "createdAt"';

const FIND_BY_ID = new NamedStatement('users_find_by_id', `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`);

@Injectable()
export class TypeOrmUserRepository extends UserRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private get repo() {
    return managerOf(this.dataSource).getRepository(UserOrmEntity);
  }

  async insert(user: User): Promise<void> {
    try {
      await this.repo.insert({ ...user, email: normaliseEmail(user.email) });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_uq')) throw new EmailTaken();
      if (isUniqueViolation(error, 'users_username_uq')) throw new UsernameTaken();
      throw error;
    }
  }

  /** Per request (GET /v1/me): a prepared statement, not the query builder (docs/performance.md). */
  async findById(id: string): Promise<User | null> {
    const rows = await FIND_BY_ID.run<User>(this.dataSource, [id]);
    return rows[0] ?? null;
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    return (await this.repo.findBy({ id: In([...ids]) })).map(toDomain);
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.repo
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normaliseEmail(email) })
      .getOne();
    return row ? toDomain(row) : null;
  }

  async findByUsername(username: string): Promise<User | null> {
    const row = await this.repo.findOneBy({ username });
    return row ? toDomain(row) : null;
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.repo.update({ id }, { passwordHash });
  }

  async markEmailVerified(id: string, email: string): Promise<User | null> {
    const [rows] = await managerOf(this.dataSource).query<[User[], number]>(
      `UPDATE users SET email_verified = true WHERE id = $1 AND lower(email) = $2 RETURNING ${USER_COLUMNS}`,
      [id, normaliseEmail(email)],
    );
    return rows[0] ?? null;
  }

  async changeEmail(id: string, email: string): Promise<void> {
    try {
      await this.repo.update({ id }, { email: normaliseEmail(email), emailVerified: false });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_uq')) throw new EmailTaken();
      throw error;
    }
  }
}
