import type { QueryRunner } from 'typeorm';

/**
 * Every migration runs once per mode's schema (src/database/data-source.ts): in `public` for
 * live data and the accounts, then in `sandbox` for test mode, whose connections resolve names
 * in `sandbox, public`. A migration of the account tables (users, sessions, API keys, mail…),
 * which exist once and are shared by both modes, does its work in `public` only and is a no-op,
 * recorded as run, in `sandbox`; a migration of per-mode tables does the same work in both.
 */
export function holdsAccounts(q: QueryRunner): boolean {
  const { schema } = q.connection.options as { schema?: string };
  return schema === undefined || schema === 'public';
}
