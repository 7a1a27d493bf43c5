import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  email!: string;

  @Column('text')
  username!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('boolean', { name: 'email_verified' })
  emailVerified!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
