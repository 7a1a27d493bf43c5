import type { DataSourceOptions } from 'typeorm';
import { UserOrmEntity } from '../modules/auth/infrastructure/typeorm/user.orm-entity';
import { SessionOrmEntity } from '../modules/auth/infrastructure/typeorm/session.orm-entity';
import { SignInAttemptOrmEntity } from '../modules/auth/infrastructure/typeorm/sign-in-attempt.orm-entity';
import { ApiKeyOrmEntity } from '../modules/keys/infrastructure/typeorm/api-key.orm-entity';
import { IdempotencyKeyOrmEntity } from '../modules/idempotency/infrastructure/typeorm/idempotency-key.orm-entity';
import { ItemOrmEntity } from '../modules/items/infrastructure/typeorm/item.orm-entity';
import { ListMemberOrmEntity, ListOrmEntity } from '../modules/lists/infrastructure/typeorm/list.orm-entity';
import { InvitationOrmEntity } from '../modules/lists/infrastructure/typeorm/invitation.orm-entity';
import { ShareOrmEntity } from '../modules/lists/infrastructure/typeorm/share.orm-entity';

/** The TypeORM entities of every module. Each module's infrastructure adds its own here. */
export const ENTITIES: NonNullable<DataSourceOptions['entities']> = [
  UserOrmEntity,
  ApiKeyOrmEntity,
  SessionOrmEntity,
  SignInAttemptOrmEntity,
  ListOrmEntity,
  ListMemberOrmEntity,
  InvitationOrmEntity,
  ShareOrmEntity,
  ItemOrmEntity,
  IdempotencyKeyOrmEntity,
];
