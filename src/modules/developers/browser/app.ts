/**
 * The developer page's script (GET /developers/app.js), compiled on its own with the DOM
 * library (./tsconfig.json) into dist/ and served as a static asset. It builds every element
 * with textContent, never innerHTML, so labels typed by users cannot inject markup.
 */

interface Account {
  id: string;
  email: string;
  username: string;
  name: string;
  /** False until the account opens the link mailed to it (API.md section 12). */
  email_verified?: boolean;
}

interface KeyView {
  id: string;
  label: string;
  /** `live` or `test`; the key's restrictions are those of API.md section 9. */
  mode?: string;
  prefix: string;
  last4: string;
  scopes?: string[];
  /** Null: every list the account can see. */
  list_ids?: string[] | null;
  expires_at?: string | null;
  /** Null: from anywhere. */
  allowed_ips?: string[] | null;
  status: string;
  created_at: string;
  last_used_at: string | null;
}

/** A key with its secret: the answer of a creation or a roll, the only ones that carry it. */
interface CreatedKey extends KeyView {
  key: string;
}

interface ListChoice {
  id: string;
  name: string;
}

interface WebhookView {
  id: string;
  url: string;
  types: string[] | null;
  list_id: string | null;
  status: string;
  disabled_reason: string | null;
  created_at: string;
  /** Only in the answer that made it (creation, rotation). */
  secret?: string | null;
}

interface DeliveryView {
  id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

/** An answer of the portal API that was not a success, or no answer at all. */
class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type Fields = Record<string, FormDataEntryValue>;
/** A JSON body: a form's fields, or one built from them. */
type Body = Record<string, unknown>;

/** An element the page is known to have: a missing one is a bug in the page, found at once. */
function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/** The portal route of the development mailbox (absent in production: a 404). */
const MAILBOX_PATH = 'dev/mailbox';

const statusBox = byId('status');
const errorBox = byId('error');
const newKeyPanel = byId('new-key-panel');
const newKeyText = byId('new-key');

// Messages are shown as sentences, whichever layer wrote them.
function sentence(message: string): string {
  const text = message || '';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A pattern for the message, the input it concerns, and others to mark invalid with it. */
type FieldRule = [pattern: RegExp, inputId: string, alsoInvalid?: string[]];

/**
 * Which field a server-side error concerns, by form: the message names it. An error that
 * concerns no field (a limit, a lost connection, too many attempts) stays at the top.
 */
const FIELD_RULES: Record<string, FieldRule[]> = {
  'signup-form': [
    [/^email\b|\bemail already/i, 'signup-email'],
    [/^username\b|\busername is already/i, 'signup-username'],
    [/^name\b/i, 'signup-name'],
    [/^password\b/i, 'signup-password'],
  ],
  'signin-form': [
    [/^invalid login or password/i, 'signin-password', ['signin-login']],
    [/^login\b/i, 'signin-login'],
    [/^password\b/i, 'signin-password'],
  ],
  'key-form': [
    [/^label\b/i, 'key-label'],
    [/\bscopes?\b/i, 'key-scopes'],
    [/\blist_ids\b|\blists?\b/i, 'key-lists'],
    [/\bexpir/i, 'key-expiry'],
    [/\ballowed_ips\b|\baddress/i, 'key-ips'],
  ],
  'forgot-form': [[/^email\b/i, 'forgot-email']],
  'reset-form': [[/^password\b/i, 'reset-password']],
  'email-form': [
    [/^email\b|\bemail already/i, 'email-new'],
    [/\bcurrent password\b|^password\b/i, 'email-password'],
  ],
  'password-form': [
    [/^current_password\b|\bcurrent password\b/i, 'password-current'],
    [/^new_password\b|^password\b/i, 'password-new'],
  ],
  'webhook-form': [
    [/^url\b/i, 'webhook-url'],
    [/\btypes\b/i, 'webhook-types'],
    [/^list_id\b|^list not found/i, 'webhook-list'],
  ],
};

function describedBy(input: Element): string[] {
  return (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
}

function clearFieldErrors(form: HTMLFormElement): void {
  form.querySelectorAll('[aria-invalid]').forEach((input) => {
    input.removeAttribute('aria-invalid');
    const errorId = `${input.id}-error`;
    const rest = describedBy(input).filter((id) => id !== errorId);
    if (rest.length) input.setAttribute('aria-describedby', rest.join(' '));
    else input.removeAttribute('aria-describedby');
  });
  form.querySelectorAll<HTMLElement>('.field-error').forEach((box) => {
    box.textContent = '';
    box.hidden = true;
  });
}

function markInvalid(input: HTMLElement): void {
  input.setAttribute('aria-invalid', 'true');
  const errorId = `${input.id}-error`;
  const ids = describedBy(input);
  if (ids.indexOf(errorId) < 0) ids.unshift(errorId);
  input.setAttribute('aria-describedby', ids.join(' '));
}

/** Shows the error beside its field and returns true, or returns false if it concerns none. */
function showFieldError(form: HTMLFormElement, message: string): boolean {
  const rules = FIELD_RULES[form.id] || [];
  for (const [pattern, inputId, alsoInvalid] of rules) {
    if (!pattern.test(message)) continue;
    const input = byId(inputId);
    const box = byId(`${inputId}-error`);
    box.textContent = sentence(message);
    box.hidden = false;
    markInvalid(input);
    (alsoInvalid || []).forEach((otherId) => {
      const other = byId(otherId);
      other.setAttribute('aria-invalid', 'true');
      const ids = describedBy(other);
      if (ids.indexOf(box.id) < 0) ids.unshift(box.id);
      other.setAttribute('aria-describedby', ids.join(' '));
    });
    statusBox.textContent = '';
    errorBox.textContent = '';
    // A group of choices (a fieldset) is not focusable itself: its first control is.
    (input.matches('fieldset') ? input.querySelector<HTMLElement>('input, textarea, select') || input : input).focus();
    return true;
  }
  return false;
}

function announce(message: string): void {
  errorBox.textContent = '';
  // Emptying first makes screen readers repeat a message identical to the last one.
  statusBox.textContent = '';
  window.setTimeout(() => {
    statusBox.textContent = sentence(message);
  }, 50);
}

function fail(message: string): void {
  statusBox.textContent = '';
  errorBox.textContent = sentence(message);
}

/** One call of the portal API: its `data` on success, an ApiError (with the status) otherwise. */
function api<T>(method: string, path: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body || {});
  }
  return fetch(`/developers/api/${path}`, init).then(
    (res) =>
      res
        .json()
        .catch(() => null)
        .then((payload: { data?: T; error?: string | null } | null) => {
          if (res.ok && payload) return payload.data as T;
          throw new ApiError((payload && payload.error) || `The request failed (HTTP ${res.status})`, res.status);
        }),
    () => {
      throw new ApiError('The service cannot be reached. Check the connection and try again.');
    },
  );
}

const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function busy(control: HTMLButtonElement, on: boolean): void {
  control.disabled = on;
  control.setAttribute('aria-busy', on ? 'true' : 'false');
}

/**
 * Every time on the page in one format, with its time zone (the browser's): "28 Nov 2026, 18:45 UTC";
 * a request's or an event's time also has its seconds. The full ISO time is the element's title.
 */
const DATE_PARTS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', DATE_PARTS);
const PRECISE_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { ...DATE_PARTS, second: '2-digit' });

