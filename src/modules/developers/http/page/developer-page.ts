import { createHash } from 'node:crypto';
import type { PageScript } from './page-script';

const PAGE_STYLE = `
[hidden] { display: none !important; }
:root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1b1b1b; background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 3rem; }
h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
h2:focus, h3:focus { outline: 2px dashed #0b57d0; outline-offset: 2px; }
/* A heading given the focus scrolls into view below the navigation that stays at the top. */
h2, h3, h4 { scroll-margin-top: 7rem; }
.columns { display: flex; flex-wrap: wrap; gap: 2rem; }
.columns > section { flex: 1 1 18rem; }
form { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.35rem; max-width: 24rem; }
/* A select is as wide as its longest choice (a list's long name): it never widens the page. */
select { max-width: 100%; min-width: 0; }
label { font-weight: 600; margin-top: 0.4rem; }
input, textarea, select { font: inherit; padding: 0.4rem 0.5rem; border: 1px solid #6b6b6b; border-radius: 4px; }
textarea { resize: vertical; min-height: 4.5rem; }
fieldset { border: 1px solid #d0d0d0; border-radius: 6px; margin: 0.4rem 0 0; padding: 0.25rem 0.75rem 0.6rem; min-width: 0; }
legend { font-weight: 600; padding: 0 0.25rem; }
label.choice { display: flex; gap: 0.5rem; align-items: center; font-weight: 400; margin: 0.15rem 0; overflow-wrap: anywhere; }
label.choice input { flex: none; margin: 0; }
.choices { display: grid; gap: 0.1rem; max-height: 14rem; overflow-y: auto; }
button.secondary { background: #fff; color: #0b57d0; }
button.link { background: none; border: 0; color: #0b57d0; text-decoration: underline; padding: 0.2rem 0; }
.banner { border: 2px solid #b06000; background: #fef7e0; border-radius: 6px; padding: 0.25rem 1rem 0.75rem; margin-top: 1rem; }
.banner h2 { margin-top: 0.5rem; }
details { margin-top: 0.75rem; }
summary { cursor: pointer; font-weight: 600; }
dialog { max-width: min(32rem, calc(100vw - 2rem)); border: 1px solid #6b6b6b; border-radius: 6px; padding: 0.5rem 1rem 1rem; }
dialog::backdrop { background: rgba(0, 0, 0, 0.35); }
dl.restrictions { margin: 0; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 0.5rem; }
dl.restrictions dt { font-weight: 600; }
dl.restrictions dd { margin: 0; overflow-wrap: break-word; min-width: 0; }
table.keys td code { white-space: nowrap; word-break: normal; }
.mode-test { display: inline-block; background: #fef7e0; color: #7a4100; border: 1px solid #b06000; border-radius: 4px; padding: 0 0.3rem; font-weight: 600; }
/* Test mode: the whole page says so, by a band across its top and the banner, besides each key's badge. */
:root.test-mode { background: #fffaf0; border-top: 0.5rem solid #b06000; }
/* The navigation and the mode switch stay in view at the top while a section scrolls. */
.console-bar { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid #d0d0d0; display: flex;
  flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.25rem 1rem; padding: 0.4rem 0; }
:root.test-mode .console-bar { background: #fffaf0; }
#sections-nav ul { display: flex; flex-wrap: wrap; gap: 0.15rem 0.25rem; margin: 0; padding: 0; list-style: none; }
#sections-nav a { display: inline-block; padding: 0.3rem 0.6rem; border-radius: 4px; color: #0b57d0; text-decoration: none; font-weight: 600; }
#sections-nav a:hover { background: #e8f0fe; }
#sections-nav a[aria-current="page"] { background: #0b57d0; color: #fff; }
#sections-nav a:focus-visible, a:focus-visible { outline: 3px solid #f29900; outline-offset: 2px; }
.console-section h2:first-child { margin-top: 1rem; }
.mode-switch { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.75rem; }
.mode-switch .hint { font-size: 0.85rem; }
/* One date format everywhere, with its time zone, never broken across lines. */
time { white-space: nowrap; }
.expiry-note { display: block; font-size: 0.9rem; color: #7a4100; font-weight: 600; }
.pair-note { display: block; font-size: 0.85rem; color: #4a4a4a; }
tr.rolled td { background: #fafafa; }
@media (min-width: 40.01rem) { tr.pair-start td { border-top: 2px solid #6b6b6b; } }
button.danger { background: #a50e0e; border-color: #a50e0e; color: #fff; }
button.danger-outline { background: #fff; border-color: #a50e0e; color: #a50e0e; }
dialog.destructive { border: 2px solid #a50e0e; }
dialog.destructive h3 { color: #a50e0e; }
.local-hint { border-left: 3px solid #b06000; padding-left: 0.5rem; overflow-wrap: anywhere; }
.filters { display: flex; flex-wrap: wrap; align-items: end; gap: 0.5rem 1rem; max-width: none; }
.filters > div { display: grid; gap: 0.2rem; min-width: 0; }
.filters label { margin: 0; }
.filters .hint { flex-basis: 100%; order: 5; }
table.logs tr[aria-current="true"] td { background: #e8f0fe; }
/* Ids, routes and masked keys break only where they must (a word longer than its line), never mid-word by choice. */
td.request-id a, table.logs td code { overflow-wrap: break-word; }
.usage code { white-space: nowrap; }
table.logs button.plain, .event button.plain { white-space: nowrap; }
pre.json { white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f3f4; padding: 0.5rem; margin: 0.25rem 0 0.5rem; font-size: 0.85rem; max-height: 24rem; overflow-y: auto; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.1rem 0.75rem; margin: 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: break-word; min-width: 0; }
.inspector { margin-top: 0.75rem; }
.attempt, .event { border: 1px solid #d0d0d0; border-radius: 6px; padding: 0.25rem 0.75rem 0.5rem; margin-bottom: 0.6rem; min-width: 0; }
.attempt h5, .event h3 { margin: 0.4rem 0 0.25rem; font-size: 1rem; overflow-wrap: anywhere; }
label.switch { display: inline-flex; align-items: center; gap: 0.5rem; margin: 0; cursor: pointer; }
label.switch input { appearance: none; width: 2.5rem; height: 1.4rem; margin: 0; padding: 0; border: 1px solid #6b6b6b; border-radius: 0.7rem; background: #d0d0d0; position: relative; cursor: pointer; }
label.switch input::before { content: ""; position: absolute; top: 0.15rem; left: 0.15rem; width: 1rem; height: 1rem; border-radius: 50%; background: #fff; border: 1px solid #6b6b6b; }
label.switch input:checked { background: #b06000; border-color: #7a4100; }
label.switch input:checked::before { left: 1.2rem; }
.usage svg { display: block; width: 9.5rem; height: 2.5rem; }
.bar-2xx, .swatch-2xx { fill: #0d652d; background: #0d652d; }
.bar-4xx, .swatch-4xx { fill: #e37400; background: #e37400; }
.bar-429, .swatch-429 { fill: #8430ce; background: #8430ce; }
.bar-5xx, .swatch-5xx { fill: #a50e0e; background: #a50e0e; }
.usage .axis { stroke: #6b6b6b; }
.legend { display: flex; flex-wrap: wrap; gap: 0 1rem; margin: 0 0 0.5rem; padding: 0; list-style: none; }
.legend span { display: inline-block; width: 0.75rem; height: 0.75rem; margin-right: 0.3rem; vertical-align: -0.1rem; }
.usage details { margin-top: 0.25rem; font-size: 0.85rem; }
.usage details table th, .usage details table td { padding: 0.05rem 0.3rem; }
#mail-list { margin-top: 0.75rem; }
.mail { border: 1px solid #d0d0d0; border-radius: 6px; padding: 0.25rem 1rem 0.75rem; margin-bottom: 0.75rem; }
.mail h3 { margin: 0.5rem 0 0.25rem; font-size: 1rem; overflow-wrap: anywhere; }
.mail pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f1f3f4; padding: 0.5rem; margin: 0.25rem 0 0; font-size: 0.9rem; }
.mail p { margin: 0; overflow-wrap: anywhere; }
button { font: inherit; padding: 0.4rem 0.9rem; border: 1px solid #0b57d0; border-radius: 4px; background: #0b57d0; color: #fff; cursor: pointer; justify-self: start; }
button[disabled] { opacity: 0.6; cursor: progress; }
table button { background: #fff; color: #a50e0e; border-color: #a50e0e; padding: 0.15rem 0.6rem; }
table button.plain { color: #0b57d0; border-color: #0b57d0; }
td .actions-row { gap: 0.35rem; }
.panel { border: 1px solid #d0d0d0; border-radius: 6px; padding: 0.5rem 1rem 1rem; margin-top: 1rem; }
input:focus-visible, textarea:focus-visible, select:focus-visible, summary:focus-visible, button:focus-visible { outline: 3px solid #f29900; outline-offset: 2px; }
.hint { margin: 0; font-size: 0.9rem; color: #4a4a4a; }
.status { min-height: 1.5em; color: #0d652d; }
.error { min-height: 1.5em; color: #a50e0e; font-weight: 600; }
/* Nothing to say: the lines take no room above the navigation. */
.status:empty, .error:empty { min-height: 0; margin: 0; }
.new-key { border: 2px solid #0d652d; border-radius: 6px; padding: 0.5rem 1rem 1rem; margin-top: 1rem; }
.new-key code { display: block; word-break: break-all; font-size: 1rem; background: #f1f3f4; padding: 0.5rem; margin-bottom: 0.5rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid #d0d0d0; vertical-align: top; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.field-error { margin: 0; color: #a50e0e; font-weight: 600; font-size: 0.95rem; }
[aria-invalid="true"] { border: 2px solid #a50e0e; }
#who, #verify-email, td code, td.url { overflow-wrap: anywhere; word-break: break-all; }
/* What the page says may quote a long address (a webhook's URL): it wraps rather than scroll a phone sideways. */
.status, .error, #new-secret-for, #deliveries-for { overflow-wrap: anywhere; }
pre.command { white-space: pre-wrap; word-break: break-all; background: #f1f3f4; padding: 0.5rem; margin: 0 0 0.5rem; font-size: 0.9rem; }
.next-steps li { margin-bottom: 0.35rem; }
.actions-row { display: flex; flex-wrap: wrap; gap: 0.5rem; }
/* A phone (390 px and the like): each row (a key, a webhook, a delivery) becomes a card, label beside value; nothing scrolls sideways. */
@media (max-width: 40rem) {
  body { padding: 0.75rem 1rem 2rem; }
  .console-bar { padding: 0.25rem 0; }
  #sections-nav a { padding: 0.2rem 0.45rem; }
  .mode-switch .hint { display: none; }
  .cards thead tr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .cards, .cards tbody, .cards tr { display: block; }
  .cards tr { border: 1px solid #d0d0d0; border-radius: 6px; padding: 0.5rem 0.75rem; margin-bottom: 0.75rem; }
  .cards td { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); gap: 0.5rem; border: 0; padding: 0.15rem 0; }
  table.logs { font-size: 0.95rem; }
  .cards td::before { content: attr(data-label); font-weight: 600; }
  .cards td[data-label=""] { display: block; }
  /* A key's restrictions take the card's width, their label above them: a date never has to wrap. */
  .cards td[data-label="Restrictions"] { grid-template-columns: minmax(0, 1fr); gap: 0; }
  .cards tr.pair-start { border: 2px solid #6b6b6b; }
  /* A fact's name above its value: a long header name never squeezes its value into fragments. */
  dl.facts { grid-template-columns: minmax(0, 1fr); }
  dl.facts dd { margin-bottom: 0.3rem; }
}
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Only this page's own script (by hash: the served file must match it, and the page names it
 * with the same integrity) and inline style (by hash) may run; it talks to this origin only,
 * and no other site may frame it.
 */
export const pageCsp = (script: PageScript): string =>
  [
    "default-src 'none'",
    `script-src '${script.integrity}'`,
    `style-src ${sha256(PAGE_STYLE)}`,
    "connect-src 'self'",
    'img-src data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * `GET /developers`. Accessible names are fixed by API.md section 4: inputs Email,
 * Username, Name, Password, Login, Label; buttons Sign up, Sign in, Sign out, Create
 * key, Revoke. Hints are descriptions (aria-describedby), so they never change a name.
 * The Webhooks section (API.md section 8) adds Endpoint URL, Event types, List; Add
 * endpoint, Send test, Deliveries, Attempts, Rotate secret, Delete, Retry, Refresh. Restricted
 * keys (section 9) add the Scopes, Lists, Expires and Allowed addresses fields, and Roll; accounts
 * (section 12) the verify banner, Forgot password?, the new-password forms and the Mailbox; test
 * mode (section 10) the Test mode switch and Reset test data. Signed in, the page is a console of
 * sections (Keys, Webhooks, Events, Logs, Usage, Account, Mailbox) under a navigation landmark
 * named "Developer portal", one shown at a time, each named by the address's fragment.
 */
export const developerPage = (script: PageScript): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Developer portal — Shared to-do list service</title>
<link rel="icon" href="data:,">
<style>${PAGE_STYLE}</style>
</head>
<body>
<header>
  <h1>Developer portal</h1>
  <p>Create an account and the API keys your programs send in the <code>X-API-Key</code> header.
  See the <a href="/docs">API reference</a>.</p>
</header>
<main>
  <p id="status" class="status" role="status" aria-live="polite"></p>
  <p id="error" class="error" role="alert"></p>
  <noscript><p class="error">This page needs JavaScript to talk to the service.</p></noscript>

  <section id="reset-section" class="panel" aria-labelledby="reset-title" hidden>
    <h2 id="reset-title" tabindex="-1">Choose a new password</h2>
    <form id="reset-form" aria-labelledby="reset-title">
      <label for="reset-password">New password</label>
      <input id="reset-password" name="password" type="password" autocomplete="new-password" required minlength="10"
        aria-describedby="reset-hint">
      <p id="reset-hint" class="hint">At least 10 characters. Setting it signs you out everywhere; your API keys keep working.</p>
      <p id="reset-password-error" class="field-error" hidden></p>
      <button type="submit">Set new password</button>
    </form>
  </section>

  <div id="signed-out" class="columns">
    <section aria-labelledby="signup-title">
      <h2 id="signup-title" tabindex="-1">Create an account</h2>
      <form id="signup-form" aria-labelledby="signup-title">
        <label for="signup-email">Email</label>
        <input id="signup-email" name="email" type="email" autocomplete="email" required maxlength="254">
        <p id="signup-email-error" class="field-error" hidden></p>
        <label for="signup-username">Username</label>
        <input id="signup-username" name="username" autocomplete="username" required minlength="3" maxlength="32"
          pattern="[a-z0-9_]{3,32}" autocapitalize="none" spellcheck="false" aria-describedby="username-hint">
        <p id="username-hint" class="hint">3 to 32 characters: lower-case letters, digits and _</p>
        <p id="signup-username-error" class="field-error" hidden></p>
        <label for="signup-name">Name</label>
        <input id="signup-name" name="name" autocomplete="name" required maxlength="100">
        <p id="signup-name-error" class="field-error" hidden></p>
        <label for="signup-password">Password</label>
        <input id="signup-password" name="password" type="password" autocomplete="new-password" required minlength="10"
          aria-describedby="password-hint">
        <p id="password-hint" class="hint">At least 10 characters</p>
        <p id="signup-password-error" class="field-error" hidden></p>
        <button type="submit">Sign up</button>
      </form>
    </section>
    <section aria-labelledby="signin-title">
      <h2 id="signin-title" tabindex="-1">Sign in</h2>
      <form id="signin-form" aria-labelledby="signin-title">
        <label for="signin-login">Login</label>
        <input id="signin-login" name="login" autocomplete="username" required autocapitalize="none" spellcheck="false"
          aria-describedby="login-hint">
        <p id="login-hint" class="hint">Your email or username</p>
        <p id="signin-login-error" class="field-error" hidden></p>
        <label for="signin-password">Password</label>
        <input id="signin-password" name="password" type="password" autocomplete="current-password" required>
        <p id="signin-password-error" class="field-error" hidden></p>
        <button type="submit">Sign in</button>
      </form>
      <p><button type="button" id="forgot-toggle" class="link" aria-expanded="false" aria-controls="forgot-panel">Forgot password?</button></p>
      <div id="forgot-panel" hidden>
        <h3 id="forgot-title" tabindex="-1">Reset your password</h3>
        <form id="forgot-form" aria-labelledby="forgot-title">
          <label for="forgot-email">Email</label>
          <input id="forgot-email" name="email" type="email" autocomplete="email" required maxlength="254"
            aria-describedby="forgot-hint">
          <p id="forgot-hint" class="hint">The address of your account: we mail it a link to choose a new password, valid for one hour</p>
          <p id="forgot-email-error" class="field-error" hidden></p>
          <button type="submit">Send reset link</button>
        </form>
      </div>
    </section>
  </div>

  <div id="signed-in" hidden>
    <div class="console-bar">
      <nav id="sections-nav" aria-label="Developer portal">
        <ul>
          <li><a href="#keys" data-section="keys">Keys</a></li>
          <li><a href="#webhooks" data-section="webhooks">Webhooks</a></li>
          <li><a href="#events" data-section="events">Events</a></li>
          <li><a href="#logs" data-section="logs">Logs</a></li>
          <li><a href="#usage" data-section="usage">Usage</a></li>
          <li><a href="#account" data-section="account">Account</a></li>
          <li id="mailbox-nav" hidden><a href="#mailbox" data-section="mailbox">Mailbox</a></li>
        </ul>
      </nav>
      <div class="mode-switch">
        <label class="switch"><input type="checkbox" role="switch" id="test-mode" aria-describedby="test-mode-hint"> Test mode</label>
        <p id="test-mode-hint" class="hint">Sandbox data, <code>sk_test_</code> keys</p>
        <button type="button" id="signout" class="secondary">Sign out</button>
      </div>
    </div>
    <section id="test-banner" class="banner" aria-labelledby="test-banner-title" hidden>
      <h2 id="test-banner-title">Test mode is on</h2>
      <p>The keys, webhooks, events and logs shown and created here are test ones, working on the sandbox's lists: nothing
        here touches your live data.</p>
      <button type="button" id="sandbox-reset" class="danger-outline">Reset test data</button>
      <p id="sandbox-reset-result" data-testid="sandbox-reset-result" hidden></p>
      <dialog id="sandbox-reset-dialog" class="destructive" aria-labelledby="sandbox-reset-title" aria-describedby="sandbox-reset-what">
        <form id="sandbox-reset-form" aria-labelledby="sandbox-reset-title">
          <h3 id="sandbox-reset-title">Reset test data</h3>
          <p id="sandbox-reset-what">This deletes your test lists (with their items, members, invitations and share links), takes
            you out of the test lists others shared with you, and deletes your test webhooks with their deliveries. Your test keys
            keep working; live data is never touched.</p>
          <div class="actions-row">
            <button type="submit" class="danger">Reset test data</button>
            <button type="button" class="secondary" id="sandbox-reset-cancel">Cancel</button>
          </div>
        </form>
      </dialog>
    </section>
    <section id="verify-banner" class="banner" aria-labelledby="verify-title" hidden>
      <h2 id="verify-title">Verify your email address</h2>
      <p>We sent a link to <strong id="verify-email"></strong>. Open it to show the address is yours: until then,
        invitations sent to it stay hidden from you.</p>
      <p id="verify-mailbox-hint" hidden>No mail server is set up, so the message is in the
        <a href="#mailbox">development mailbox</a>.</p>
      <button type="button" id="resend-verification">Resend verification email</button>
    </section>
    <dialog id="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-what">
      <form id="confirm-form" method="dialog" aria-labelledby="confirm-title">
        <h3 id="confirm-title"></h3>
        <p id="confirm-what"></p>
        <div class="actions-row">
          <button type="submit" id="confirm-ok" value="ok"></button>
          <button type="button" class="secondary" id="confirm-cancel">Cancel</button>
        </div>
      </form>
    </dialog>

    <section id="section-keys" class="console-section" data-section="keys" aria-labelledby="keys-title">
      <h2 id="keys-title" tabindex="-1">Your API keys</h2>
      <div id="new-key-panel" class="new-key" hidden>
        <h3 id="new-key-title" tabindex="-1">Your new key</h3>
        <p id="new-key-for" hidden></p>
        <p>Copy it now and keep it secret: it is shown only this once.</p>
        <code id="new-key" data-testid="new-key"></code>
        <button type="button" id="copy-key">Copy key</button>
        <h4 id="try-title">Try it</h4>
        <p>Paste this into a terminal: it asks the service who the key belongs to.</p>
        <pre class="command" aria-labelledby="try-title"><code id="new-key-curl" data-testid="new-key-curl"></code></pre>
        <button type="button" id="copy-curl">Copy command</button>
      </div>
      <p id="no-keys" hidden>No keys yet.</p>
      <table class="keys cards" role="table" aria-labelledby="keys-title">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">Label</th><th scope="col" role="columnheader">Key</th>
            <th scope="col" role="columnheader">Mode</th><th scope="col" role="columnheader">Restrictions</th>
            <th scope="col" role="columnheader">Created</th><th scope="col" role="columnheader">Last used</th>
            <th scope="col" role="columnheader">Status</th>
            <th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody id="keys-body" role="rowgroup"></tbody>
      </table>
      <dialog id="roll-dialog" class="destructive" aria-labelledby="roll-title" aria-describedby="roll-what">
        <form id="roll-form" aria-labelledby="roll-title">
          <h3 id="roll-title">Roll key</h3>
          <p id="roll-what"></p>
          <fieldset>
            <legend>The old key stops working</legend>
            <label class="choice"><input type="radio" name="expires_in_hours" value="0"> At once</label>
            <label class="choice"><input type="radio" name="expires_in_hours" value="1"> In 1 hour</label>
            <label class="choice"><input type="radio" name="expires_in_hours" value="24" checked> In 24 hours</label>
            <label class="choice"><input type="radio" name="expires_in_hours" value="168"> In 7 days</label>
          </fieldset>
          <div class="actions-row">
            <button type="submit" class="danger">Roll key</button>
            <button type="button" class="secondary" id="roll-cancel">Cancel</button>
          </div>
        </form>
      </dialog>
      <div class="panel">
      <h3 id="create-title">New API key</h3>
      <form id="key-form" aria-labelledby="create-title">
        <label for="key-label">Label</label>
        <input id="key-label" name="label" required maxlength="100" aria-describedby="label-hint">
        <p id="label-hint" class="hint">What the key is for, e.g. “CI pipeline” (1 to 100 characters)</p>
        <p id="key-mode-note" class="hint" hidden><span class="mode-test">Test</span> This makes a test key (<code>sk_test_…</code>),
          for the sandbox's data.</p>
        <p id="key-label-error" class="field-error" hidden></p>
        <fieldset id="key-scopes" aria-describedby="scopes-hint">
          <legend>Scopes</legend>
          <p id="scopes-hint" class="hint">What the key may do: a route outside them answers 403</p>
          <div class="actions-row" role="group" aria-label="Scope presets">
            <button type="button" class="secondary" data-preset="all">All scopes</button>
            <button type="button" class="secondary" data-preset="read">Read-only</button>
            <button type="button" class="secondary" data-preset="items">Items only</button>
          </div>
          <label class="choice"><input type="checkbox" name="scopes" value="lists:read" checked> lists:read</label>
          <label class="choice"><input type="checkbox" name="scopes" value="lists:write" checked> lists:write</label>
          <label class="choice"><input type="checkbox" name="scopes" value="items:read" checked> items:read</label>
          <label class="choice"><input type="checkbox" name="scopes" value="items:write" checked> items:write</label>
          <label class="choice"><input type="checkbox" name="scopes" value="profile:read" checked> profile:read</label>
          <p id="key-scopes-error" class="field-error" hidden></p>
        </fieldset>
        <fieldset id="key-lists">
          <legend>Lists</legend>
          <label class="choice"><input type="radio" name="lists_mode" value="all" checked> Every list, now and later</label>
          <label class="choice"><input type="radio" name="lists_mode" value="chosen" aria-controls="list-choices"> Only the lists I choose</label>
          <div id="list-choices" hidden>
            <div id="list-options" class="choices" role="group" aria-label="Lists the key may reach"></div>
            <p id="no-lists" class="hint" hidden>You have no lists in this mode yet: create one with the API first.</p>
          </div>
          <p id="key-lists-error" class="field-error" hidden></p>
        </fieldset>
        <label for="key-expiry">Expires</label>
        <select id="key-expiry" name="expiry">
          <option value="never" selected>Never</option>
          <option value="7">In 7 days</option>
          <option value="30">In 30 days</option>
          <option value="90">In 90 days</option>
          <option value="date">On a date…</option>
        </select>
        <div id="key-expiry-date-field" hidden>
          <label for="key-expiry-date">Expiry date</label>
          <input id="key-expiry-date" name="expiry_date" type="date" aria-describedby="expiry-date-hint">
          <p id="expiry-date-hint" class="hint">The key stops working at the end of that day (your time zone), at most a year ahead</p>
        </div>
        <p id="key-expiry-error" class="field-error" hidden></p>
        <label for="key-ips">Allowed addresses</label>
        <textarea id="key-ips" name="allowed_ips" rows="3" autocapitalize="none" spellcheck="false" aria-describedby="ips-hint"></textarea>
        <p id="ips-hint" class="hint">Optional: IPv4 or IPv6 addresses or CIDR ranges, one per line (at most 20); empty: from anywhere</p>
        <p id="key-ips-error" class="field-error" hidden></p>
        <button type="submit">Create key</button>
      </form>
      </div>
    <section aria-labelledby="next-title" class="next-steps">
      <h3 id="next-title">What to do next</h3>
      <ol>
        <li>Keep the key out of your code: put it in an environment variable,
          e.g. <code>export TODO_API_KEY=sk_live_…</code>, and send it as the <code>X-API-Key</code> header.</li>
        <li>Check it with the command shown when you create a key: <code>GET /v1/me</code> answers with your
          account and the key's scopes.</li>
        <li>Create a list (<code>POST /v1/lists</code>) and add items to it (<code>POST /v1/actions/add</code>):
          every route, field and status is in the <a href="/docs">API reference</a>.</li>
        <li>Generating a client? The same reference as OpenAPI 3.1: <a href="/v1/openapi.json">/v1/openapi.json</a>.</li>
        <li>Working on this page? Its own routes are described apart, in <a href="/developers/openapi.json">/developers/openapi.json</a>.</li>
        <li>Use one key per program: each can then be revoked alone, and each has its own rate limit
          (the <code>RateLimit</code> header of every answer says what is left).</li>
      </ol>
    </section>
    </section>

    <section id="section-webhooks" class="console-section" data-section="webhooks" aria-labelledby="webhooks-title" hidden>
      <h2 id="webhooks-title" tabindex="-1">Webhooks</h2>
      <p class="hint">The service sends the events of your lists (the ones <code>GET /v1/events</code> shows) to your
        endpoints as signed POST requests (Standard Webhooks), and retries those that fail.</p>
      <div id="new-secret-panel" class="new-key" hidden>
        <h3 id="new-secret-title" tabindex="-1">Signing secret</h3>
        <p id="new-secret-for"></p>
        <p>Copy it now into your receiver's configuration: it is shown only this once and will not be shown again.</p>
        <code id="new-secret" data-testid="new-secret"></code>
        <button type="button" id="copy-secret">Copy secret</button>
      </div>
      <h3 id="webhooks-list-title" tabindex="-1">Your endpoints</h3>
      <p id="no-webhooks" hidden>No webhooks yet.</p>
      <table class="webhooks cards" role="table" aria-labelledby="webhooks-list-title">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">URL</th><th scope="col" role="columnheader">Types</th>
            <th scope="col" role="columnheader">Status</th><th scope="col" role="columnheader">Created</th>
            <th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody id="webhooks-body" role="rowgroup"></tbody>
      </table>
      <div id="deliveries-panel" class="panel" hidden>
        <h3 id="deliveries-title" tabindex="-1">Deliveries</h3>
        <p id="deliveries-for" class="hint"></p>
        <button type="button" id="refresh-deliveries">Refresh</button>
        <p id="no-deliveries" hidden>No deliveries yet.</p>
        <table class="deliveries cards" role="table" aria-labelledby="deliveries-title">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Event</th><th scope="col" role="columnheader">Status</th>
              <th scope="col" role="columnheader">Attempts</th><th scope="col" role="columnheader">Status code</th>
              <th scope="col" role="columnheader">Last error</th><th scope="col" role="columnheader">Next attempt</th>
              <th scope="col" role="columnheader">Created</th>
              <th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody id="deliveries-body" data-testid="deliveries-body" role="rowgroup"></tbody>
        </table>
        <div id="attempts-panel" class="inspector" hidden>
          <h4 id="attempts-title" tabindex="-1">Attempts</h4>
          <p id="attempts-for" class="hint"></p>
          <p id="no-attempts" hidden>No attempt yet: the delivery waits for its first.</p>
          <div id="attempts-list" data-testid="attempts"></div>
        </div>
      </div>
      <div class="panel">
      <h3 id="webhook-create-title">New endpoint</h3>
      <form id="webhook-form" aria-labelledby="webhook-create-title">
        <label for="webhook-url">Endpoint URL</label>
        <input id="webhook-url" name="url" type="url" required maxlength="2048" autocapitalize="none" spellcheck="false"
          aria-describedby="webhook-url-hint">
        <p id="webhook-url-hint" class="hint">An https:// address of your receiver</p>
        <p id="webhook-url-error" class="field-error" hidden></p>
        <p id="webhook-url-local" class="hint local-hint" hidden>Developing with a receiver on this machine? Start the service
          with <code>WEBHOOK_ALLOW_PRIVATE_URLS=true</code>: it then accepts <code>http://</code> and private addresses such as
          <code>http://127.0.0.1:4000/hooks</code> (never in production).</p>
        <label for="webhook-types">Event types</label>
        <input id="webhook-types" name="types" autocapitalize="none" spellcheck="false" aria-describedby="webhook-types-hint">
        <p id="webhook-types-hint" class="hint">Optional, comma-separated, e.g. “item.added, item.completed”; empty: every type</p>
        <p id="webhook-types-error" class="field-error" hidden></p>
        <label for="webhook-list">List</label>
        <select id="webhook-list" name="list_id" aria-describedby="webhook-list-hint">
          <option value="" selected>Every list</option>
        </select>
        <p id="webhook-list-hint" class="hint">Optional: only the events of this list</p>
        <p id="webhook-list-error" class="field-error" hidden></p>
        <button type="submit">Add endpoint</button>
      </form>
      </div>
    </section>

    <section id="section-events" class="console-section" data-section="events" aria-labelledby="events-title" hidden>
      <h2 id="events-title" tabindex="-1">Events</h2>
      <p class="hint">The recent events of your lists in this mode, newest first: what <code>GET /v1/events</code> answers and
        webhooks send.</p>
      <button type="button" id="refresh-events" class="secondary">Refresh events</button>
      <p id="no-events" hidden>No events yet: change a list or an item with the API and they appear here.</p>
      <div id="events-list" data-testid="events"></div>
      <button type="button" id="more-events" class="secondary" hidden>Older events</button>
    </section>

    <section id="section-logs" class="console-section" data-section="logs" aria-labelledby="logs-title" hidden>
      <h2 id="logs-title" tabindex="-1">Logs</h2>
      <p class="hint">The last 24 hours of requests to <code>/v1/</code> and <code>/mcp</code> made with your keys in this mode,
        newest first. Keys, secrets and passwords in the bodies are redacted.</p>
      <form id="logs-filter" class="filters" aria-labelledby="logs-filter-title">
        <h3 id="logs-filter-title" class="visually-hidden">Filter the logs</h3>
        <div><label for="logs-key">Key</label>
          <select id="logs-key" name="key_id"><option value="">Every key</option></select></div>
        <div><label for="logs-status">Status</label>
          <select id="logs-status" name="status">
            <option value="">Every status</option><option value="2xx">2xx succeeded</option><option value="4xx">4xx refused</option>
            <option value="5xx">5xx failed</option>
          </select></div>
        <div><label for="logs-route">Route</label>
          <input id="logs-route" name="route" autocapitalize="none" spellcheck="false" placeholder="/v1/lists/:id"
            aria-describedby="logs-route-hint"></div>
        <p id="logs-route-hint" class="hint">The route's pattern, e.g. <code>/v1/lists/:id</code>; empty: every route</p>
        <button type="submit">Filter</button>
      </form>
      <p id="logs-unavailable" class="hint" hidden>The request logs are not available from this service.</p>
      <p id="no-logs" hidden>No requests match in the last 24 hours.</p>
      <table class="logs cards" role="table" aria-labelledby="logs-title">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">Time</th><th scope="col" role="columnheader">Method</th>
            <th scope="col" role="columnheader">Route</th><th scope="col" role="columnheader">Status</th>
            <th scope="col" role="columnheader">Duration</th><th scope="col" role="columnheader">Request id</th>
          </tr>
        </thead>
        <tbody id="logs-body" data-testid="logs-body" role="rowgroup"></tbody>
      </table>
      <button type="button" id="more-logs" class="secondary" hidden>Older requests</button>
      <div id="log-detail" class="panel inspector" hidden>
        <h3 id="log-detail-title" tabindex="-1">Request</h3>
        <dl id="log-detail-facts" class="facts"></dl>
        <h4>Request body</h4>
        <pre id="log-request-body" class="json" data-testid="log-request-body"></pre>
        <h4>Response body</h4>
        <pre id="log-response-body" class="json" data-testid="log-response-body"></pre>
      </div>
    </section>

    <section id="section-usage" class="console-section" data-section="usage" aria-labelledby="usage-title" hidden>
      <h2 id="usage-title" tabindex="-1">Usage</h2>
      <p id="usage-legend-title" class="hint">Requests per key over 30 days: one bar a day, oldest first, coloured by the answers'
        status</p>
      <ul class="legend" aria-labelledby="usage-legend-title">
        <li><span class="swatch-2xx"></span>2xx succeeded</li><li><span class="swatch-4xx"></span>4xx refused</li>
        <li><span class="swatch-429"></span>429 rate-limited</li><li><span class="swatch-5xx"></span>5xx failed</li>
      </ul>
      <p id="no-usage" hidden>Create a key: its requests show here.</p>
      <table class="usage-table cards" role="table" aria-labelledby="usage-title">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">Key</th><th scope="col" role="columnheader">Usage, 30 days</th>
          </tr>
        </thead>
        <tbody id="usage-body" role="rowgroup"></tbody>
      </table>
    </section>

    <section id="section-account" class="console-section" data-section="account" aria-labelledby="account-title" hidden>
      <h2 id="account-title" tabindex="-1">Your account</h2>
      <p>Signed in as <strong id="who"></strong></p>
      <details id="password-details">
        <summary>Change password</summary>
        <form id="password-form" aria-label="Change password">
          <label for="password-current">Current password</label>
          <input id="password-current" name="current_password" type="password" autocomplete="current-password" required>
          <p id="password-current-error" class="field-error" hidden></p>
          <label for="password-new">New password</label>
          <input id="password-new" name="new_password" type="password" autocomplete="new-password" required minlength="10"
            aria-describedby="password-new-hint">
          <p id="password-new-hint" class="hint">At least 10 characters. Your other sessions end; your API keys keep working.</p>
          <p id="password-new-error" class="field-error" hidden></p>
          <button type="submit">Save new password</button>
        </form>
      </details>
      <details id="email-details">
        <summary>Change email</summary>
        <form id="email-form" aria-label="Change email">
          <label for="email-new">New email</label>
          <input id="email-new" name="email" type="email" autocomplete="email" required maxlength="254" aria-describedby="email-new-hint">
          <p id="email-new-hint" class="hint">We mail it a link: the new address counts as verified once you open it.</p>
          <p id="email-new-error" class="field-error" hidden></p>
          <label for="email-password">Current password</label>
          <input id="email-password" name="password" type="password" autocomplete="current-password" required>
          <p id="email-password-error" class="field-error" hidden></p>
          <button type="submit">Save new email</button>
        </form>
      </details>
    </section>
  </div>

  <section id="mailbox" class="console-section" data-section="mailbox" aria-labelledby="mailbox-title" hidden>
    <h2 id="mailbox-title" tabindex="-1">Mailbox (development only)</h2>
    <p class="hint">No mail server is configured, so the mail the service sends (verification, password reset,
      invitations) is kept here instead, newest first. A production service never shows this.</p>
    <button type="button" id="refresh-mailbox" class="secondary">Refresh mailbox</button>
    <p id="mailbox-waiting" class="hint" hidden>Waiting for the message: the mailbox refreshes itself.</p>
    <p id="no-mail" hidden>No mail yet.</p>
    <div id="mail-list" data-testid="mailbox"></div>
  </section>
</main>
<script type="module" src="${script.src}" integrity="${script.integrity}"></script>
</body>
</html>
`;
