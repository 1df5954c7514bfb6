/// `/assets/outbox.js`: writing while the server cannot be reached (docs/WEB.md, "Offline writing
/// and sync").
///
/// A new diary entry, transaction or post saved on its form while the server cannot be reached
/// (a quick probe of `/changes` fails) goes into an outbox in IndexedDB (`keepsake-outbox`): the
/// record as the API's JSON, its photos (or the receipt) as blobs in order, and an
/// `Idempotency-Key` made when it is queued. An edit saved offline goes there too, as the fields
/// it changes and the version the form was made from (``FormMarkup/versionAttribute(_:)``).
/// The outbox's count shows in the header. It is sent when the page loads, when the browser comes
/// back online and every 15 seconds while something waits, one change at a time, with the
/// browser's device token (``DevicePages``): a new record as one multipart `POST` with its key
/// (a retry after a timeout, a reload or a server that died replays the same key, so the server
/// makes the record once and answers the same); an edit as a `PATCH` with `If-Match`. On `412`
/// the record as the server has it now decides: already what the edit says (its answer was lost):
/// done; the edited fields untouched there: sent again on the new version; else a conflict, shown
/// above the page with both versions until the person keeps one. A change is deleted only when
/// the server has it; one it refuses stays, marked with the server's reason. Logging out asks
/// first when changes are waiting, revokes the device token and deletes the outbox.
///
/// The script is two parts of one function: sending and showing (here) and reading the forms
/// (``OutboxFormScript``).
enum OutboxScript {
    /// The script.
    static var source: String { head + OutboxFormScript.source + tail }

    private static let head = #"""
// Keepsake's outbox: records and edits written offline, sent exactly once when the server is back.
(function () {
  'use strict';
  var DB = 'keepsake-outbox', VERSION = 1, RETRY_MS = 15000, PROBE_MS = 3000, MERGES = 3;
  var busy = false, timer = null;
  // Each app's records in the API, the multipart field of a new one, and what to call one.
  var APPS = {
    diary: { records: '/api/v1/diary/entries', field: 'entry', page: function (id) { return '/diary/' + id; }, noun: ['Diary entry', '일기'] },
    ledger: { records: '/api/v1/ledger/transactions', field: 'transaction', page: function (id) { return '/ledger/' + id + '/edit'; }, noun: ['Transaction', '거래'] },
    feed: { records: '/api/v1/feed/posts', field: 'post', page: function (id) { return '/feed/' + id; }, noun: ['Post', '게시물'] }
  };

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, VERSION);
      request.onupgradeneeded = function () {
        var db = request.result;
        if (!db.objectStoreNames.contains('changes')) db.createObjectStore('changes', { keyPath: 'id' });
        if (!db.objectStoreNames.contains('device')) db.createObjectStore('device', { keyPath: 'name' });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  // Runs `body(store)` in one transaction of `name`; resolves with what the last request gave.
  function using(name, mode, body) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(name, mode), result;
        var request = body(transaction.objectStore(name));
        if (request) request.onsuccess = function () { result = request.result; };
        transaction.oncomplete = function () { db.close(); resolve(result); };
        transaction.onerror = function () { db.close(); reject(transaction.error); };
        transaction.onabort = function () { db.close(); reject(transaction.error); };
      });
    });
  }
  // A change queued by the first outbox (diary entries only, the JSON in `entryJSON`) in today's shape.
  function current(change) {
    if (change.app) return change;
    change.app = 'diary'; change.kind = 'create'; change.bodyJSON = change.entryJSON;
    change.label = (change.entry && (change.entry.title || (change.entry.text || '').slice(0, 40))) || '';
    return change;
  }
  function changes() { return using('changes', 'readonly', function (s) { return s.getAll(); }).then(function (all) {
    return (all || []).map(current).sort(function (a, b) { return a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : 0; });
  }); }
  function put(change) { return using('changes', 'readwrite', function (s) { return s.put(change); }); }
  function remove(id) { return using('changes', 'readwrite', function (s) { return s.delete(id); }); }
  function device() { return using('device', 'readonly', function (s) { return s.get('token'); }); }
  function setDevice(value) { return using('device', 'readwrite', function (s) { return value ? s.put(value) : s.delete('token'); }); }
  function pending(change) { return change.state === 'waiting' || change.state === 'signedOut'; }

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16)); b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }
  function korean() { return document.documentElement.lang === 'ko'; }
  function text(english, hangul) { return korean() ? hangul : english; }
  function csrf() { var field = document.querySelector('input[name="_csrf"]'); return field ? field.value : null; }
  function element(tag, className, content) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (content !== undefined) made.textContent = content;
    return made;
  }

  // Whether the server answers at all (any status), within PROBE_MS.
  function reachable() {
    if (navigator.onLine === false) return Promise.resolve(false);
    return new Promise(function (resolve) {
      var done = false, finish = function (value) { if (!done) { done = true; resolve(value); } };
      setTimeout(function () { finish(false); }, PROBE_MS);
      fetch('/changes?since=0', { cache: 'no-store', credentials: 'same-origin' })
        .then(function () { finish(true); }, function () { finish(false); });
    });
  }

  // The device token: asked for once from a logged-in page (same origin, the page's CSRF token).
  function ensureDevice() {
    return device().then(function (known) {
      if (known) return known;
      var token = csrf();
      if (!token) return null;  // not a page of a session (the login page has no device to give)
      if (location.pathname === '/login') return null;
      var form = new FormData();
      form.append('_csrf', token);
      form.append('device', (navigator.userAgentData && navigator.userAgentData.platform ? navigator.userAgentData.platform + ' ' : '') + 'browser');
      return fetch('/account/device-token', { method: 'POST', body: form, credentials: 'same-origin' }).then(function (response) {
        if (response.status !== 201) return null;
        return response.json().then(function (made) {
          var value = { name: 'token', token: made.token, id: made.id };
          return setDevice(value).then(function () { return value; });
        });
      }, function () { return null; });
    });
  }

