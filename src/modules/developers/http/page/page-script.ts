/**
 * The developer page's script: plain browser JavaScript (no build step), kept in a
 * string so that the page is one self-contained response. It builds every element
 * with textContent, never innerHTML, so labels typed by users cannot inject markup.
 */
export const PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var byId = function (id) { return document.getElementById(id); };
  var statusBox = byId('status');
  var errorBox = byId('error');
  var newKeyPanel = byId('new-key-panel');
  var newKeyText = byId('new-key');

  // Messages are shown as sentences, whichever layer wrote them.
  function sentence(message) {
    var text = String(message || '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /**
   * Which field a server-side error concerns, by form: the message names it. An error that
   * concerns no field (a limit, a lost connection, too many attempts) stays at the top.
   */
  var FIELD_RULES = {
    'signup-form': [[/^email\b|\bemail already/i, 'signup-email'], [/^username\b|\busername is already/i, 'signup-username'],
      [/^name\b/i, 'signup-name'], [/^password\b/i, 'signup-password']],
    'signin-form': [[/^invalid login or password/i, 'signin-password', ['signin-login']], [/^login\b/i, 'signin-login'], [/^password\b/i, 'signin-password']],
    'key-form': [[/^label\b/i, 'key-label']]
  };

  function describedBy(input) {
    return (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  }

  function clearFieldErrors(form) {
    form.querySelectorAll('input[aria-invalid]').forEach(function (input) {
      input.removeAttribute('aria-invalid');
      var errorId = input.id + '-error';
      var rest = describedBy(input).filter(function (id) { return id !== errorId; });
      if (rest.length) input.setAttribute('aria-describedby', rest.join(' ')); else input.removeAttribute('aria-describedby');
    });
    form.querySelectorAll('.field-error').forEach(function (box) { box.textContent = ''; box.hidden = true; });
  }

  function markInvalid(input) {
    input.setAttribute('aria-invalid', 'true');
    var errorId = input.id + '-error';
    var ids = describedBy(input);
    if (ids.indexOf(errorId) < 0) ids.unshift(errorId);
    input.setAttribute('aria-describedby', ids.join(' '));
  }

  /** Shows the error beside its field and returns true, or returns false if it concerns none. */
  function showFieldError(form, message) {
    var rules = FIELD_RULES[form.id] || [];
    for (var i = 0; i < rules.length; i++) {
      if (!rules[i][0].test(message)) continue;
      var input = byId(rules[i][1]);
      var box = byId(rules[i][1] + '-error');
      box.textContent = sentence(message);
      box.hidden = false;
      markInvalid(input);
      (rules[i][2] || []).forEach(function (otherId) {
        var other = byId(otherId);
        other.setAttribute('aria-invalid', 'true');
        var ids = describedBy(other);
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

  function announce(message) {
    errorBox.textContent = '';
    // Emptying first makes screen readers repeat a message identical to the last one.
    statusBox.textContent = '';
    window.setTimeout(function () { statusBox.textContent = sentence(message); }, 50);
  }

  function fail(message) {
    statusBox.textContent = '';
    errorBox.textContent = sentence(message);
  }

  function api(method, path, body) {
    var init = { method: method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
    if (method !== 'GET') {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body || {});
    }
    return fetch('/developers/api/' + path, init).then(
      function (res) {
        return res.json().catch(function () { return null; }).then(function (payload) {
          if (res.ok && payload) return payload.data;
          var error = new Error((payload && payload.error) || 'The request failed (HTTP ' + res.status + ')');
          error.status = res.status;
          throw error;
        });
      },
      function () { throw new Error('The service cannot be reached. Check the connection and try again.'); }
    );
  }

  function busy(control, on) {
    control.disabled = on;
    control.setAttribute('aria-busy', on ? 'true' : 'false');
  }

  function formatTime(iso) {
    if (!iso) return null;
    var time = document.createElement('time');
    time.dateTime = iso;
    time.textContent = new Date(iso).toLocaleString();
    return time;
  }

  function cell(row, content, label) {
    var td = document.createElement('td');
    td.setAttribute('role', 'cell');
    td.setAttribute('data-label', label || '');
    if (content instanceof Node) td.appendChild(content);
    else td.textContent = content;
    row.appendChild(td);
    return td;
  }

  function renderKeys(keys) {
    var body = byId('keys-body');
    body.replaceChildren();
    byId('no-keys').hidden = keys.length > 0;
    keys.forEach(function (key) {
      var row = document.createElement('tr');
      row.setAttribute('role', 'row');
      var label = cell(row, key.label, 'Label');
      label.id = 'key-label-' + key.id;
      var masked = document.createElement('code');
      masked.textContent = key.prefix + '\u2026' + key.last4;
      cell(row, masked, 'Key');
      cell(row, (key.scopes || []).join(', '), 'Scopes');
      cell(row, formatTime(key.created_at), 'Created');
      cell(row, formatTime(key.last_used_at) || 'Never', 'Last used');
      cell(row, key.status, 'Status');
      var actions = cell(row, '', '');
      if (key.status === 'active') {
        var revoke = document.createElement('button');
        revoke.type = 'button';
        revoke.textContent = 'Revoke';
        revoke.setAttribute('aria-describedby', label.id);
        revoke.addEventListener('click', function () { revokeKey(key, revoke); });
        actions.appendChild(revoke);
      }
      body.appendChild(row);
    });
  }

  function loadKeys() {
    return api('GET', 'keys').then(function (data) { renderKeys(data.keys); }, handleFailure);
  }

  function hideNewKey() {
    newKeyText.textContent = '';
    byId('new-key-curl').textContent = '';
    newKeyPanel.hidden = true;
  }

  function showSignedIn(user, focus) {
    byId('who').textContent = user.name + ' (' + user.username + ', ' + user.email + ')';
    byId('signed-out').hidden = true;
    byId('signed-in').hidden = false;
    if (focus) byId('account-title').focus();
    return loadKeys();
  }

  function showSignedOut(focus) {
    hideNewKey();
    byId('keys-body').replaceChildren();
    byId('signed-in').hidden = true;
    byId('signed-out').hidden = false;
    if (focus) byId('signin-title').focus();
  }

  function handleFailure(error) {
    if (error.status === 401 && !byId('signed-in').hidden) {
      showSignedOut(true);
      fail('Your session has ended. Sign in again.');
      return;
    }
    fail(error.message);
  }

  function fieldsOf(form) {
    var values = {};
    new FormData(form).forEach(function (value, name) { values[name] = value; });
    return values;
  }

  function onSubmit(formId, action) {
    var form = byId(formId);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button[type="submit"]');
      busy(button, true);
      clearFieldErrors(form);
      action(form, fieldsOf(form))
        .catch(function (error) {
          if (error.status === 401 && !byId('signed-in').hidden) return handleFailure(error);
          if (!showFieldError(form, error.message)) handleFailure(error);
        })
        .then(function () { busy(button, false); });
    });
  }

  onSubmit('signup-form', function (form, fields) {
    return api('POST', 'signup', fields).then(function (data) {
      form.reset();
      announce('Account created. You are signed in as ' + data.user.username + '.');
      return showSignedIn(data.user, true);
    });
  });

  onSubmit('signin-form', function (form, fields) {
    return api('POST', 'login', fields).then(function (data) {
      form.reset();
      announce('Signed in as ' + data.user.username + '.');
      return showSignedIn(data.user, true);
    });
  });

  onSubmit('key-form', function (form, fields) {
    return api('POST', 'keys', fields).then(function (data) {
      form.reset();
      newKeyText.textContent = data.key;
      byId('new-key-curl').textContent = "curl -s " + window.location.origin + "/v1/me -H 'X-API-Key: " + data.key + "'";
      newKeyPanel.hidden = false;
      byId('new-key-title').focus();
      announce('Key "' + data.label + '" created. Copy it now: it is shown only this once.');
      return loadKeys();
    });
  });

  byId('signout').addEventListener('click', function () {
    var button = byId('signout');
    busy(button, true);
    api('POST', 'logout').then(
      function () { showSignedOut(true); announce('Signed out.'); },
      function (error) {
        // Already signed out on the server: the page just catches up.
        if (error.status === 401) { showSignedOut(true); announce('Signed out.'); } else fail(error.message);
      }
    ).then(function () { busy(button, false); });
  });

  function copyText(element, done) {
    var text = element.textContent;
    var copied = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text)
      : new Promise(function (resolve, reject) {
          var range = document.createRange();
          range.selectNodeContents(element);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          if (document.execCommand('copy')) resolve(); else reject(new Error('copy refused'));
        });
    copied.then(
      function () { announce(done); },
      function () { fail('Copying failed: select the text and copy it by hand.'); }
    );
  }

  byId('copy-key').addEventListener('click', function () { copyText(newKeyText, 'Key copied to the clipboard.'); });
  byId('copy-curl').addEventListener('click', function () { copyText(byId('new-key-curl'), 'Command copied to the clipboard.'); });

  function revokeKey(key, button) {
    var masked = key.prefix + '\u2026' + key.last4;
    if (!window.confirm('Revoke the key "' + key.label + '" (' + masked + ')? Programs using it stop working at once.')) return;
    busy(button, true);
    api('POST', 'keys/' + encodeURIComponent(key.id) + '/revoke').then(function () {
      announce('Key "' + key.label + '" revoked.');
      return loadKeys().then(function () { byId('keys-title').focus(); });
    }, function (error) { busy(button, false); handleFailure(error); });
  }

  // Signed out is {user: null}, not a 401: loading the page logs no failed request.
  api('GET', 'session').then(
    function (data) { if (data.user) return showSignedIn(data.user, false); showSignedOut(false); },
    function (error) { showSignedOut(false); fail(error.message); }
  );
})();
`;
