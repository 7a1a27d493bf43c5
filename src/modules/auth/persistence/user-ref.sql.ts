/**
 * SQL fragments of the users table (the auth module's, ADR 0011) for the statements of other
 * modules that show a user as `{id, username, name}` (an item's assignee): the user as the row
 * is when the statement runs, or null when no user has that id.
 */

/** The user `userIdSql` as a JSON text `{"id":…,"username":…,"name":…}` with no spaces (as JSON.stringify writes it), or `'null'`. */
export const userRefJsonTextSql = (userIdSql: string): string =>
  `CASE WHEN ${userIdSql} IS NULL THEN 'null' ELSE COALESCE((SELECT '{"id":"' || u.id || '","username":' || to_json(u.username)::text || ',"name":' || to_json(u.name)::text || '}' FROM users u WHERE u.id = ${userIdSql}), 'null') END`;

/** The user `userIdSql` as a json value `{id, username, name}`, or NULL. */
export const userRefJsonSql = (userIdSql: string): string =>
  `CASE WHEN ${userIdSql} IS NOT NULL THEN (SELECT json_build_object('id', u.id, 'username', u.username, 'name', u.name) FROM users u WHERE u.id = ${userIdSql}) END`;