function formatTime(iso: string | null, precise = false): HTMLTimeElement | null {
  if (!iso) return null;
  const time = document.createElement('time');
  time.dateTime = iso;
  time.title = iso;
  time.textContent = (precise ? PRECISE_DATE_FORMAT : DATE_FORMAT).format(new Date(iso));
  return time;
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** How far ahead a time is, in words: "in 23 hours", "in 6 days"; null once it has passed. */
function fromNow(iso: string): string | null {
  const ms = Date.parse(iso) - Date.now();
  if (!(ms > 0)) return null;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return RELATIVE.format(Math.max(1, minutes), 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return RELATIVE.format(hours, 'hour');
  return RELATIVE.format(Math.round(hours / 24), 'day');
}

function cell(row: HTMLTableRowElement, content: Node | string, label?: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.setAttribute('role', 'cell');
  td.setAttribute('data-label', label || '');
  if (content instanceof Node) td.appendChild(content);
  else td.textContent = content;
  row.appendChild(td);
  return td;
}

const ALL_SCOPES = ['lists:read', 'lists:write', 'items:read', 'items:write', 'profile:read'];

const maskedKey = (key: KeyView): string => `${key.prefix}\u2026${key.last4}`;

/** The names of the account's lists (of the page's mode) by id, once GET lists has answered. */
const listNames = new Map<string, string>();

/** A list as the page names it: quoted (a name may hold commas), or said to be gone. */
const listName = (id: string): string => (listNames.has(id) ? `\u201c${listNames.get(id)}\u201d` : 'a deleted list');

function forgetListNames(): void {
  listNames.clear();
}

// Test mode (API.md section 10): the page shows and creates the keys and webhooks of one mode at
// a time, and offers the lists of that mode to the key form. The choice is the browser's
// (localStorage): a reload and a new tab keep it until it is changed.

type Mode = 'live' | 'test';
const MODE_STORAGE = 'developers.mode';

function storedMode(): Mode {
  try {
    return window.localStorage.getItem(MODE_STORAGE) === 'test' ? 'test' : 'live';
  } catch {
    // Storage refused (a privacy setting): the page starts live, as a new tab does.
    return 'live';
  }
}

/** The mode the page works in. */
let pageMode: Mode = storedMode();

/** A portal path of a route that works on one mode's data (webhooks, lists), in the page's mode. */
const inMode = (path: string): string => `${path}${path.includes('?') ? '&' : '?'}mode=${pageMode}`;

/**
 * Calls `render` with an answer only if the page is still in the mode it was asked in: an answer
 * that arrives after a switch belongs to the other mode, and its switch loads its own.
 */
function ifStillIn<T>(mode: Mode, render: (data: T) => void): (data: T) => void {
  return (data) => {
    if (mode === pageMode) render(data);
  };
}

/** A key's restrictions as terms and descriptions: scopes, lists, expiry, addresses. */
function restrictionsOf(key: KeyView): HTMLDListElement {
  const list = document.createElement('dl');
  list.className = 'restrictions';
  const add = (term: string, description: Node | string) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    if (description instanceof Node) dd.appendChild(description);
    else dd.textContent = description;
    list.append(dt, dd);
  };
  const scopes = key.scopes || ALL_SCOPES;
  add('Scopes', ALL_SCOPES.every((scope) => scopes.includes(scope)) ? 'All' : scopes.join(', '));
  add('Lists', key.list_ids ? key.list_ids.map(listName).join(', ') : 'All');
  add('Expires', formatTime(key.expires_at ?? null) || 'Never');
  add('From', key.allowed_ips ? key.allowed_ips.join(', ') : 'Anywhere');
  return list;
}

/** A key's mode; a test key's is a badge, seen at a glance. */
function modeOf(key: KeyView): HTMLElement {
  const mode = document.createElement('span');
  mode.textContent = key.mode === 'test' ? 'Test' : 'Live';
  if (key.mode === 'test') mode.className = 'mode-test';
  return mode;
}

/** Fills a container with one element per item, and shows its "none yet" line when there is none. */
function renderAll<T>(containerId: string, emptyId: string, items: T[], render: (item: T) => Node): void {
  byId(containerId).replaceChildren(...items.map(render));
  byId(emptyId).hidden = items.length > 0;
}

function tableRow(): HTMLTableRowElement {
  const row = document.createElement('tr');
  row.setAttribute('role', 'row');
  return row;
}

/** A button that runs `action` on each click, marked busy until it settles (`action` handles its own failures). */
function onPress(buttonId: string, action: () => Promise<unknown>): void {
  const button = byId<HTMLButtonElement>(buttonId);
  button.addEventListener('click', () => {
    busy(button, true);
    void action().then(() => busy(button, false));
  });
}

/** Replacements this page made by rolling, old key id to new key id: they pair for certain. */
const rolledHere = new Map<string, string>();

const sameList = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A roll's grace period is at most 7 days (API.md section 9); a minute more for the time the roll took. */
const LONGEST_GRACE_MS = 7 * 24 * 60 * 60 * 1000 + 60_000;

/**
 * Which key replaced which (new id by old id). A key holds no link to its replacement, so besides
 * the rolls made on this page, a pair is two keys of the same label, mode and restrictions where
 * the older one, still active, expires within a roll's grace period of the newer one's creation.
 */
function replacementsOf(keys: KeyView[]): Map<string, KeyView> {
  const byId = new Map(keys.map((key) => [key.id, key]));
  const pairs = new Map<string, KeyView>();
  const taken = new Set<string>();
  for (const old of keys) {
    const known = rolledHere.get(old.id);
    if (known && byId.has(known)) {
      pairs.set(old.id, byId.get(known)!);
      taken.add(known);
    }
  }
  for (const old of keys) {
    if (pairs.has(old.id) || old.status !== 'active' || !old.expires_at) continue;
    const expires = Date.parse(old.expires_at);
    const replacement = keys
      .filter(
        (candidate) =>
          candidate.id !== old.id &&
          !taken.has(candidate.id) &&
          candidate.label === old.label &&
          candidate.mode === old.mode &&
          Date.parse(candidate.created_at) > Date.parse(old.created_at) &&
          expires >= Date.parse(candidate.created_at) - 60_000 &&
          expires <= Date.parse(candidate.created_at) + LONGEST_GRACE_MS &&
          sameList(candidate.scopes, old.scopes) &&
          sameList(candidate.list_ids, old.list_ids) &&
          sameList(candidate.allowed_ips, old.allowed_ips),
      )
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))[0];
    if (replacement) {
      pairs.set(old.id, replacement);
      taken.add(replacement.id);
    }
  }
  return pairs;
}

/** The keys in the service's order, except that a rolled key comes right after its replacement. */
function pairedOrder(keys: KeyView[], replacements: Map<string, KeyView>): KeyView[] {
  const oldOf = new Map<string, KeyView[]>();
  replacements.forEach((replacement, oldId) => {
    const old = keys.find((key) => key.id === oldId)!;
    oldOf.set(replacement.id, [...(oldOf.get(replacement.id) ?? []), old]);
  });
  const placed = new Set<string>();
  const order: KeyView[] = [];
  const place = (key: KeyView) => {
    if (placed.has(key.id)) return;
    placed.add(key.id);
    order.push(key);
    (oldOf.get(key.id) ?? []).forEach(place);
  };
  keys.filter((key) => !replacements.has(key.id)).forEach(place);
  keys.forEach(place);
  return order;
}

function note(text: string, className: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

/** The key's status, and for an active key that expires, when: "expires in 23 hours". */
function keyStatus(key: KeyView, rolled: boolean): HTMLElement {
  const box = document.createElement('span');
  box.append(key.status);
  const left = key.status === 'active' && key.expires_at ? fromNow(key.expires_at) : null;
  if (left) box.appendChild(note(`${rolled ? 'rolled: ' : ''}expires ${left}`, 'expiry-note'));
  return box;
}

function renderKeys(keys: KeyView[]): void {
  const replacements = replacementsOf(keys);
  const replaced = new Map<string, KeyView>();
  replacements.forEach((replacement, oldId) =>
    replaced.set(
      replacement.id,
      keys.find((key) => key.id === oldId)!,
    ),
  );
  renderAll('keys-body', 'no-keys', pairedOrder(keys, replacements), (key) => {
    const row = tableRow();
    const replacement = replacements.get(key.id);
    const predecessor = replaced.get(key.id);
    if (replacement) row.classList.add('rolled');
    if (predecessor) row.classList.add('pair-start');
    const labelBox = document.createElement('span');
    labelBox.append(key.label);
    if (predecessor) labelBox.appendChild(note(`replaces ${maskedKey(predecessor)}`, 'pair-note'));
    if (replacement) labelBox.appendChild(note(`replaced by ${maskedKey(replacement)}`, 'pair-note'));
    const label = cell(row, labelBox, 'Label');
    label.id = `key-label-${key.id}`;
    const masked = document.createElement('code');
    masked.textContent = maskedKey(key);
    cell(row, masked, 'Key');
    cell(row, modeOf(key), 'Mode');
    cell(row, restrictionsOf(key), 'Restrictions');
    cell(row, formatTime(key.created_at) ?? '', 'Created');
    cell(row, formatTime(key.last_used_at) || 'Never', 'Last used');
    cell(row, keyStatus(key, Boolean(replacement)), 'Status');
    const actions = document.createElement('div');
    actions.className = 'actions-row';
    if (key.status === 'active') {
      actions.appendChild(actionButton('Roll', label.id, true, (b) => openRoll(key, b)));
      actions.appendChild(actionButton('Revoke', label.id, false, (b) => void revokeKey(key, b)));
    }
    cell(row, actions, '');
    return row;
  });
  renderLogKeyChoices(keys);
}

/** The keys of the page's mode, as the service last listed them (the logs' key filter names them). */
let shownKeys: KeyView[] = [];

function loadKeys(): Promise<void> {
  const mode = pageMode;
  return api<{ keys: KeyView[] }>('GET', `keys?mode=${mode}`).then(
    ifStillIn(mode, (data) => {
      shownKeys = data.keys;
      renderKeys(data.keys);
      renderUsageRows(data.keys);
    }),
    handleFailure,
  );
}

function hideNewKey(): void {
  newKeyText.textContent = '';
  byId('new-key-curl').textContent = '';
  byId('new-key-for').textContent = '';
  byId('new-key-for').hidden = true;
  newKeyPanel.hidden = true;
}

/** A key's secret, shown once with its copy buttons; `why` says what it replaces, if anything. */
function showNewKey(created: CreatedKey, why: string | null): void {
  newKeyText.textContent = created.key;
  byId('new-key-curl').textContent = `curl -s ${window.location.origin}/v1/me -H 'X-API-Key: ${created.key}'`;
  byId('new-key-for').textContent = why || '';
  byId('new-key-for').hidden = !why;
  newKeyPanel.hidden = false;
  byId('new-key-title').focus();
}

/** The signed-in account, as the page last heard of it. */
let account: Account | null = null;

function showAccount(user: Account): void {
  account = user;
  byId('who').textContent = `${user.name} (${user.username}, ${user.email})`;
  byId('verify-email').textContent = user.email;
  // An answer without the field (an older service) asks for nothing.
  byId('verify-banner').hidden = user.email_verified !== false;
}

function showSignedIn(user: Account, focus: boolean): Promise<void> {
  showAccount(user);
  showMode();
  byId('signed-out').hidden = true;
  byId('signed-in').hidden = false;
  showSection(sectionInAddress() ?? 'keys', focus);
  return loadModeData();
}

function showSignedOut(focus: boolean): void {
  account = null;
  forgetListNames();
  closeRoll();
  closeSandboxReset();
  resetKeyForm();
  hideNewKey();
  hideNewSecret();
  hideDeliveries();
  closeConfirm();
  clearModeData();
  byId('signed-in').hidden = true;
  byId('signed-out').hidden = false;
  showMailbox();
  if (focus) byId('signin-title').focus();
}

function handleFailure(error: unknown): void {
  if (statusOf(error) === 401 && !byId('signed-in').hidden) {
    showSignedOut(true);
    fail('Your session has ended. Sign in again.');
    return;
  }
  fail(messageOf(error));
}

function fieldsOf(form: HTMLFormElement): Fields {
  const values: Fields = {};
  new FormData(form).forEach((value, name) => {
    values[name] = value;
  });
  return values;
}

function onSubmit(formId: string, action: (form: HTMLFormElement, fields: Fields) => Promise<unknown>): void {
  const form = byId<HTMLFormElement>(formId);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    busy(button, true);
    clearFieldErrors(form);
    void action(form, fieldsOf(form))
      .catch((error: unknown) => {
        if (statusOf(error) === 401 && !byId('signed-in').hidden) return handleFailure(error);
        if (!showFieldError(form, messageOf(error))) handleFailure(error);
      })
      .then(() => busy(button, false));
  });
}

