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

function formatTime(iso: string | null): HTMLTimeElement | null {
  if (!iso) return null;
  const time = document.createElement('time');
  time.dateTime = iso;
  time.textContent = new Date(iso).toLocaleString();
  return time;
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

/** The names of the account's lists by id, once GET lists has answered (ids are shown until then). */
const listNames = new Map<string, string>();

// Test mode (API.md section 10): the page shows and creates the keys and webhooks of one mode at
// a time, and offers the lists of that mode to the key form. The choice lasts for the tab's
// session (sessionStorage), so a reload keeps it and a new tab starts live.

type Mode = 'live' | 'test';
const MODE_STORAGE = 'developers.mode';

function storedMode(): Mode {
  try {
    return window.sessionStorage.getItem(MODE_STORAGE) === 'test' ? 'test' : 'live';
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
  // A name is quoted (it may hold commas); an id the page has no name for is shown as it is.
  const listName = (id: string) => (listNames.has(id) ? `\u201c${listNames.get(id)}\u201d` : id);
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

function renderKeys(keys: KeyView[]): void {
  renderAll('keys-body', 'no-keys', keys, (key) => {
    const row = tableRow();
    const label = cell(row, key.label, 'Label');
    label.id = `key-label-${key.id}`;
    const masked = document.createElement('code');
    masked.textContent = maskedKey(key);
    cell(row, masked, 'Key');
    cell(row, modeOf(key), 'Mode');
    cell(row, restrictionsOf(key), 'Restrictions');
    cell(row, formatTime(key.created_at) ?? '', 'Created');
    cell(row, formatTime(key.last_used_at) || 'Never', 'Last used');
    cell(row, key.status, 'Status');
    const usage = cell(row, 'Loading\u2026', 'Usage, 30 days');
    usage.classList.add('usage');
    const actions = document.createElement('div');
    actions.className = 'actions-row';
    if (key.status === 'active') {
      actions.appendChild(actionButton('Roll', label.id, true, (b) => openRoll(key, b)));
      actions.appendChild(actionButton('Revoke', label.id, false, (b) => revokeKey(key, b)));
    }
    cell(row, actions, '');
    void loadUsage(key, usage);
    return row;
  });
}

function loadKeys(): Promise<void> {
  return api<{ keys: KeyView[] }>('GET', `keys?mode=${pageMode}`).then(
    ifStillIn(pageMode, (data) => renderKeys(data.keys)),
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
  if (focus) byId('account-title').focus();
  return Promise.all([loadKeys(), loadWebhooks()]).then(() => undefined);
}

function showSignedOut(focus: boolean): void {
  account = null;
  listNames.clear();
  closeRoll();
  closeSandboxReset();
  resetKeyForm();
  hideNewKey();
  hideNewSecret();
  hideDeliveries();
  byId('keys-body').replaceChildren();
  byId('webhooks-body').replaceChildren();
  byId('signed-in').hidden = true;
  byId('signed-out').hidden = false;
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
    return Promise.all([showSignedIn(data.user, true), loadMailbox()]);
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

function revokeKey(key: KeyView, button: HTMLButtonElement): void {
  const masked = `${key.prefix}\u2026${key.last4}`;
  if (!window.confirm(`Revoke the key "${key.label}" (${masked})? Programs using it stop working at once.`)) return;
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

function hideDeliveries(): void {
  shownDeliveriesOf = null;
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
    cell(row, webhook.list_id ? `${types} (list ${webhook.list_id})` : types, 'Types');
    cell(row, webhook.disabled_reason ? `${webhook.status}: ${webhook.disabled_reason}` : webhook.status, 'Status');
    cell(row, formatTime(webhook.created_at) ?? '', 'Created');
    const actions = document.createElement('div');
    actions.className = 'actions-row';
    if (webhook.status === 'active') actions.appendChild(actionButton('Send test', url.id, true, (b) => sendTest(webhook, b)));
    actions.appendChild(actionButton('Deliveries', url.id, true, (b) => openDeliveries(webhook, b)));
    actions.appendChild(actionButton('Rotate secret', url.id, true, (b) => rotateSecret(webhook, b)));
    actions.appendChild(actionButton('Delete', url.id, false, (b) => deleteWebhook(webhook, b)));
    cell(row, actions, '');
    return row;
  });
}

function loadWebhooks(): Promise<void> {
  return api<{ webhooks: WebhookView[] }>('GET', inMode('webhooks')).then(
    ifStillIn(pageMode, (data) => renderWebhooks(data.webhooks)),
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
    cell(
      row,
      actionButton('Retry', event.id, true, (b) => retryDelivery(delivery, b)),
      '',
    );
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

function rotateSecret(webhook: WebhookView, button: HTMLButtonElement): void {
  if (!window.confirm(`Make a new signing secret for ${webhook.url}? The current one keeps signing beside it for 24 hours.`)) return;
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

function deleteWebhook(webhook: WebhookView, button: HTMLButtonElement): void {
  if (!window.confirm(`Delete the webhook for ${webhook.url}? Nothing more is sent to it, and its deliveries are deleted.`)) return;
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
    showNewSecret(data.webhook, `Webhook for ${data.webhook.url} added.`);
    return loadWebhooks();
  }),
);

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

/** The account's lists for the picker, every page of GET /developers/api/lists, oldest first. */
async function loadListChoices(): Promise<void> {
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
    return;
  }
  if (mode !== pageMode) return;
  lists.forEach((list) => listNames.set(list.id, list.name));
  renderListChoices(lists);
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
    window.sessionStorage.setItem(MODE_STORAGE, mode);
  } catch {
    // Not remembered past this page: it still switches.
  }
  showMode();
  closeRoll();
  hideNewKey();
  hideNewSecret();
  hideDeliveries();
  listNames.clear();
  byId('keys-body').replaceChildren();
  byId('webhooks-body').replaceChildren();
  byId('list-options').replaceChildren();
  const loads = [loadKeys(), loadWebhooks()];
  if (chosenLists()) loads.push(loadListChoices());
  announce(
    mode === 'test'
      ? 'Test mode on: the keys and webhooks shown and created are test ones, on the sandbox.'
      : 'Test mode off: the keys and webhooks shown and created are live ones.',
  );
  return Promise.all(loads).then(() => undefined);
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
      listNames.clear();
      const loads = [loadWebhooks(), loadKeys()];
      if (chosenLists()) loads.push(loadListChoices());
      return Promise.all(loads);
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
    return loadMailbox();
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
    return loadMailbox();
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
    return loadMailbox();
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

// A link to this page opened from the page itself (the mailbox) changes only the fragment.
window.addEventListener('hashchange', () => void followLink());

// The development mailbox: what the service would have sent, when no mail server is set.

interface MailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** False once the service says it keeps no mailbox (a 404: production, or mail really sent). */
let mailboxServed = true;

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

/** Shows the mailbox when the service serves it; resolves to whether it is shown. */
function loadMailbox(): Promise<boolean> {
  if (!mailboxServed) return Promise.resolve(false);
  return api<{ messages: MailView[] }>('GET', MAILBOX_PATH).then(
    (data) => {
      byId('mailbox').hidden = false;
      renderMailbox(data.messages);
      return true;
    },
    (error: unknown) => {
      if (statusOf(error) === 404) {
        mailboxServed = false;
        byId('mailbox').hidden = true;
      } else handleFailure(error);
      return false;
    },
  );
}

onPress('refresh-mailbox', () => loadMailbox().then((shown) => shown && announce('Mailbox refreshed.')));

// A verification link is followed first, so that the account shown is already verified.
// Signed out is {user: null}, not a 401: loading the page logs no failed request.
void followLink()
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
void loadMailbox();

// A module (loaded with type="module"): its names stay its own, not the window's.
export {};
