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
}

interface KeyView {
  id: string;
  label: string;
  prefix: string;
  last4: string;
  scopes?: string[];
  status: string;
  created_at: string;
  last_used_at: string | null;
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
  'key-form': [[/^label\b/i, 'key-label']],
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
  form.querySelectorAll('input[aria-invalid]').forEach((input) => {
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
    input.focus();
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

function renderKeys(keys: KeyView[]): void {
  const body = byId('keys-body');
  body.replaceChildren();
  byId('no-keys').hidden = keys.length > 0;
  keys.forEach((key) => {
    const row = document.createElement('tr');
    row.setAttribute('role', 'row');
    const label = cell(row, key.label, 'Label');
    label.id = `key-label-${key.id}`;
    const masked = document.createElement('code');
    masked.textContent = `${key.prefix}\u2026${key.last4}`;
    cell(row, masked, 'Key');
    cell(row, (key.scopes || []).join(', '), 'Scopes');
    cell(row, formatTime(key.created_at) ?? '', 'Created');
    cell(row, formatTime(key.last_used_at) || 'Never', 'Last used');
    cell(row, key.status, 'Status');
    const actions = cell(row, '', '');
    if (key.status === 'active') {
      const revoke = document.createElement('button');
      revoke.type = 'button';
      revoke.textContent = 'Revoke';
      revoke.setAttribute('aria-describedby', label.id);
      revoke.addEventListener('click', () => revokeKey(key, revoke));
      actions.appendChild(revoke);
    }
    body.appendChild(row);
  });
}

function loadKeys(): Promise<void> {
  return api<{ keys: KeyView[] }>('GET', 'keys').then((data) => renderKeys(data.keys), handleFailure);
}

function hideNewKey(): void {
  newKeyText.textContent = '';
  byId('new-key-curl').textContent = '';
  newKeyPanel.hidden = true;
}

function showSignedIn(user: Account, focus: boolean): Promise<void> {
  byId('who').textContent = `${user.name} (${user.username}, ${user.email})`;
  byId('signed-out').hidden = true;
  byId('signed-in').hidden = false;
  if (focus) byId('account-title').focus();
  return Promise.all([loadKeys(), loadWebhooks()]).then(() => undefined);
}

function showSignedOut(focus: boolean): void {
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

function onSubmit(formId: string, action: (form: HTMLFormElement, fields: Fields) => Promise<void>): void {
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
    return showSignedIn(data.user, true);
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
  api<{ key: string; label: string }>('POST', 'keys', fields).then((data) => {
    form.reset();
    newKeyText.textContent = data.key;
    byId('new-key-curl').textContent = `curl -s ${window.location.origin}/v1/me -H 'X-API-Key: ${data.key}'`;
    newKeyPanel.hidden = false;
    byId('new-key-title').focus();
    announce(`Key "${data.label}" created. Copy it now: it is shown only this once.`);
    return loadKeys();
  }),
);

byId('signout').addEventListener('click', () => {
  const button = byId<HTMLButtonElement>('signout');
  busy(button, true);
  void api('POST', 'logout')
    .then(
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
    )
    .then(() => busy(button, false));
});

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
  const body = byId('webhooks-body');
  body.replaceChildren();
  byId('no-webhooks').hidden = webhooks.length > 0;
  webhooks.forEach((webhook) => {
    const row = document.createElement('tr');
    row.setAttribute('role', 'row');
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
    body.appendChild(row);
  });
}

function loadWebhooks(): Promise<void> {
  return api<{ webhooks: WebhookView[] }>('GET', 'webhooks').then((data) => renderWebhooks(data.webhooks), handleFailure);
}

const dash = (value: string | number | null): string => (value === null || value === '' ? '\u2014' : String(value));

function renderDeliveries(deliveries: DeliveryView[]): void {
  const body = byId('deliveries-body');
  body.replaceChildren();
  byId('no-deliveries').hidden = deliveries.length > 0;
  deliveries.forEach((delivery) => {
    const row = document.createElement('tr');
    row.setAttribute('role', 'row');
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
    body.appendChild(row);
  });
}

/** The first page of the shown webhook's deliveries (newest first). */
function loadDeliveries(): Promise<void> {
  const webhook = shownDeliveriesOf;
  if (!webhook) return Promise.resolve();
  return api<{ deliveries: DeliveryView[] }>('GET', `webhooks/${encodeURIComponent(webhook.id)}/deliveries`).then((data) => {
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
  void api<{ delivery: DeliveryView }>('POST', `webhooks/${encodeURIComponent(webhook.id)}/test`).then(
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
  void api<{ webhook: WebhookView }>('POST', `webhooks/${encodeURIComponent(webhook.id)}/rotate-secret`).then(
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
  void api('DELETE', `webhooks/${encodeURIComponent(webhook.id)}`).then(
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
  void api('POST', `webhooks/${encodeURIComponent(webhook.id)}/deliveries/${encodeURIComponent(delivery.id)}/retry`).then(
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
  api<{ webhook: WebhookView }>('POST', 'webhooks', webhookBody(fields)).then((data) => {
    form.reset();
    showNewSecret(data.webhook, `Webhook for ${data.webhook.url} added.`);
    return loadWebhooks();
  }),
);

byId('copy-secret').addEventListener('click', () => copyText(newSecretText, 'Secret copied to the clipboard.'));

byId('refresh-deliveries').addEventListener('click', () => {
  const button = byId<HTMLButtonElement>('refresh-deliveries');
  busy(button, true);
  void loadDeliveries().then(() => busy(button, false));
});

// Signed out is {user: null}, not a 401: loading the page logs no failed request.
void api<{ user: Account | null }>('GET', 'session').then(
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