onSubmit('signup-form', (form, fields) =>
  api<{ user: Account }>('POST', 'signup', fields).then((data) => {
    form.reset();
    announce(`Account created. You are signed in as ${data.user.username}.`);
    return Promise.all([showSignedIn(data.user, true), awaitMail(data.user.email)]);
  }),
);

onSubmit('signin-form', (form, fields) =>
  api<{ user: Account }>('POST', 'login', fields).then((data) => {
    form.reset();
    announce(`Signed in as ${data.user.username}.`);
    return showSignedIn(data.user, true);
  }),
);

onSubmit('key-form', (form, fields) =>
  Promise.resolve()
    .then(() => keyBody(form, fields))
    .then((body) => api<CreatedKey>('POST', 'keys', body))
    .then((data) => {
      resetKeyForm();
      showNewKey(data, null);
      announce(`Key "${data.label}" created. Copy it now: it is shown only this once.`);
      return loadKeys();
    }),
);

onPress('signout', () =>
  api('POST', 'logout').then(
    () => {
      showSignedOut(true);
      announce('Signed out.');
    },
    (error: unknown) => {
      // Already signed out on the server: the page just catches up.
      if (statusOf(error) === 401) {
        showSignedOut(true);
        announce('Signed out.');
      } else fail(messageOf(error));
    },
  ),
);

function copyText(element: HTMLElement, done: string): void {
  const text = element.textContent ?? '';
  const copied =
    navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text)
      : new Promise<void>((resolve, reject) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const selection = window.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
          // Outside a secure context (plain http on another host) there is no clipboard API.
          if (document.execCommand('copy')) resolve();
          else reject(new Error('copy refused'));
        });
  void copied.then(
    () => announce(done),
    () => fail('Copying failed: select the text and copy it by hand.'),
  );
}

byId('copy-key').addEventListener('click', () => copyText(newKeyText, 'Key copied to the clipboard.'));
byId('copy-curl').addEventListener('click', () => copyText(byId('new-key-curl'), 'Command copied to the clipboard.'));

async function revokeKey(key: KeyView, button: HTMLButtonElement): Promise<void> {
  const masked = `${key.prefix}\u2026${key.last4}`;
  const confirmed = await confirmAction(button, {
    title: 'Revoke key',
    text: `Revoke the key "${key.label}" (${masked})? Programs using it stop working at once.`,
    action: 'Revoke key',
    destructive: true,
  });
  if (!confirmed) return;
  busy(button, true);
  void api('POST', `keys/${encodeURIComponent(key.id)}/revoke`).then(
    () => {
      announce(`Key "${key.label}" revoked.`);
      return loadKeys().then(() => byId('keys-title').focus());
    },
    (error: unknown) => {
      busy(button, false);
      handleFailure(error);
    },
  );
}

// Webhooks: the account's endpoints, each secret shown once, and the deliveries of one of them.

const newSecretPanel = byId('new-secret-panel');
const newSecretText = byId('new-secret');
const deliveriesPanel = byId('deliveries-panel');
/** The webhook whose deliveries the panel shows, if any. */
let shownDeliveriesOf: WebhookView | null = null;

function hideNewSecret(): void {
  newSecretText.textContent = '';
  byId('new-secret-for').textContent = '';
  newSecretPanel.hidden = true;
  newSecretPanel.removeAttribute('data-webhook');
}

function showNewSecret(webhook: WebhookView, why: string): void {
  newSecretText.textContent = webhook.secret || '';
  byId('new-secret-for').textContent = `For ${webhook.url}`;
  newSecretPanel.setAttribute('data-webhook', webhook.id);
  newSecretPanel.hidden = false;
  byId('new-secret-title').focus();
  announce(`${why} Copy its signing secret now: it is shown only this once.`);
}

/** The webhooks of the page's mode as the service last listed them. */
let shownWebhooks: WebhookView[] = [];

function hideDeliveries(): void {
  shownDeliveriesOf = null;
  hideAttempts();
  byId('deliveries-body').replaceChildren();
  byId('deliveries-for').textContent = '';
  deliveriesPanel.hidden = true;
}

function actionButton(
  text: string,
  describedById: string,
  plain: boolean,
  onClick: (button: HTMLButtonElement) => void,
): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  if (plain) button.className = 'plain';
  button.setAttribute('aria-describedby', describedById);
  button.addEventListener('click', () => onClick(button));
  return button;
}

function renderWebhooks(webhooks: WebhookView[]): void {
  renderAll('webhooks-body', 'no-webhooks', webhooks, (webhook) => {
    const row = tableRow();
    const url = cell(row, webhook.url, 'URL');
    url.id = `webhook-url-${webhook.id}`;
    url.className = 'url';
    const types = webhook.types ? webhook.types.join(', ') : 'All events';
    cell(row, webhook.list_id ? `${types}, of the list ${listName(webhook.list_id)}` : types, 'Types');
    cell(row, webhook.disabled_reason ? `${webhook.status}: ${webhook.disabled_reason}` : webhook.status, 'Status');
    cell(row, formatTime(webhook.created_at) ?? '', 'Created');
    const actions = document.createElement('div');
    actions.className = 'actions-row';
    if (webhook.status === 'active') actions.appendChild(actionButton('Send test', url.id, true, (b) => sendTest(webhook, b)));
    actions.appendChild(actionButton('Deliveries', url.id, true, (b) => openDeliveries(webhook, b)));
    actions.appendChild(actionButton('Rotate secret', url.id, true, (b) => void rotateSecret(webhook, b)));
    actions.appendChild(actionButton('Delete', url.id, false, (b) => void deleteWebhook(webhook, b)));
    cell(row, actions, '');
    return row;
  });
}

function loadWebhooks(): Promise<void> {
  return api<{ webhooks: WebhookView[] }>('GET', inMode('webhooks')).then(
    ifStillIn(pageMode, (data) => {
      shownWebhooks = data.webhooks;
      renderWebhooks(data.webhooks);
    }),
    handleFailure,
  );
}

const dash = (value: string | number | null): string => (value === null || value === '' ? '\u2014' : String(value));

function renderDeliveries(deliveries: DeliveryView[]): void {
  renderAll('deliveries-body', 'no-deliveries', deliveries, (delivery) => {
    const row = tableRow();
    const event = cell(row, delivery.event_type, 'Event');
    event.id = `delivery-event-${delivery.id}`;
    cell(row, delivery.status, 'Status');
    cell(row, String(delivery.attempts), 'Attempts');
    cell(row, dash(delivery.last_status_code), 'Status code');
    cell(row, dash(delivery.last_error), 'Last error');
    cell(row, formatTime(delivery.next_attempt_at) || '\u2014', 'Next attempt');
    cell(row, formatTime(delivery.created_at) ?? '', 'Created');
    const actions = document.createElement('div');
    actions.className = 'actions-row';
    actions.append(
      actionButton('Attempts', event.id, true, (b) => void showAttempts(delivery, b)),
      actionButton('Retry', event.id, true, (b) => retryDelivery(delivery, b)),
    );
    cell(row, actions, '');
    return row;
  });
}

/** The first page of the shown webhook's deliveries (newest first). */
function loadDeliveries(): Promise<void> {
  const webhook = shownDeliveriesOf;
  if (!webhook) return Promise.resolve();
  return api<{ deliveries: DeliveryView[] }>('GET', inMode(`webhooks/${encodeURIComponent(webhook.id)}/deliveries`)).then((data) => {
    // Another webhook chosen meanwhile: its own load renders.
    if (shownDeliveriesOf === webhook) renderDeliveries(data.deliveries);
  }, handleFailure);
}

function showDeliveriesOf(webhook: WebhookView): Promise<void> {
  if (shownDeliveriesOf?.id !== webhook.id) byId('deliveries-body').replaceChildren();
  shownDeliveriesOf = webhook;
  byId('deliveries-for').textContent = `Of ${webhook.url}, newest first.`;
  deliveriesPanel.hidden = false;
  return loadDeliveries();
}

function openDeliveries(webhook: WebhookView, button: HTMLButtonElement): void {
  busy(button, true);
  void showDeliveriesOf(webhook).then(() => {
    busy(button, false);
    byId('deliveries-title').focus();
  });
}

function sendTest(webhook: WebhookView, button: HTMLButtonElement): void {
  busy(button, true);
  void api<{ delivery: DeliveryView }>('POST', inMode(`webhooks/${encodeURIComponent(webhook.id)}/test`)).then(
    () => {
      busy(button, false);
      announce(`Test event queued for ${webhook.url}. Refresh the deliveries to see how it went.`);
      return showDeliveriesOf(webhook);
    },
    (error: unknown) => {
      busy(button, false);
      handleFailure(error);
    },
  );
}

async function rotateSecret(webhook: WebhookView, button: HTMLButtonElement): Promise<void> {
  const confirmed = await confirmAction(button, {
    title: 'Rotate secret',
    text: `Make a new signing secret for ${webhook.url}? The current one keeps signing beside it for 24 hours.`,
    action: 'Rotate secret',
    destructive: false,
  });
  if (!confirmed) return;
  busy(button, true);
  void api<{ webhook: WebhookView }>('POST', inMode(`webhooks/${encodeURIComponent(webhook.id)}/rotate-secret`)).then(
    (data) => {
      busy(button, false);
      showNewSecret(data.webhook, 'New signing secret made.');
    },
    (error: unknown) => {
      busy(button, false);
      handleFailure(error);
    },
  );
}

