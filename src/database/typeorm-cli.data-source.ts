import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATION_TIMEOUTS } from './data-source';

/**
 * For the TypeORM CLI (`npx typeorm -d dist/database/typeorm-cli.data-source.js migration:show`).
 * Needs DATABASE_URL; the service itself never uses this file.
 */
export default new DataSource(
  dataSourceOptions({ url: process.env.DATABASE_URL ?? 'postgres://localhost:5432/todo', poolSize: 2, timeouts: MIGRATION_TIMEOUTS }),
);
