import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'sign_in_attempts' })
export class SignInAttemptOrmEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'login_key' })
  loginKey!: string;

  @Column('text')
  address!: string;

  @Column('timestamptz', { name: 'attempted_at' })
  at!: Date;
}