async function deleteWebhook(webhook: WebhookView, button: HTMLButtonElement): Promise<void> {
  const confirmed = await confirmAction(button, {
    title: 'Delete webhook',
    text: `Delete the webhook for ${webhook.url}? Nothing more is sent to it, and its deliveries are deleted.`,
    action: 'Delete webhook',
    destructive: true,
  });
  if (!confirmed) return;
  busy(button, true);
  void api('DELETE', inMode(`webhooks/${encodeURIComponent(webhook.id)}`)).then(
    () => {
      if (shownDeliveriesOf?.id === webhook.id) hideDeliveries();
      if (newSecretPanel.getAttribute('data-webhook') === webhook.id) hideNewSecret();
      announce(`Webhook for ${webhook.url} deleted.`);
      return loadWebhooks().then(() => byId('webhooks-list-title').focus());
    },
    (error: unknown) => {
      busy(button, false);
      handleFailure(error);
    },
  );
}

function retryDelivery(delivery: DeliveryView, button: HTMLButtonElement): void {
  const webhook = shownDeliveriesOf;
  if (!webhook) return;
  busy(button, true);
  void api('POST', inMode(`webhooks/${encodeURIComponent(webhook.id)}/deliveries/${encodeURIComponent(delivery.id)}/retry`)).then(
    () => {
      announce(`The ${delivery.event_type} delivery is queued again, now. Refresh to see how it went.`);
      return loadDeliveries();
    },
    (error: unknown) => {
      busy(button, false);
      handleFailure(error);
    },
  );
}

/** A text field of a form (files are not text). */
const textOf = (value: FormDataEntryValue | undefined): string => (typeof value === 'string' ? value.trim() : '');

/** The form's text as the API's body: types split on commas, empty optional fields left out. */
function webhookBody(fields: Fields): Body {
  const body: Body = { url: textOf(fields.url) };
  const types = textOf(fields.types)
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (types.length) body.types = types;
  const listId = textOf(fields.list_id);
  if (listId) body.list_id = listId;
  return body;
}

onSubmit('webhook-form', (form, fields) =>
  api<{ webhook: WebhookView }>('POST', inMode('webhooks'), webhookBody(fields)).then((data) => {
    form.reset();
    showLocalReceiverHint(false);
    showNewSecret(data.webhook, `Webhook for ${data.webhook.url} added.`);
    return loadWebhooks();
  }, explainRefusedUrl),
);

/**
 * A URL refused for its scheme or its address: a receiver on the developer's own machine is
 * refused unless the service runs with WEBHOOK_ALLOW_PRIVATE_URLS, which the hint says.
 */
function explainRefusedUrl(error: unknown): never {
  const message = messageOf(error);
  showLocalReceiverHint(statusOf(error) === 400 && /^url\b/i.test(message) && /https|private|loopback|local|address|host/i.test(message));
  throw error;
}

function showLocalReceiverHint(on: boolean): void {
  const hint = byId('webhook-url-local');
  hint.hidden = !on;
  const input = byId('webhook-url');
  const ids = describedBy(input).filter((id) => id !== hint.id);
  if (on) ids.push(hint.id);
  input.setAttribute('aria-describedby', ids.join(' '));
}

byId('copy-secret').addEventListener('click', () => copyText(newSecretText, 'Secret copied to the clipboard.'));

onPress('refresh-deliveries', loadDeliveries);

// Restricted keys (API.md section 9): the creation form's scopes, lists, expiry and addresses,
// rolling a key, and each key's usage over 30 days.

const keyForm = byId<HTMLFormElement>('key-form');
const SCOPE_PRESETS: Record<string, string[]> = {
  all: ALL_SCOPES,
  read: ['lists:read', 'items:read', 'profile:read'],
  items: ['items:read', 'items:write'],
};
const PRESET_NAMES: Record<string, string> = { all: 'All scopes', read: 'Read-only', items: 'Items only' };
const DAY_MS = 24 * 60 * 60 * 1000;

const scopeBoxes = (): HTMLInputElement[] => Array.from(keyForm.querySelectorAll<HTMLInputElement>('input[name="scopes"]'));
const chosenLists = (): boolean => keyForm.querySelector<HTMLInputElement>('input[name="lists_mode"]:checked')?.value === 'chosen';

keyForm.querySelectorAll<HTMLButtonElement>('button[data-preset]').forEach((button) => {
  button.addEventListener('click', () => {
    const preset = button.getAttribute('data-preset') || 'all';
    const scopes = SCOPE_PRESETS[preset];
    scopeBoxes().forEach((box) => {
      box.checked = scopes.includes(box.value);
    });
    announce(`${PRESET_NAMES[preset]}: ${scopes.join(', ')}.`);
  });
});

/** Lines of a text area, trimmed, empty ones left out. */
const linesOf = (value: FormDataEntryValue | undefined): string[] =>
  textOf(value)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A date input's `YYYY-MM-DD`, `days` from today in the browser's time zone. */
function dateInDays(days: number): string {
  const day = new Date(Date.now() + days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The key's `expires_at` for the chosen expiry: null for never, else an ISO time. */
function expiresAtOf(fields: Fields): string | null {
  const choice = textOf(fields.expiry);
  if (choice === 'never' || choice === '') return null;
  if (choice !== 'date') return new Date(Date.now() + Number(choice) * DAY_MS).toISOString();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(textOf(fields.expiry_date));
  if (!match) throw new ApiError('Choose the expiry date, or another expiry.');
  // The end of that day where the browser is: the key works through the whole of the chosen day.
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999).toISOString();
}

/**
 * The form as the API's body. A field left at its default is left out (the API's default is the
 * same), so a key without restrictions is created from its label alone. A choice the API would
 * refuse for certain (no scope, no list) is said at once, beside its field.
 */
function keyBody(form: HTMLFormElement, fields: Fields): Body {
  const body: Body = { label: fields.label };
  // Live is the API's default, left out like every other default.
  if (pageMode === 'test') body.mode = 'test';
  const scopes = scopeBoxes()
    .filter((box) => box.checked)
    .map((box) => box.value);
  if (scopes.length === 0) throw new ApiError('Choose at least one scope.');
  if (scopes.length < ALL_SCOPES.length) body.scopes = scopes;
  if (chosenLists()) {
    const ids = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="list_id"]:checked')).map((box) => box.value);
    if (ids.length === 0) throw new ApiError('Choose at least one list, or every list.');
    body.list_ids = ids;
  }
  const expiresAt = expiresAtOf(fields);
  if (expiresAt) body.expires_at = expiresAt;
  const addresses = linesOf(fields.allowed_ips);
  if (addresses.length) body.allowed_ips = addresses;
  return body;
}

function resetKeyForm(): void {
  keyForm.reset();
  byId('list-choices').hidden = true;
  byId('key-expiry-date-field').hidden = true;
}

function renderListChoices(lists: ListChoice[]): void {
  renderAll('list-options', 'no-lists', lists, (list) => {
    const label = document.createElement('label');
    label.className = 'choice';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = 'list_id';
    box.value = list.id;
    label.append(box, ` ${list.name}`);
    return label;
  });
}

/** The most lists the picker offers (pages of 100): a key names at most 100 of them anyway. */
const PICKER_PAGES = 20;

/**
 * The account's lists of the page's mode, every page of GET /developers/api/lists, oldest first:
 * their names (for the key table, the webhooks, the logs) and the pickers' choices.
 */
async function loadListNames(): Promise<ListChoice[] | null> {
  const mode = pageMode;
  const lists: ListChoice[] = [];
  let cursor: string | null = null;
  try {
    for (let page = 0; page < PICKER_PAGES; page += 1) {
      const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const data: { lists: ListChoice[]; next_cursor: string | null } = await api('GET', inMode(`lists?limit=100${query}`));
      lists.push(...data.lists);
      cursor = data.next_cursor;
      if (cursor === null) break;
    }
  } catch (error: unknown) {
    handleFailure(error);
    return null;
  }
  if (mode !== pageMode) return null;
  listNames.clear();
  lists.forEach((list) => listNames.set(list.id, list.name));
  renderWebhookListChoices(lists);
  return lists;
}

/** The key form's list picker, filled with the lists of the page's mode. */
async function loadListChoices(): Promise<void> {
  const lists = await loadListNames();
  if (lists) renderListChoices(lists);
}

keyForm.querySelectorAll<HTMLInputElement>('input[name="lists_mode"]').forEach((radio) => {
  radio.addEventListener('change', () => {
    const chosen = chosenLists();
    byId('list-choices').hidden = !chosen;
    if (chosen) void loadListChoices();
  });
});

byId<HTMLSelectElement>('key-expiry').addEventListener('change', (event) => {
  const onDate = (event.target as HTMLSelectElement).value === 'date';
  const date = byId<HTMLInputElement>('key-expiry-date');
  byId('key-expiry-date-field').hidden = !onDate;
  date.required = onDate;
  if (onDate) {
    // Tomorrow at the earliest; at the latest, a day whose end is still within the API's 366 days.
    date.min = dateInDays(1);
    date.max = dateInDays(365);
  }
});

// Rolling: a replacement key with the same restrictions, the old one kept for a grace period.

const rollDialog = byId<HTMLDialogElement>('roll-dialog');
const rollForm = byId<HTMLFormElement>('roll-form');
/** The key the open dialog rolls, and the button that opened it (focus goes back there). */
let rolling: { key: KeyView; opener: HTMLButtonElement } | null = null;

const GRACE_TEXT: Record<string, string> = {
  '0': 'at once',
  '1': 'in 1 hour',
  '24': 'in 24 hours',
  '168': 'in 7 days',
};

function openRoll(key: KeyView, opener: HTMLButtonElement): void {
  rolling = { key, opener };
  rollForm.reset();
  byId('roll-what').textContent =
    `A new key replaces "${key.label}" (${maskedKey(key)}), with the same scopes, lists, addresses and expiry. ` +
    'It is shown once. Choose when the old key stops working, so your programs can switch to the new one.';
  rollDialog.showModal();
  rollForm.querySelector<HTMLInputElement>('input[name="expires_in_hours"]:checked')?.focus();
}

