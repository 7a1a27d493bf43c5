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
function api<T>(method: string, path: string, body?: Fields): Promise<T> {
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
  return loadKeys();
}

function showSignedOut(focus: boolean): void {
  hideNewKey();
  byId('keys-body').replaceChildren();
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
