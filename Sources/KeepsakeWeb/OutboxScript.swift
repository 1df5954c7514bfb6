/// `/assets/outbox.js`: writing while the server cannot be reached (docs/WEB.md, "Offline writing
/// and sync").
///
/// A new diary entry saved on its form while the server cannot be reached (a quick probe of
/// `/changes` fails) goes into an outbox in IndexedDB (`keepsake-outbox`): the entry's fields as
/// the API's JSON, its photos as blobs in order, and an `Idempotency-Key` made when it is queued.
/// The outbox's count shows in the header. It is sent when the page loads, when the browser comes
/// back online and every 15 seconds while something waits, one change at a time, as one
/// `POST /api/v1/diary/entries` (multipart: the JSON and the photos) with that key and the
/// browser's device token (``DevicePages``): a retry after a timeout, a reload or a server that
/// died replays the same key, so the server makes the entry once and answers the same. A change is
/// deleted only when the server has it; one it refuses stays, marked with the server's reason.
/// Logging out asks first when changes are waiting, revokes the device token and deletes the outbox.
enum OutboxScript {
    /// The script.
    static let source = #"""
// Keepsake's outbox: entries written offline, sent exactly once when the server is back.
(function () {
  'use strict';
  var DB = 'keepsake-outbox', VERSION = 1, RETRY_MS = 15000, PROBE_MS = 3000;
  var busy = false, timer = null;

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
  function changes() { return using('changes', 'readonly', function (s) { return s.getAll(); }).then(function (all) {
    return (all || []).sort(function (a, b) { return a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : 0; });
  }); }
  function put(change) { return using('changes', 'readwrite', function (s) { return s.put(change); }); }
  function remove(id) { return using('changes', 'readwrite', function (s) { return s.delete(id); }); }
  function device() { return using('device', 'readonly', function (s) { return s.get('token'); }); }
  function setDevice(value) { return using('device', 'readwrite', function (s) { return value ? s.put(value) : s.delete('token'); }); }

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16)); b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }
  function korean() { return document.documentElement.lang === 'ko'; }
  function text(english, hangul) { return korean() ? hangul : english; }
  function csrf() { var field = document.querySelector('input[name="_csrf"]'); return field ? field.value : null; }

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

  // ---- The badge and the list ----
  function render() {
    return changes().then(function (all) {
      var tools = document.querySelector('header.site .tools');
      if (!tools) return;
      var box = document.querySelector('details.outbox');
      if (!all.length) { if (box) box.remove(); return; }
      if (!box) {
        box = document.createElement('details');
        box.className = 'outbox';
        box.innerHTML = '<summary><span class="outbox-label"></span> <span class="outbox-count"></span></summary><ol class="outbox-list"></ol>';
        tools.insertBefore(box, tools.firstChild);
      }
      box.querySelector('.outbox-label').textContent = text('Outbox', '보낼 편지함');
      box.querySelector('.outbox-count').textContent = String(all.length);
      box.setAttribute('data-count', String(all.length));
      var list = box.querySelector('.outbox-list');
      list.textContent = '';
      all.forEach(function (change) {
        var item = document.createElement('li');
        item.className = 'outbox-item ' + change.state;
        item.setAttribute('data-id', change.id);
        var what = change.entry.title || (change.entry.text || '').slice(0, 40) || text('Diary entry', '일기');
        var photos = change.photos.length ? ' · ' + change.photos.length + text(' photos', '장') : '';
        var state = change.state === 'failed' ? text('Refused: ', '거절됨: ') + change.reason
          : change.state === 'signedOut' ? text('This device was signed out: log in again to send it.', '이 기기는 로그아웃되었습니다. 다시 로그인하면 보냅니다.')
          : text('Waiting to be sent', '보내기를 기다리는 중');
        item.textContent = what + photos + ' — ' + state;
        list.appendChild(item);
      });
    }).catch(function () {});
  }

  // ---- Queueing a new diary entry ----
  function entryOf(form) {
    var value = function (name) { var field = form.querySelector('[name="' + name + '"]'); return field ? field.value : ''; };
    var emotion = form.querySelector('input[name="emotion"]:checked');
    var intensity = form.querySelector('input[name="intensity"]:checked');
    var entry = { emotion: emotion ? emotion.value : '', intensity: intensity ? parseInt(intensity.value, 10) : 3,
                  title: value('title'), text: value('text'), timeZone: value('timeZone') || Intl.DateTimeFormat().resolvedOptions().timeZone,
                  tags: value('tags').split(',').map(function (t) { return t.trim(); }).filter(function (t) { return t; }) };
    var moment = value('moment');
    if (moment) { var at = new Date(moment); if (!isNaN(at.getTime())) entry.moment = at.toISOString(); }
    return entry;
  }
  function photosOf(form) {
    // The ordered list of the photo field (each new photo in an input of its own), else the picker's files.
    var files = [];
    form.querySelectorAll('.photo-list .photo.new:not(.removed) input.new-file').forEach(function (input) {
      if (input.files && input.files[0]) files.push(input.files[0]);
    });
    if (!files.length) {
      form.querySelectorAll('input[type="file"][name="photos"]').forEach(function (input) {
        Array.prototype.forEach.call(input.files || [], function (file) { files.push(file); });
      });
    }
    return files;
  }
  function queue(form) {
    var change = { id: uuid(), key: uuid(), kind: 'diary-entry', entry: entryOf(form), state: 'waiting', reason: '',
                   queuedAt: new Date().toISOString(),
                   photos: photosOf(form).map(function (file) { return { blob: file, name: file.name || 'photo', type: file.type || 'application/octet-stream' }; }) };
    change.entryJSON = JSON.stringify(change.entry);
    return put(change).then(function () {
      var note = document.createElement('p');
      note.className = 'outbox-saved notice';
      note.setAttribute('role', 'status');
      note.textContent = text('Saved on this device: it will be sent when the server can be reached.',
                              '이 기기에 저장했습니다. 서버에 연결되면 보냅니다.');
      form.replaceWith(note);
      return render();
    });
  }
  function watchForms() {
    document.querySelectorAll('form[action="/diary/new"]').forEach(function (form) {
      form.addEventListener('submit', function (event) {
        if (form.getAttribute('data-online') === 'yes') return;
        event.preventDefault();
        reachable().then(function (up) {
          if (up) { form.setAttribute('data-online', 'yes'); form.submit(); return; }
          return queue(form);
        });
      });
    });
  }

  // ---- Sending ----
  function send(change, token) {
    var body = new FormData();
    body.append('entry', change.entryJSON);
    change.photos.forEach(function (photo) { body.append('image', new File([photo.blob], photo.name, { type: photo.type })); });
    return fetch('/api/v1/diary/entries', { method: 'POST', body: body, credentials: 'omit',
                                            headers: { 'Authorization': 'Bearer ' + token.token, 'Idempotency-Key': change.key } });
  }
  function sync() {
    if (busy) return Promise.resolve();
    busy = true;
    return changes().then(function (all) {
      var waiting = all.filter(function (c) { return c.state === 'waiting' || c.state === 'signedOut'; });
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
            if (response.status === 409 || response.status >= 500) return;  // still being worked on, or the server's trouble: later
            return response.json().catch(function () { return {}; }).then(function (problem) {
              change.state = 'failed';
              change.reason = problem.detail || problem.title || ('HTTP ' + response.status);
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
      if (all.some(function (c) { return c.state === 'waiting' || c.state === 'signedOut'; })) timer = setTimeout(sync, RETRY_MS);
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
        return new Promise(function (resolve) {
          var request = indexedDB.deleteDatabase(DB);
          request.onsuccess = request.onerror = request.onblocked = function () { resolve(true); };
        });
      });
    });
  };

  // Not on the login page: after a logout nothing is opened (or made again) before a login.
  if (!window.indexedDB || !window.fetch || location.pathname === '/login') return;
  document.addEventListener('DOMContentLoaded', function () {
    watchForms();
    render();
    ensureDevice().catch(function () {});
    sync();
  });
  window.addEventListener('online', function () { sync(); });
})();
"""#
}