function closeRoll(): void {
  if (rollDialog.open) rollDialog.close();
}

// However the dialog closes (Cancel, Escape, done), focus returns to where it was opened from.
rollDialog.addEventListener('close', () => {
  const opener = rolling?.opener;
  rolling = null;
  if (opener?.isConnected) opener.focus();
});
byId('roll-cancel').addEventListener('click', closeRoll);

onSubmit('roll-form', (_form, fields) => {
  const target = rolling;
  if (!target) return Promise.resolve();
  const hours = textOf(fields.expires_in_hours);
  return api<CreatedKey>('POST', `keys/${encodeURIComponent(target.key.id)}/roll`, { expires_in_hours: Number(hours) }).then(
    (data) => {
      rolling = null;
      rolledHere.set(target.key.id, data.id);
      closeRoll();
      const old = `${maskedKey(target.key)} stops working ${GRACE_TEXT[hours] || `in ${hours} hours`}.`;
      showNewKey(data, `It replaces "${target.key.label}": ${old}`);
      announce(`Key "${data.label}" rolled: ${old} Copy the new key now: it is shown only this once.`);
      return loadKeys();
    },
    (error: unknown) => {
      closeRoll();
      throw error;
    },
  );
});

// Test mode: the switch, what shows the mode (the page's band, the banner, the key form's note),
// and Reset test data, confirmed in a dialog first.

const modeSwitch = byId<HTMLInputElement>('test-mode');

/** Shows the page's mode everywhere it shows: the switch, the page's colour, the banner, the key form. */
function showMode(): void {
  const test = pageMode === 'test';
  modeSwitch.checked = test;
  document.documentElement.classList.toggle('test-mode', test);
  byId('test-banner').hidden = !test;
  byId('key-mode-note').hidden = !test;
  byId('sandbox-reset-result').hidden = true;
}

/** Switches the page to `mode`: what was shown of the other mode goes, and the new mode's keys, webhooks and lists load. */
function switchMode(mode: Mode): Promise<void> {
  pageMode = mode;
  try {
    window.localStorage.setItem(MODE_STORAGE, mode);
  } catch {
    // Not remembered past this page: it still switches.
  }
  showMode();
  closeRoll();
  hideNewKey();
  hideNewSecret();
  hideDeliveries();
  forgetListNames();
  clearModeData();
  // The banner says what test mode is; the announcement only says that it changed.
  announce(mode === 'test' ? 'Test mode on.' : 'Test mode off.');
  return Promise.all([loadModeData(), enterSection(currentSection)]).then(() => undefined);
}

/** Forgets what was shown of the other mode. */
function clearModeData(): void {
  shownKeys = [];
  shownWebhooks = [];
  byId('keys-body').replaceChildren();
  byId('usage-body').replaceChildren();
  byId('webhooks-body').replaceChildren();
  byId('list-options').replaceChildren();
  renderWebhookListChoices([]);
  clearLogs();
  clearEvents();
}

/**
 * The keys, webhooks and lists of the page's mode. The lists' names come with their own request:
 * once they arrive, what names lists (restricted keys, webhooks) is drawn again with them.
 */
function loadModeData(): Promise<void> {
  const names = loadListNames().then((lists) => {
    if (!lists) return;
    if (chosenLists()) renderListChoices(lists);
    if (shownKeys.length) renderKeys(shownKeys);
    if (shownWebhooks.length) renderWebhooks(shownWebhooks);
  });
  return Promise.all([loadKeys(), loadWebhooks(), names]).then(() => undefined);
}

modeSwitch.addEventListener('change', () => void switchMode(modeSwitch.checked ? 'test' : 'live'));

const sandboxResetDialog = byId<HTMLDialogElement>('sandbox-reset-dialog');
const sandboxResetButton = byId<HTMLButtonElement>('sandbox-reset');

function closeSandboxReset(): void {
  if (sandboxResetDialog.open) sandboxResetDialog.close();
}

sandboxResetButton.addEventListener('click', () => {
  sandboxResetDialog.showModal();
  // The safe choice has the focus: Enter right away cancels nothing and deletes nothing.
  byId('sandbox-reset-cancel').focus();
});
byId('sandbox-reset-cancel').addEventListener('click', closeSandboxReset);
// However the dialog closes (Cancel, Escape, done), focus returns to Reset test data.
sandboxResetDialog.addEventListener('close', () => sandboxResetButton.focus());

const counted = (count: number, one: string, many: string): string => `${count.toLocaleString()} ${count === 1 ? one : many}`;

interface SandboxReset {
  deleted: { lists: number; memberships: number; webhooks: number };
}

onSubmit('sandbox-reset-form', () =>
  api<SandboxReset>('POST', 'sandbox/reset').then(
    (data) => {
      closeSandboxReset();
      const { lists, memberships, webhooks } = data.deleted;
      const what =
        `Test data reset: ${counted(lists, 'list', 'lists')} deleted, ` +
        `${counted(memberships, 'membership', 'memberships')} in others' lists ended, ` +
        `${counted(webhooks, 'webhook', 'webhooks')} deleted.`;
      const result = byId('sandbox-reset-result');
      result.textContent = what;
      result.hidden = false;
      announce(what);
      hideNewSecret();
      hideDeliveries();
      forgetListNames();
      clearEvents();
      return Promise.all([loadModeData(), enterSection(currentSection)]);
    },
    (error: unknown) => {
      closeSandboxReset();
      throw error;
    },
  ),
);

// Usage: requests per day over 30 days, stacked by outcome, drawn in SVG; the same numbers as
// a sentence (the chart's text alternative) and as a table.

const OUTCOMES = ['2xx', '4xx', '429', '5xx'] as const;
type Outcome = (typeof OUTCOMES)[number];
const OUTCOME_WORDS: Record<Outcome, string> = { '2xx': 'succeeded', '4xx': 'refused', '429': 'rate-limited', '5xx': 'failed' };

interface UsageDay extends Record<Outcome, number> {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
}

const SVG = 'http://www.w3.org/2000/svg';
const CHART = { barWidth: 4, step: 5, height: 40 };

function svgElement<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([attribute, value]) => element.setAttribute(attribute, String(value)));
  return element;
}

const total = (day: UsageDay): number => OUTCOMES.reduce((sum, outcome) => sum + day[outcome], 0);
const dayName = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const countText = (day: UsageDay): string => OUTCOMES.map((outcome) => `${day[outcome].toLocaleString()} ${outcome}`).join(', ');

function usageChart(days: UsageDay[], describedById: string): SVGSVGElement {
  const width = days.length * CHART.step;
  const chart = svgElement('svg', { viewBox: `0 0 ${width} ${CHART.height + 1}`, preserveAspectRatio: 'none', role: 'img' });
  chart.setAttribute('aria-labelledby', describedById);
  const highest = Math.max(1, ...days.map(total));
  days.forEach((day, index) => {
    if (total(day) === 0) return;
    const bar = svgElement('g', {});
    const title = svgElement('title', {});
    title.textContent = `${dayName(day.date)}: ${countText(day)}`;
    bar.appendChild(title);
    let top = CHART.height;
    OUTCOMES.forEach((outcome) => {
      if (!day[outcome]) return;
      // At least a pixel: a single failure among thousands of successes stays visible.
      const height = Math.max(1, (day[outcome] / highest) * CHART.height);
      top -= height;
      bar.appendChild(svgElement('rect', { class: `bar-${outcome}`, x: index * CHART.step, y: top, width: CHART.barWidth, height }));
    });
    chart.appendChild(bar);
  });
  chart.appendChild(svgElement('line', { class: 'axis', x1: 0, y1: CHART.height + 0.5, x2: width, y2: CHART.height + 0.5 }));
  return chart;
}

function usageSummary(days: UsageDay[]): string {
  const sums = OUTCOMES.map((outcome) => days.reduce((sum, day) => sum + day[outcome], 0));
  const all = sums.reduce((a, b) => a + b, 0);
  if (all === 0) return `No requests in the last ${days.length} days.`;
  const parts = OUTCOMES.map((outcome, i) => `${sums[i].toLocaleString()} ${OUTCOME_WORDS[outcome]} (${outcome})`);
  const busiest = days.reduce((best, day) => (total(day) > total(best) ? day : best));
  return `${all.toLocaleString()} requests in the last ${days.length} days: ${parts.join(', ')}. Busiest day ${dayName(busiest.date)}, ${total(busiest).toLocaleString()}.`;
}

/** The days with requests as a table, inside a disclosure: the chart's numbers for everyone. */
function usageTable(days: UsageDay[], keyLabel: string): HTMLDetailsElement {
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'Daily numbers';
  details.appendChild(summary);
  const table = document.createElement('table');
  const caption = document.createElement('caption');
  caption.className = 'visually-hidden';
  caption.textContent = `Requests per day with the key "${keyLabel}" (days without requests are left out)`;
  const head = table.createTHead().insertRow();
  ['Day', ...OUTCOMES].forEach((name) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    head.appendChild(th);
  });
  const body = table.createTBody();
  days
    .filter((day) => total(day) > 0)
    .forEach((day) => {
      const row = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = dayName(day.date);
      row.appendChild(th);
      OUTCOMES.forEach((outcome) => {
        row.insertCell().textContent = day[outcome].toLocaleString();
      });
    });
  table.prepend(caption);
  details.appendChild(table);
  return details;
}

