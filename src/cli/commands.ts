import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import type { AccountsService } from '../modules/auth/domain/accounts.service';
import type { User } from '../modules/auth/domain/user';
import type { KeyMode } from '../common/auth/principal';
import { SCOPES } from '../common/auth/scopes';
import type { ApiKey } from '../modules/keys/domain/api-key';
import { KEY_MODES, type KeyRestrictionsInput } from '../modules/keys/domain/key-restrictions';
import type { KeysService } from '../modules/keys/domain/keys.service';
import type { MailProps } from '../modules/mail/domain/mail-message';
import type { MailOperations } from '../modules/mail/domain/mail-operations';
import { isoTime } from '../common/http/iso-time';
import { presentAccount, presentCreatedKey, presentKey } from '../modules/developers/http/portal.presenter';

export const USAGE = `Usage: npm run --silent cli -- <command> [options]
  (--silent keeps npm's own banner off stdout, so that --json prints one JSON document alone)

Commands:
  create-user --email E --username U --name N [--password-stdin] [--json]
      Creates an account. The password is read from stdin with --password-stdin,
      prompted for (without echo) on a terminal, otherwise generated and printed once.
  create-key --login <email or username> --label L [--mode live|test] [--scopes S,S] [--list-ids ID,ID]
             [--expires-at ISO-8601] [--allowed-ips ADDR,CIDR] [--json]
      Creates an API key for the account and prints it once: live (sk_live_…, the default) or,
      with --mode test, a test key (sk_test_…) working on the sandbox's separate data; its
      --list-ids name test lists. Each restriction is optional and follows the developer page's
      rules: --scopes a subset of
      ${SCOPES.join(', ')};
      --list-ids lists the account can see; --expires-at a future time at most 366 days ahead
      (with an offset, as YYYY-MM-DDThh:mm:ssZ); --allowed-ips IPv4/IPv6 addresses or CIDR
      ranges. Without them the key has every scope, every list, no expiry, any address.
  list-keys --login <email or username> [--mode live|test] [--json]
      Lists the account's keys (never the secrets) with their modes: both modes, or the one named.
  revoke-key --login <email or username> (--key-id ID | --last4 XXXX) [--json]
      Revokes one of the account's keys, named by id or by the last 4 characters of an active key.
  roll-key --login <email or username> --key-id ID --expires-in-hours H [--json]
      Replaces an active key by a new one with the same label and restrictions, printed once;
      the old key expires H hours from now (an integer 0-168; 0: at once).
  dead-mail [--json]
      Lists dead mail (its attempts ran out, or the SMTP server refused it for good), most
      recently given up first: id, kind, recipient, attempts, last error. Never the text.
  retry-mail --id ID [--json]
      Sends a dead message again, with the whole retry schedule ahead of it.

Database: DATABASE_URL when set; otherwise the embedded PostgreSQL of DATA_DIR (default .data),
reached through the running service or started for the command alone.`;

/** A mistake in how the command was called: usage is printed, exit status 2. */
export class UsageError extends Error {}

/** A request the command refuses (unknown login, ambiguous key): exit status 1. */
export class CommandError extends Error {}

type Options = Record<string, { type: 'string' | 'boolean' }>;

const COMMANDS: Record<string, { options: Options; required: string[] }> = {
  'create-user': {
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    required: ['email', 'username', 'name'],
  },
  'create-key': {
    options: {
      login: { type: 'string' },
      label: { type: 'string' },
      mode: { type: 'string' },
      scopes: { type: 'string' },
      'list-ids': { type: 'string' },
      'expires-at': { type: 'string' },
      'allowed-ips': { type: 'string' },
      json: { type: 'boolean' },
    },
    required: ['login', 'label'],
  },
  'list-keys': { options: { login: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } }, required: ['login'] },
  'revoke-key': {
    options: { login: { type: 'string' }, 'key-id': { type: 'string' }, last4: { type: 'string' }, json: { type: 'boolean' } },
    required: ['login'],
  },
  'roll-key': {
    options: { login: { type: 'string' }, 'key-id': { type: 'string' }, 'expires-in-hours': { type: 'string' }, json: { type: 'boolean' } },
    required: ['login', 'key-id', 'expires-in-hours'],
  },
  'dead-mail': { options: { json: { type: 'boolean' } }, required: [] },
  'retry-mail': { options: { id: { type: 'string' }, json: { type: 'boolean' } }, required: ['id'] },
};