"""#

    private static let tail = #"""

  // ---- The badge, the list and the conflicts ----
  function describe(change) {
    var noun = APPS[change.app].noun;
    var what = change.label || text(noun[0], noun[1]);
    if (change.kind === 'edit') what = text('Edit: ', '수정: ') + what;
    var photos = change.photos && change.photos.length ? ' · ' + change.photos.length + text(' photos', '장') : '';
    var state = change.state === 'failed' ? text('Refused: ', '거절됨: ') + change.reason
      : change.state === 'signedOut' ? text('This device was signed out: log in again to send it.', '이 기기는 로그아웃되었습니다. 다시 로그인하면 보냅니다.')
      : change.state === 'conflict' ? text('Changed on the server meanwhile: choose which to keep.', '그사이 서버에서 바뀌었습니다. 남길 쪽을 고르세요.')
      : text('Waiting to be sent', '보내기를 기다리는 중');
    return what + photos + ' — ' + state;
  }
  function render() {
    return changes().then(function (all) {
      renderConflicts(all.filter(function (c) { return c.state === 'conflict'; }));
      var tools = document.querySelector('header.site .tools');
      if (!tools) return;
      var box = document.querySelector('details.outbox');
      if (!all.length) { if (box) box.remove(); return; }
      if (!box) {
        box = element('details', 'outbox');
        box.innerHTML = '<summary><span class="outbox-label"></span> <span class="outbox-count"></span></summary><ol class="outbox-list"></ol>';
        tools.insertBefore(box, tools.firstChild);
      }
      box.querySelector('.outbox-label').textContent = text('Outbox', '보낼 편지함');
      box.querySelector('.outbox-count').textContent = String(all.length);
      box.setAttribute('data-count', String(all.length));
      var list = box.querySelector('.outbox-list');
      list.textContent = '';
      all.forEach(function (change) {
        var item = element('li', 'outbox-item ' + change.state, describe(change));
        item.setAttribute('data-id', change.id);
        if (change.state === 'failed') {
          var discard = element('button', 'outbox-discard', text('Discard', '버리기'));
          discard.type = 'button';
          discard.addEventListener('click', function () {
            if (window.confirm(text('Discard this change for good?', '이 변경을 버릴까요?'))) remove(change.id).then(render);
          });
          item.appendChild(document.createTextNode(' '));
          item.appendChild(discard);
        }
        list.appendChild(item);
      });
    }).catch(function () {});
  }

  // An edit the server's record conflicts with: both versions, field by field, and a choice.
  function renderConflicts(conflicts) {
    var main = document.querySelector('main');
    if (!main) return;
    var section = document.querySelector('section.outbox-conflicts');
    if (!conflicts.length) { if (section) section.remove(); return; }
    if (!section) { section = element('section', 'outbox-conflicts'); main.insertBefore(section, main.firstChild); }
    section.textContent = '';
    conflicts.forEach(function (change) {
      var mine = JSON.parse(change.bodyJSON), theirs = change.server || {};
      var article = element('article', 'conflict');
      article.setAttribute('data-id', change.id);
      article.setAttribute('role', 'alert');
      article.appendChild(element('h2', '', text('Changed on the server while you were offline', '오프라인인 동안 서버에서 바뀌었습니다')));
      var link = element('a', '', change.label || text(APPS[change.app].noun[0], APPS[change.app].noun[1]));
      link.href = APPS[change.app].page(change.record);
      var about = element('p');
      about.appendChild(link);
      article.appendChild(about);
      var table = element('table', 'conflict-fields');
      var head = element('tr');
      [text('Field', '항목'), text('Yours, on this device', '이 기기의 내 수정'), text('On the server now', '지금 서버의 것')].forEach(function (title) { head.appendChild(element('th', '', title)); });
      table.appendChild(head);
      Object.keys(mine).forEach(function (field) {
        var row = element('tr', sameValue(field, mine[field], theirs[field]) ? 'same' : 'differs');
        row.setAttribute('data-field', field);
        row.appendChild(element('th', '', fieldName(field)));
        row.appendChild(element('td', 'mine', shown(field, mine[field])));
        row.appendChild(element('td', 'theirs', shown(field, theirs[field])));
        table.appendChild(row);
      });
      article.appendChild(table);
      var actions = element('div', 'form-actions');
      var keepMine = element('button', 'primary keep-mine', text('Keep mine', '내 것으로'));
      var keepTheirs = element('button', 'keep-theirs', text("Keep the server's", '서버의 것으로'));
      keepMine.type = keepTheirs.type = 'button';
      keepMine.addEventListener('click', function () {
        change.version = 'v' + theirs.version; change.state = 'waiting'; change.server = null; change.merges = 0;
        put(change).then(render).then(sync);
      });
      keepTheirs.addEventListener('click', function () {
        if (window.confirm(text('Drop your edit and keep what the server has?', '내 수정을 버리고 서버의 것을 남길까요?'))) remove(change.id).then(render);
      });
      actions.appendChild(keepMine);
      actions.appendChild(keepTheirs);
      article.appendChild(actions);
      section.appendChild(article);
    });
  }

  // ---- Sending ----
  function send(change, token) {
    var app = APPS[change.app], headers = { 'Authorization': 'Bearer ' + token.token };
    if (change.kind === 'edit') {
      headers['Content-Type'] = 'application/json';
      headers['If-Match'] = '"' + change.version + '"';
      return fetch(app.records + '/' + change.record, { method: 'PATCH', body: change.bodyJSON, credentials: 'omit', headers: headers });
    }
    var body = new FormData();
    body.append(app.field, change.bodyJSON);
    change.photos.forEach(function (photo) { body.append('image', new File([photo.blob], photo.name, { type: photo.type })); });
    headers['Idempotency-Key'] = change.key;
    return fetch(app.records, { method: 'POST', body: body, credentials: 'omit', headers: headers });
  }
  // An edit refused with 412: what the server has now decides. Resolves true to send it again now.
  function settleConflict(change, token) {
    return fetch(APPS[change.app].records + '/' + change.record, { credentials: 'omit', cache: 'no-store',
                                                                   headers: { 'Authorization': 'Bearer ' + token.token } }).then(function (response) {
      if (response.status !== 200) return false;  // gone or unreadable: the next try says which
      return response.json().then(function (theirs) {
        var mine = JSON.parse(change.bodyJSON), before = change.before || {};
        var fields = Object.keys(mine);
        if (fields.every(function (f) { return sameValue(f, mine[f], theirs[f]); })) return remove(change.id).then(function () { return false; });
        change.merges = (change.merges || 0) + 1;
        if (change.before && change.merges <= MERGES && fields.every(function (f) { return sameValue(f, before[f], theirs[f]); })) {
          change.version = 'v' + theirs.version;  // what this edit changes is untouched there: on top of theirs
          return put(change).then(function () { return true; });
        }
        change.state = 'conflict'; change.server = theirs;
        return put(change).then(function () { return false; });
      });
    });
  }
  function sync() {
    if (busy) return Promise.resolve();
    busy = true;
    return changes().then(function (all) {
      var waiting = all.filter(pending);
      if (!waiting.length) return;
      return ensureDevice().then(function (token) {
        if (!token) return;
        var next = function (index) {
          if (index >= waiting.length) return;
          var change = waiting[index];
          return send(change, token).then(function (response) {
            if (response.status === 200 || response.status === 201) return remove(change.id).then(function () { return next(index + 1); });
            if (response.status === 401) {
              change.state = 'signedOut';
              return setDevice(null).then(function () { return put(change); });
            }
            if (response.status === 412 && change.kind === 'edit') {
              return settleConflict(change, token).then(function (again) { return next(again ? index : index + 1); });
            }
            if (response.status === 409 || response.status >= 500) return;  // still being worked on, or the server's trouble: later
            return response.json().catch(function () { return {}; }).then(function (problem) {
              change.state = 'failed';
              change.reason = response.status === 404 && change.kind === 'edit'
                ? text('It is no longer on the server (deleted, or not shared with you any more).', '서버에 더 이상 없습니다(지워졌거나 공유가 끝났습니다).')
                : problem.detail || problem.title || ('HTTP ' + response.status);
              return put(change).then(function () { return next(index + 1); });
            });
          }, function () { /* not reachable: later */ });
        };
        return next(0);
      });
    }).catch(function () {}).then(function () { busy = false; return render(); }).then(schedule);
  }
  function schedule() {
    clearTimeout(timer);
    changes().then(function (all) {
      if (all.some(pending)) timer = setTimeout(sync, RETRY_MS);
    }).catch(function () {});
  }

  // ---- Logging out ----
  // Called by app.js before the logout form goes: asks when changes wait, puts this browser's
  // device token in the form (the server revokes it), deletes the outbox. Resolves false to stay.
  window.keepsakeBeforeLogout = function (form) {
    return changes().catch(function () { return []; }).then(function (all) {
      if (all.length && !window.confirm(text(all.length + ' change(s) are not sent yet; logging out deletes them. Log out?',
                                             '아직 보내지 않은 변경이 ' + all.length + '개 있습니다. 로그아웃하면 지워집니다. 로그아웃할까요?'))) return false;
      return device().catch(function () { return null; }).then(function (token) {
        if (token) {
          var field = document.createElement('input');
          field.type = 'hidden'; field.name = 'device'; field.value = token.id;
          form.appendChild(field);
        }
        try { sessionStorage.removeItem('keepsake-precached'); } catch (e) { /* nothing kept */ }
        return new Promise(function (resolve) {
          var request = indexedDB.deleteDatabase(DB);
          request.onsuccess = request.onerror = request.onblocked = function () { resolve(true); };
        });
      });
    });
  };

  // ---- Keeping the compose pages ----
  // Once per tab of a session, the worker keeps the forms and timelines not kept yet, so a form
  // never opened here can still be filled in offline.
  function precache() {
    if (!navigator.serviceWorker || !csrf() || document.querySelector('.offline-banner')) return;
    try { if (sessionStorage.getItem('keepsake-precached')) return; } catch (e) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) return;
      registration.active.postMessage({ precache: ['/diary/new', '/ledger/new', '/feed/new', '/diary', '/ledger', '/feed'] });
      try { sessionStorage.setItem('keepsake-precached', new Date().toISOString()); } catch (e) { /* private mode: asked again next time */ }
    });
  }

  // Not on the login page: after a logout nothing is opened (or made again) before a login.
  if (!window.indexedDB || !window.fetch || location.pathname === '/login') return;
  document.addEventListener('DOMContentLoaded', function () {
    // The login page (also when served at the address asked for) or an invitation: no session yet.
    if (document.querySelector('section.login')) return;
    watchForms();
    render();
    ensureDevice().catch(function () {});
    precache();
    sync();
  });
  window.addEventListener('online', function () { sync(); });
})();
"""#
}