/** The chart with its text alternative and its table; without requests, a sentence says so. */
function renderUsage(key: KeyView, days: UsageDay[], into: HTMLElement): void {
  const summary = document.createElement('p');
  summary.id = `usage-summary-${key.id}`;
  summary.textContent = usageSummary(days);
  if (!days.some((day) => total(day) > 0)) {
    summary.className = 'hint';
    into.replaceChildren(summary);
    return;
  }
  summary.className = 'visually-hidden';
  // One block, so that on a phone the cell's label stays beside all of it.
  const block = document.createElement('div');
  block.append(summary, usageChart(days, summary.id), usageTable(days, key.label));
  into.replaceChildren(block);
}

function loadUsage(key: KeyView, into: HTMLElement): Promise<void> {
  return api<{ usage: { days: UsageDay[] } }>('GET', `keys/${encodeURIComponent(key.id)}/usage`).then(
    (data) => renderUsage(key, data.usage.days, into),
    (error: unknown) => {
      into.textContent = 'Not available';
      if (statusOf(error) === 401) handleFailure(error);
    },
  );
}

// Accounts (API.md section 12): the verify banner, links that arrive by mail (verification,
// password reset), forgot password, change password, and the development mailbox.

onPress('resend-verification', () =>
  api('POST', 'resend-verification').then(() => {
    announce(`A new verification link is on its way to ${account?.email ?? 'your email address'}.`);
    return account ? awaitMail(account.email) : loadMailbox();
  }, handleFailure),
);

byId('forgot-toggle').addEventListener('click', () => {
  const toggle = byId('forgot-toggle');
  const panel = byId('forgot-panel');
  panel.hidden = !panel.hidden;
  toggle.setAttribute('aria-expanded', String(!panel.hidden));
  if (!panel.hidden) {
    const email = byId<HTMLInputElement>('forgot-email');
    // What was typed as the login, when it is an email, is the likely address.
    const login = byId<HTMLInputElement>('signin-login').value.trim();
    if (!email.value && login.includes('@')) email.value = login;
    email.focus();
  }
});

onSubmit('forgot-form', (form, fields) =>
  api('POST', 'password-reset', { email: textOf(fields.email) }).then(() => {
    form.reset();
    announce('If an account uses that address, a link to choose a new password is on its way. It works for one hour.');
    return awaitMail(textOf(fields.email));
  }),
);

/** The token of the password-reset link the page was opened with, while its form is shown. */
let resetToken: string | null = null;

function showReset(token: string): void {
  resetToken = token;
  byId('reset-section').hidden = false;
  byId('reset-title').focus();
}

function hideReset(): void {
  resetToken = null;
  byId<HTMLFormElement>('reset-form').reset();
  byId('reset-section').hidden = true;
}

onSubmit('reset-form', (_form, fields) =>
  api('POST', 'password-reset/confirm', { token: resetToken, password: fields.password }).then(() => {
    hideReset();
    // Every session of the account has ended, this one too if it was the same account.
    showSignedOut(true);
    announce('Your password is changed and your email address verified. Sign in with the new password.');
  }),
);

onSubmit('password-form', (form, fields) =>
  api('POST', 'password', { current_password: fields.current_password, new_password: fields.new_password }).then(() => {
    form.reset();
    byId<HTMLDetailsElement>('password-details').open = false;
    announce('Password changed. Your other sessions are signed out; this one stays.');
  }),
);

onSubmit('email-form', (form, fields) =>
  api<{ user: Account }>('POST', 'email', { email: textOf(fields.email), password: fields.password }).then((data) => {
    form.reset();
    byId<HTMLDetailsElement>('email-details').open = false;
    showAccount(data.user);
    announce(`Your email is now ${data.user.email}. Open the link we mailed to it to verify it.`);
    return awaitMail(data.user.email);
  }),
);

function verifyEmail(token: string): Promise<void> {
  return api<{ user: Account }>('POST', 'verify-email', { token }).then(
    (data) => {
      if (account && account.id === data.user.id) showAccount(data.user);
      announce(`Your email address ${data.user.email} is verified.`);
    },
    (error: unknown) => fail(messageOf(error)),
  );
}

/**
 * A link from a mail: `#verify=<token>` or `#reset=<token>` after the page's address. The token
 * is in the fragment, which browsers never send to a server nor in a Referer, and the page
 * drops it from the address bar and the history as soon as it has read it.
 */
function takeLinkToken(): { kind: string; token: string } | null {
  const match = /^#(verify|reset)=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return { kind: match[1], token: match[2] };
}

function followLink(): Promise<void> {
  const link = takeLinkToken();
  if (!link) return Promise.resolve();
  if (link.kind === 'reset') {
    showReset(link.token);
    return Promise.resolve();
  }
  return verifyEmail(link.token);
}

// The development mailbox: what the service would have sent, when no mail server is set.

interface MailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The message's text, its web addresses made links (built as nodes: the text is never markup). */
function mailBody(text: string): HTMLPreElement {
  const pre = document.createElement('pre');
  let last = 0;
  // A sentence's closing punctuation after an address is not part of it.
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g)) {
    pre.append(text.slice(last, match.index));
    const link = document.createElement('a');
    link.href = match[0];
    link.textContent = match[0];
    pre.appendChild(link);
    last = match.index + match[0].length;
  }
  pre.append(text.slice(last));
  return pre;
}

function renderMailbox(messages: MailView[]): void {
  renderAll('mail-list', 'no-mail', messages, (message) => {
    const item = document.createElement('article');
    item.className = 'mail';
    item.setAttribute('aria-labelledby', `mail-subject-${message.id}`);
    const subject = document.createElement('h3');
    subject.id = `mail-subject-${message.id}`;
    subject.textContent = message.subject;
    const to = document.createElement('p');
    to.textContent = `To ${message.to}, `;
    const sent = formatTime(message.created_at);
    if (sent) to.appendChild(sent);
    item.append(subject, to, mailBody(message.text));
    return item;
  });
}

/** Whether the service keeps a development mailbox: unknown until it first answers (a 404: production, or mail really sent). */
let mailboxState: 'unknown' | 'served' | 'absent' = 'unknown';
/** The messages the mailbox last listed. */
let mailShown: MailView[] = [];

/** Shows the mailbox where it belongs: below the forms signed out, as its own section signed in. */
function showMailbox(): void {
  const served = mailboxState === 'served';
  byId('mailbox-nav').hidden = !served;
  byId('verify-mailbox-hint').hidden = !served;
  byId('mailbox').hidden = !served || (signedIn() && currentSection !== 'mailbox');
}

const mailboxShown = (): boolean => !byId('mailbox').hidden;

/** Loads the mailbox when the service serves it; resolves to whether it does. */
function loadMailbox(): Promise<boolean> {
  if (mailboxState === 'absent') return Promise.resolve(false);
  return api<{ messages: MailView[] }>('GET', MAILBOX_PATH).then(
    (data) => {
      mailboxState = 'served';
      mailShown = data.messages;
      renderMailbox(data.messages);
      showMailbox();
      return true;
    },
    (error: unknown) => {
      if (statusOf(error) === 404) {
        mailboxState = 'absent';
        showMailbox();
        if (signedIn() && currentSection === 'mailbox') showSection('keys', false);
      } else handleFailure(error);
      return false;
    },
  );
}

// While a message is awaited (one the page just had sent), the shown mailbox refreshes itself each
// second, 30 times at most; it stops when the message is there and pauses while the section is left.

const MAIL_POLL_MS = 1000;
const MAIL_POLLS = 30;
let mailWait: { to: string; since: number; polls: number; timer: number | null } | null = null;

const mailArrived = (wait: { to: string; since: number }): boolean =>
  mailShown.some((message) => message.to.toLowerCase() === wait.to && Date.parse(message.created_at) >= wait.since);

/**
 * Awaits a message to `to`, sent from now on. The mailbox is served to this machine only, so the
 * page's clock is the service's: a message is the awaited one when it is no older than the wait
 * (with a few seconds' allowance).
 */
function awaitMail(to: string): Promise<boolean> {
  if (mailboxState === 'absent') return Promise.resolve(false);
  pauseMailWait();
  mailWait = { to: to.trim().toLowerCase(), since: Date.now() - 5000, polls: 0, timer: null };
  return pollMail();
}

function pollMail(): Promise<boolean> {
  return loadMailbox().then((served) => {
    scheduleMailPoll();
    return served;
  });
}

function scheduleMailPoll(): void {
  const wait = mailWait;
  const waiting = byId('mailbox-waiting');
  if (!wait) {
    waiting.hidden = true;
    return;
  }
  if (wait.timer !== null) return;
  if (mailArrived(wait) || wait.polls >= MAIL_POLLS || mailboxState !== 'served') {
    mailWait = null;
    waiting.hidden = true;
    return;
  }
  if (!mailboxShown()) {
    waiting.hidden = true;
    return;
  }
  waiting.hidden = false;
  wait.timer = window.setTimeout(() => {
    wait.timer = null;
    wait.polls += 1;
    if (mailWait === wait && mailboxShown()) void pollMail();
  }, MAIL_POLL_MS);
}

/** Stops the refreshing while the mailbox is not shown; entering it again goes on waiting. */
function pauseMailWait(): void {
  if (mailWait?.timer != null) {
    window.clearTimeout(mailWait.timer);
    mailWait.timer = null;
  }
  byId('mailbox-waiting').hidden = true;
}

onPress('refresh-mailbox', () => loadMailbox().then((shown) => shown && announce('Mailbox refreshed.')));

// Navigation (one section at a time): each section has its fragment (#keys, #webhooks, #events,
// #logs, #usage, #account, #mailbox), so links, back and forward and a reload all land on it.