export interface ParsedCommand {
  /** A key of COMMANDS, or 'help'. */
  command: string;
  values: Record<string, string | boolean | undefined>;
}

export function parseCommand(argv: readonly string[]): ParsedCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { command: 'help', values: {} };
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`unknown command "${command}"`);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...rest], options: spec.options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}`);
  }
  for (const name of spec.required) {
    if (typeof values[name] !== 'string') throw new UsageError(`${command}: --${name} is required`);
  }
  if (command === 'revoke-key' && (values['key-id'] === undefined) === (values.last4 === undefined)) {
    throw new UsageError('revoke-key: give exactly one of --key-id and --last4');
  }
  if (command === 'list-keys' && values.mode !== undefined && !(KEY_MODES as readonly string[]).includes(values.mode as string)) {
    throw new UsageError(`list-keys: --mode is one of ${KEY_MODES.join(', ')}`);
  }
  return { command, values };
}

/** The generated password: 144 random bits, URL-safe, well above the 10-character minimum. */
export const generatePassword = (): string => randomBytes(18).toString('base64url');

export interface CommandServices {
  accounts: AccountsService;
  keys: KeysService;
  mail: MailOperations;
}

/** What a command prints: the JSON object for --json, the lines for people otherwise. */
export interface CommandResult {
  json: Record<string, unknown>;
  text: string[];
}

async function accountFor(accounts: AccountsService, login: string): Promise<User> {
  const user = await accounts.findByLogin(login);
  if (!user) throw new CommandError(`no account with the login "${login}"`);
  return user;
}

const keyLine = (key: ReturnType<typeof presentKey>) =>
  [key.id, `${key.prefix}…${key.last4}`, key.mode, key.status.padEnd(7), key.created_at, key.last_used_at ?? 'never', key.label].join('  ');

/** A comma-separated option as a list (`--scopes lists:read,items:read`); the empty text is the empty list. */
const listOption = (value: string | boolean | undefined): string[] | undefined =>
  typeof value === 'string' ? (value === '' ? [] : value.split(',').map((part) => part.trim())) : undefined;

/** The restrictions of create-key, by the same rules as the developer page's (KeysService). */
const restrictionsOf = (values: ParsedCommand['values']): KeyRestrictionsInput => ({
  mode: values.mode as string | undefined,
  scopes: listOption(values.scopes),
  listIds: listOption(values['list-ids']),
  expiresAt: values['expires-at'] as string | undefined,
  allowedIps: listOption(values['allowed-ips']),
});

const present = (services: CommandServices, key: ApiKey) => presentKey(key, services.keys.statusOf(key));

export async function createUser(
  services: CommandServices,
  values: ParsedCommand['values'],
  password: { value: string; generated: boolean },
): Promise<CommandResult> {
  // The operator vouches for the address: the account starts verified.
  const user = await services.accounts.signUp(
    {
      email: values.email as string,
      username: values.username as string,
      name: values.name as string,
      password: password.value,
    },
    { emailVerified: true },
  );
  const account = presentAccount(user);
  const text = [`created user ${account.username} (${account.email}), id ${account.id}`];
  if (password.generated) text.push(`generated password, shown only now: ${password.value}`);
  return { json: password.generated ? { ...account, password: password.value } : account, text };
}

export async function createKey(services: CommandServices, values: ParsedCommand['values']): Promise<CommandResult> {
  const user = await accountFor(services.accounts, values.login as string);
  const { key, secret } = await services.keys.create(user.id, values.label as string, restrictionsOf(values));
  const created = presentCreatedKey(key, secret);
  return {
    json: { ...created, user_id: user.id },
    text: [`created ${created.mode} key "${created.label}" (id ${created.id}) for ${user.username}; it is shown only now:`, secret],
  };
}

export async function listKeys(services: CommandServices, values: ParsedCommand['values']): Promise<CommandResult> {
  const user = await accountFor(services.accounts, values.login as string);
  const keys = (await services.keys.list(user.id, values.mode as KeyMode | undefined)).map((key) => present(services, key));
  return {
    json: { keys },
    text:
      keys.length === 0
        ? [`${user.username} has no ${values.mode === undefined ? '' : `${values.mode as string} `}keys`]
        : ['id  key  mode  status  created  last used  label', ...keys.map(keyLine)],
  };
}

export async function revokeKey(services: CommandServices, values: ParsedCommand['values']): Promise<CommandResult> {
  const user = await accountFor(services.accounts, values.login as string);
  let keyId = values['key-id'] as string | undefined;
  if (keyId === undefined) {
    const last4 = (values.last4 as string).toLowerCase();
    const matches = (await services.keys.list(user.id)).filter((k: ApiKey) => k.isActive && k.toProps().last4 === last4);
    if (matches.length === 0) throw new CommandError(`${user.username} has no active key ending in ${last4}`);
    if (matches.length > 1)
      throw new CommandError(`${matches.length} active keys of ${user.username} end in ${last4}; name one with --key-id`);
    keyId = matches[0].id;
  }
  const revoked = present(services, await services.keys.revoke(user.id, keyId));
  return { json: revoked, text: [`revoked key "${revoked.label}" (${revoked.prefix}…${revoked.last4}, id ${revoked.id})`] };
}

export async function rollKey(services: CommandServices, values: ParsedCommand['values']): Promise<CommandResult> {
  const user = await accountFor(services.accounts, values.login as string);
  const hours = values['expires-in-hours'] as string;
  // Only digits: Number() would read "", " 1" or "1e1" as numbers the developer page refuses.
  const graceHours = /^\d{1,4}$/.test(hours) ? Number(hours) : Number.NaN;
  const { key, secret, replaced } = await services.keys.roll(user.id, values['key-id'] as string, graceHours);
  const created = presentCreatedKey(key, secret);
  const old = present(services, replaced);
  return {
    json: { ...created, user_id: user.id, replaced: old },
    text: [
      `rolled key "${created.label}": the old key (id ${old.id}) expires at ${old.expires_at}; the new key (id ${created.id}) is shown only now:`,
      secret,
    ],
  };
}

/** A message as operators see it: never its text, which may hold a token. */
const presentMail = (m: MailProps) => ({
  id: m.id,
  kind: m.kind,
  to: m.to,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  created_at: isoTime(m.createdAt),
  updated_at: isoTime(m.updatedAt),
});

export async function deadMail(services: CommandServices): Promise<CommandResult> {
  const dead = (await services.mail.dead()).map(presentMail);
  return {
    json: { mail: dead },
    text:
      dead.length === 0
        ? ['no dead mail']
        : [
            'id  kind  to  attempts  given up at  last error',
            ...dead.map((m) => [m.id, m.kind, m.to, m.attempts, m.updated_at, m.last_error ?? ''].join('  ')),
          ],
  };
}

export async function retryMail(services: CommandServices, values: ParsedCommand['values']): Promise<CommandResult> {
  const again = presentMail(await services.mail.retry(values.id as string));
  return { json: again, text: [`mail ${again.id} (${again.kind} to ${again.to}) is queued again`] };
}

export function runCommand(
  services: CommandServices,
  parsed: ParsedCommand,
  password?: { value: string; generated: boolean },
): Promise<CommandResult> {
  switch (parsed.command) {
    case 'create-user':
      if (!password) throw new Error('create-user needs a password');
      return createUser(services, parsed.values, password);
    case 'create-key':
      return createKey(services, parsed.values);
    case 'list-keys':
      return listKeys(services, parsed.values);
    case 'revoke-key':
      return revokeKey(services, parsed.values);
    case 'roll-key':
      return rollKey(services, parsed.values);
    case 'dead-mail':
      return deadMail(services);
    case 'retry-mail':
      return retryMail(services, parsed.values);
    default:
      throw new UsageError(`unknown command "${parsed.command}"`);
  }
}
