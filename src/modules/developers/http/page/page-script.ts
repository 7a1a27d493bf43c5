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

  function announce(message) {
    errorBox.textContent = '';
    // Emptying first makes screen readers repeat a message identical to the last one.
    statusBox.textContent = '';
    window.setTimeout(function () { statusBox.textContent = message; }, 50);
  }

  function fail(message) {
    statusBox.textContent = '';
    errorBox.textContent = message;
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

  function cell(row, content) {
    var td = document.createElement('td');
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
      var label = cell(row, key.label);
      label.id = 'key-label-' + key.id;
      var masked = document.createElement('code');
      masked.textContent = key.prefix + '\u2026' + key.last4;
      cell(row, masked);
      cell(row, formatTime(key.created_at));
      cell(row, formatTime(key.last_used_at) || 'Never');
      cell(row, key.status);
      var actions = cell(row, '');
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
      action(form, fieldsOf(form)).catch(handleFailure).then(function () { busy(button, false); });
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

  byId('copy-key').addEventListener('click', function () {
    var key = newKeyText.textContent;
    var copied = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(key)
      : new Promise(function (resolve, reject) {
          var range = document.createRange();
          range.selectNodeContents(newKeyText);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
          if (document.execCommand('copy')) resolve(); else reject(new Error('copy refused'));
        });
    copied.then(
      function () { announce('Key copied to the clipboard.'); },
      function () { fail('Copying failed: select the key and copy it by hand.'); }
    );
  });

  function revokeKey(key, button) {
    var masked = key.prefix + '\u2026' + key.last4;
    if (!window.confirm('Revoke the key "' + key.label + '" (' + masked + ')? Programs using it stop working at once.')) return;
    busy(button, true);
    api('POST', 'keys/' + encodeURIComponent(key.id) + '/revoke').then(function () {
      announce('Key "' + key.label + '" revoked.');
      return loadKeys().then(function () { byId('keys-title').focus(); });
    }, function (error) { busy(button, false); handleFailure(error); });
  }

  api('GET', 'session').then(
    function (data) { return showSignedIn(data.user, false); },
    function (error) { showSignedOut(false); if (error.status !== 401) fail(error.message); }
  );
})();
`;