const SECTIONS = ['keys', 'webhooks', 'events', 'logs', 'usage', 'account', 'mailbox'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_HEADINGS: Record<Section, string> = {
  keys: 'keys-title',
  webhooks: 'webhooks-title',
  events: 'events-title',
  logs: 'logs-title',
  usage: 'usage-title',
  account: 'account-title',
  mailbox: 'mailbox-title',
};
const PAGE_TITLE = document.title;

/** The section shown while signed in. */
let currentSection: Section = 'keys';

const isSection = (name: string): name is Section => (SECTIONS as readonly string[]).includes(name);

/** The section the address names (`#logs`, or `#logs/<request id>` for one request), if any. */
function sectionInAddress(): Section | null {
  const match = /^#([a-z]+)(?:\/.*)?$/.exec(window.location.hash);
  return match && isSection(match[1]) ? match[1] : null;
}

/** The request id of `#logs/<request id>`, if the address names one. */
function requestInAddress(): string | null {
  const match = /^#logs\/(.+)$/.exec(window.location.hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const signedIn = (): boolean => !byId('signed-in').hidden;

/**
 * Shows one section, marks its link as the current page, and with `focus` moves the focus to its
 * heading (a screen reader then reads where it landed). Entering a section loads what it shows.
 */
function showSection(wanted: Section, focus: boolean): void {
  const section = wanted === 'mailbox' && mailboxState !== 'served' ? 'keys' : wanted;
  currentSection = section;
  document.querySelectorAll<HTMLElement>('#signed-in .console-section').forEach((element) => {
    element.hidden = element.getAttribute('data-section') !== section;
  });
  document.querySelectorAll<HTMLAnchorElement>('#sections-nav a').forEach((link) => {
    if (link.getAttribute('data-section') === section) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  });
  showMailbox();
  const heading = byId(SECTION_HEADINGS[section]);
  document.title = `${heading.textContent} \u2014 ${PAGE_TITLE}`;
  if (focus) {
    window.scrollTo(0, 0);
    heading.focus({ preventScroll: true });
  }
  void enterSection(section);
}

/** Loads what a section shows when it is entered (and pauses what only a shown section does). */
function enterSection(section: Section): Promise<void> {
  if (section !== 'mailbox') pauseMailWait();
  if (!signedIn()) return Promise.resolve();
  switch (section) {
    case 'events':
      return loadEvents();
    case 'logs':
      return loadLogs(false).then(openLogInAddress);
    case 'usage':
      // The numbers of now, not of when the keys were listed (before they are, their load draws them).
      if (shownKeys.length) renderUsageRows(shownKeys);
      return Promise.resolve();
    case 'mailbox':
      return pollMail().then(() => undefined);
    default:
      return Promise.resolve();
  }
}

window.addEventListener('hashchange', () => {
  if (/^#(verify|reset)=/.test(window.location.hash)) {
    void followLink();
    return;
  }
  const section = sectionInAddress();
  if (!section) return;
  if (!signedIn()) {
    if (section === 'mailbox' && mailboxState === 'served') byId('mailbox-title').focus();
    return;
  }
  // A request id's link within the logs opens that request, the list staying as it is.
  if (section === 'logs' && currentSection === 'logs' && requestInAddress()) {
    void openLogInAddress();
    return;
  }
  showSection(section, true);
});

// A link to the section already shown changes no address: it still takes the focus there.
document.querySelectorAll<HTMLAnchorElement>('#sections-nav a').forEach((link) => {
  link.addEventListener('click', () => {
    if (link.getAttribute('data-section') === currentSection) byId(SECTION_HEADINGS[currentSection]).focus();
  });
});

// Confirmations: one dialog, its action button red when what it confirms cannot be undone.

const confirmDialog = byId<HTMLDialogElement>('confirm-dialog');
let confirming: { resolve: (confirmed: boolean) => void; opener: HTMLElement } | null = null;

interface Confirmation {
  title: string;
  text: string;
  /** The confirming button's text. */
  action: string;
  destructive: boolean;
}

/** Asks in a modal dialog, the safe choice (Cancel) focused; resolves to whether it was confirmed. */
function confirmAction(opener: HTMLElement, what: Confirmation): Promise<boolean> {
  closeConfirm();
  byId('confirm-title').textContent = what.title;
  byId('confirm-what').textContent = what.text;
  const ok = byId<HTMLButtonElement>('confirm-ok');
  ok.textContent = what.action;
  ok.className = what.destructive ? 'danger' : '';
  confirmDialog.classList.toggle('destructive', what.destructive);
  confirmDialog.returnValue = '';
  return new Promise<boolean>((resolve) => {
    confirming = { resolve, opener };
    confirmDialog.showModal();
    byId('confirm-cancel').focus();
  });
}

function closeConfirm(): void {
  if (confirmDialog.open) confirmDialog.close('');
}

// However it closes (the action, Cancel, Escape), the answer is given and focus goes back.
confirmDialog.addEventListener('close', () => {
  const done = confirming;
  confirming = null;
  if (!done) return;
  if (done.opener.isConnected) done.opener.focus();
  done.resolve(confirmDialog.returnValue === 'ok');
});
byId('confirm-cancel').addEventListener('click', closeConfirm);

// Choices built from what the service listed: the webhook form's list, the logs' key filter.

function option(value: string, text: string): HTMLOptionElement {
  const choice = document.createElement('option');
  choice.value = value;
  choice.textContent = text;
  return choice;
}

/** Fills a select, keeping its choice when it is still offered. */
function fillSelect(select: HTMLSelectElement, choices: HTMLOptionElement[]): void {
  const chosen = select.value;
  select.replaceChildren(...choices);
  select.value = choices.some((choice) => choice.value === chosen) ? chosen : (choices[0]?.value ?? '');
}

function renderWebhookListChoices(lists: ListChoice[]): void {
  fillSelect(byId<HTMLSelectElement>('webhook-list'), [option('', 'Every list'), ...lists.map((list) => option(list.id, list.name))]);
}

function renderLogKeyChoices(keys: KeyView[]): void {
  fillSelect(byId<HTMLSelectElement>('logs-key'), [
    option('', 'Every key'),
    ...keys.map((key) => option(key.id, `${key.label} (${maskedKey(key)})`)),
  ]);
}

// Usage: one row per key of the page's mode, its chart loaded with it.

function renderUsageRows(keys: KeyView[]): void {
  renderAll('usage-body', 'no-usage', keys, (key) => {
    const row = tableRow();
    const who = document.createElement('div');
    const name = document.createElement('span');
    name.textContent = key.label;
    name.id = `usage-key-${key.id}`;
    const masked = document.createElement('code');
    masked.textContent = maskedKey(key);
    const logs = actionButton('Logs', name.id, true, () => {
      byId<HTMLSelectElement>('logs-key').value = key.id;
      window.location.hash = '#logs';
    });
    who.append(name, ' ', masked, ' ', logs);
    cell(row, who, 'Key');
    const usage = cell(row, 'Loading\u2026', 'Usage, 30 days');
    usage.classList.add('usage');
    void loadUsage(key, usage);
    return row;
  });
}

// Logs: the requests made with the account's keys in the last 24 hours (the service keeps them,
// with their bodies redacted); a request's line opens its bodies.

interface RequestLogView {
  id: string;
  created_at: string;
  method: string;
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  request_id: string;
  key_id: string | null;
  request_body?: string | null;
  request_body_truncated?: boolean;
  response_body?: string | null;
  response_body_truncated?: boolean;
}

/** The next page of the logs as filtered, if there is one. */
let logsCursor: string | null = null;
let shownLogs: RequestLogView[] = [];

function logsQuery(cursor: string | null, requestId?: string): string {
  const params = new URLSearchParams({ mode: pageMode, limit: '50' });
  if (requestId) params.set('request_id', requestId);
  else {
    const key = byId<HTMLSelectElement>('logs-key').value;
    const status = byId<HTMLSelectElement>('logs-status').value;
    const route = byId<HTMLInputElement>('logs-route').value.trim();
    if (key) params.set('key_id', key);
    if (status) params.set('status_class', status);
    if (route) params.set('route', route);
  }
  if (cursor) params.set('cursor', cursor);
  return `request-logs?${params.toString()}`;
}

function clearLogs(): void {
  shownLogs = [];
  logsCursor = null;
  byId('logs-body').replaceChildren();
  byId('no-logs').hidden = true;
  byId('more-logs').hidden = true;
  hideLogDetail();
}

const keyNamed = (id: string | null): string => {
  const key = shownKeys.find((candidate) => candidate.id === id);
  return key ? `${key.label} (${maskedKey(key)})` : '\u2014';
};

function logRow(log: RequestLogView): HTMLTableRowElement {
  const row = tableRow();
  row.id = `log-${log.request_id}`;
  cell(row, formatTime(log.created_at, true) ?? '', 'Time');
  cell(row, log.method, 'Method');
  const route = document.createElement('code');
  route.textContent = log.route;
  route.title = log.path;
  cell(row, route, 'Route');
  cell(row, String(log.status), 'Status');
  cell(row, `${log.duration_ms.toLocaleString()} ms`, 'Duration');
  const link = document.createElement('a');
  link.href = `#logs/${encodeURIComponent(log.request_id)}`;
  link.textContent = log.request_id;
  link.setAttribute('aria-label', `${log.method} ${log.route} ${log.status}, request ${log.request_id}`);
  cell(row, link, 'Request id').classList.add('request-id');
  return row;
}

function loadLogs(more: boolean): Promise<void> {
  const mode = pageMode;
  if (!more) logsCursor = null;
  return api<{ request_logs: RequestLogView[]; next_cursor: string | null }>('GET', logsQuery(more ? logsCursor : null)).then(
    (data) => {
      if (mode !== pageMode) return;
      byId('logs-unavailable').hidden = true;
      shownLogs = more ? [...shownLogs, ...data.request_logs] : data.request_logs;
      const body = byId('logs-body');
      if (more) body.append(...data.request_logs.map(logRow));
      else body.replaceChildren(...data.request_logs.map(logRow));
      byId('no-logs').hidden = shownLogs.length > 0;
      logsCursor = data.next_cursor;
      byId('more-logs').hidden = !logsCursor;
      markSelectedLog();
    },
    (error: unknown) => {
      if (statusOf(error) === 404) byId('logs-unavailable').hidden = false;
      else handleFailure(error);
    },
  );
}

/** The request whose bodies are shown, if any. */
let openLog: string | null = null;

function hideLogDetail(): void {
  openLog = null;
  byId('log-detail').hidden = true;
  markSelectedLog();
}

function markSelectedLog(): void {
  byId('logs-body')
    .querySelectorAll('tr')
    .forEach((row) => {
      if (openLog && row.id === `log-${openLog}`) row.setAttribute('aria-current', 'true');
      else row.removeAttribute('aria-current');
    });
}

/** A body as the page shows it: JSON indented when it parses, as it is otherwise (a cut one). */
function bodyText(body: string | null | undefined, truncated: boolean | undefined): string {
  if (body === null || body === undefined || body === '') return '(no body)';
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON, or cut short: shown as it came.
  }
  return truncated ? `${text}\n\u2026 (cut: the service keeps the first 8 KiB)` : text;
}

function renderLogDetail(log: RequestLogView): void {
  openLog = log.request_id;
  byId('log-detail-title').textContent = `${log.method} ${log.path}`;
  const facts = byId('log-detail-facts');
  facts.replaceChildren();
  const add = (term: string, description: Node | string) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.append(description);
    facts.append(dt, dd);
  };
  add('Time', formatTime(log.created_at, true) ?? '');
  add('Route', log.route);
  add('Status', String(log.status));
  add('Duration', `${log.duration_ms.toLocaleString()} ms`);
  add('Request id', log.request_id);
  add('Key', keyNamed(log.key_id));
  byId('log-request-body').textContent = bodyText(log.request_body, log.request_body_truncated);
  byId('log-response-body').textContent = bodyText(log.response_body, log.response_body_truncated);
  byId('log-detail').hidden = false;
  markSelectedLog();
}

/** Opens the request the address names (`#logs/<request id>`): its line, and its bodies. */
function openLogInAddress(): Promise<void> {
  const requestId = requestInAddress();
  if (!requestId) {
    hideLogDetail();
    return Promise.resolve();
  }
  const mode = pageMode;
  const shown = shownLogs.find((log) => log.request_id === requestId);
  const found: Promise<RequestLogView | null> = shown
    ? Promise.resolve(shown)
    : api<{ request_logs: RequestLogView[] }>('GET', logsQuery(null, requestId)).then((data) => data.request_logs[0] ?? null);
  return found
    .then((log) => {
      if (!log) {
        hideLogDetail();
        fail(`No request ${requestId} in the last 24 hours of this mode's logs.`);
        return;
      }
      return api<{ request_log: RequestLogView }>('GET', `request-logs/${encodeURIComponent(log.id)}?mode=${mode}`).then((data) => {
        if (mode !== pageMode || requestInAddress() !== requestId) return;
        renderLogDetail(data.request_log);
        byId('log-detail-title').focus();
      });
    })
    .catch(handleFailure);
}

onSubmit('logs-filter', () => {
  hideLogDetail();
  if (requestInAddress()) window.history.replaceState(null, '', '#logs');
  return loadLogs(false).then(() =>
    announce(`${shownLogs.length.toLocaleString()} requests shown${logsCursor ? ', more older ones' : ''}.`),
  );
});
onPress('more-logs', () => loadLogs(true));

// Events: the feed's recent events, newest first, each with its JSON.

interface EventView {
  id: string;
  type: string;
  created_at: string;
  list?: { id: string; name: string } | null;
}

/** How many events a page of the event browser holds: one page of the feed read newest first. */
const EVENTS_SHOWN = 50;
let shownEvents: EventView[] = [];
/**
 * Where the older events start (the feed's next_cursor read newest first), or null when the
 * last page read was not full: read newest first, the feed's next_cursor is never null, and a
 * page shorter than asked is its oldest.
 */
let eventsCursor: string | null = null;

function clearEvents(): void {
  shownEvents = [];
  eventsCursor = null;
  byId('events-list').replaceChildren();
  byId('no-events').hidden = true;
  byId('more-events').hidden = true;
}

function eventItem(event: EventView): HTMLElement {
  const item = document.createElement('article');
  item.className = 'event';
  item.setAttribute('aria-labelledby', `event-${event.id}`);
  const title = document.createElement('h3');
  title.id = `event-${event.id}`;
  title.textContent = event.type;
  const when = document.createElement('p');
  when.className = 'hint';
  when.append(formatTime(event.created_at, true) ?? '', event.list ? `, list \u201c${event.list.name}\u201d` : '', ` \u00b7 ${event.id}`);
  const json = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = 'JSON';
  const pre = document.createElement('pre');
  pre.className = 'json';
  pre.textContent = JSON.stringify(event, null, 2);
  json.append(summary, pre);
  item.append(title, when, json);
  return item;
}

/**
 * Reads the newest events again, newest first, and shows them in place of those shown: one
 * page of the feed, however many events the account has; with `more`, the page of events older
 * than those shown, after them.
 */
async function loadEvents(more = false): Promise<void> {
  const mode = pageMode;
  const after = more && eventsCursor ? `&after=${encodeURIComponent(eventsCursor)}` : '';
  let data: { events: EventView[]; next_cursor: string | null };
  try {
    data = await api('GET', inMode(`events?order=newest&limit=${EVENTS_SHOWN}${after}`));
  } catch (error: unknown) {
    if (statusOf(error) === 404) byId('no-events').hidden = false;
    else handleFailure(error);
    return;
  }
  if (mode !== pageMode) return;
  if (more) {
    shownEvents = [...shownEvents, ...data.events];
    byId('events-list').append(...data.events.map(eventItem));
  } else {
    shownEvents = data.events;
    renderAll('events-list', 'no-events', shownEvents, eventItem);
  }
  eventsCursor = data.events.length === EVENTS_SHOWN ? data.next_cursor : null;
  byId('more-events').hidden = !eventsCursor;
}

onPress('refresh-events', () => loadEvents().then(() => announce(`${shownEvents.length.toLocaleString()} recent events shown.`)));
onPress('more-events', () =>
  loadEvents(true).then(() =>
    announce(`${shownEvents.length.toLocaleString()} events shown${eventsCursor ? ', more older ones' : ', the oldest included'}.`),
  ),
);

// The delivery inspector: each attempt of a delivery, as sent and as answered.

interface AttemptView {
  attempt: number;
  started_at: string;
  duration_ms: number | null;
  /** Null when nothing was sent (the attempt failed before its request left). */
  request: { method: string; headers: Record<string, string> } | null;
  status: number | null;
  response: { headers: Record<string, string>; body: string; body_truncated: boolean } | null;
  error: string | null;
}

function hideAttempts(): void {
  byId('attempts-list').replaceChildren();
  byId('attempts-for').textContent = '';
  byId('attempts-panel').hidden = true;
}

function headerList(headers: Record<string, string>): HTMLDListElement {
  const list = document.createElement('dl');
  list.className = 'facts';
  Object.entries(headers).forEach(([name, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = name;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  });
  return list;
}

function subheading(text: string): HTMLHeadingElement {
  const heading = document.createElement('h6');
  heading.textContent = text;
  return heading;
}

function attemptItem(attempt: AttemptView, url: string): HTMLElement {
  const item = document.createElement('article');
  item.className = 'attempt';
  const title = document.createElement('h5');
  const outcome = attempt.status === null ? 'no answer' : `HTTP ${attempt.status}`;
  const took = attempt.duration_ms === null ? '' : ` in ${attempt.duration_ms.toLocaleString()} ms`;
  title.textContent = `Attempt ${attempt.attempt}: ${outcome}${took}`;
  const when = document.createElement('p');
  when.className = 'hint';
  when.append('Started ', formatTime(attempt.started_at, true) ?? '', ` \u00b7 ${attempt.request?.method ?? 'POST'} ${url}`);
  item.append(title, when);
  if (attempt.error) {
    const error = document.createElement('p');
    error.className = 'field-error';
    error.textContent = attempt.error;
    item.appendChild(error);
  }
  if (attempt.request) item.append(subheading('Request headers'), headerList(attempt.request.headers));
  if (attempt.response) {
    const body = document.createElement('pre');
    body.className = 'json';
    body.textContent = attempt.response.body || '(no body)';
    item.append(
      subheading('Response headers'),
      headerList(attempt.response.headers),
      subheading(attempt.response.body_truncated ? 'Response body (its first 4 KiB)' : 'Response body'),
      body,
    );
  }
  return item;
}

function showAttempts(delivery: DeliveryView, button: HTMLButtonElement): Promise<void> {
  const webhook = shownDeliveriesOf;
  if (!webhook) return Promise.resolve();
  busy(button, true);
  const path = `webhooks/${encodeURIComponent(webhook.id)}/deliveries/${encodeURIComponent(delivery.id)}/attempts`;
  return api<{ attempts: AttemptView[] }>('GET', inMode(path)).then(
    (data) => {
      busy(button, false);
      if (shownDeliveriesOf !== webhook) return;
      byId('attempts-for').textContent = `Of the ${delivery.event_type} delivery to ${webhook.url}, oldest first.`;
      renderAll('attempts-list', 'no-attempts', data.attempts, (attempt) => attemptItem(attempt, webhook.url));
      byId('attempts-panel').hidden = false;
      byId('attempts-title').focus();
    },
    (error: unknown) => {
      busy(button, false);
      handleFailure(error);
    },
  );
}

// A verification link is followed first, so that the account shown is already verified.
// Signed out is {user: null}, not a 401: loading the page logs no failed request.
// The mailbox is asked first too: an address naming it (#mailbox) can then be shown.
void Promise.all([followLink(), loadMailbox()])
  .then(() => api<{ user: Account | null }>('GET', 'session'))
  .then(
    (data) => {
      if (data.user) return showSignedIn(data.user, false);
      showSignedOut(false);
    },
    (error: unknown) => {
      showSignedOut(false);
      fail(messageOf(error));
    },
  );

// A module (loaded with type="module"): its names stay its own, not the window's.
export {};
