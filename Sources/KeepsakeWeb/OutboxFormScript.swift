/// The part of `/assets/outbox.js` that reads the compose and edit forms (``OutboxScript`` is the
/// rest: it runs inside that script's function and uses its helpers).
///
/// - Each app's form is read as the API's JSON body: a diary entry (its local time read in the
///   entry's own time zone), a transaction (the amount as typed, the split parts `category=amount`
///   one a line), a post (a day other than today at noon; an edit moving a post to another day
///   keeps its time of day).
/// - An edit sends only the fields that differ from what the form was made with (each field's
///   default value), and keeps those too, so a `412` whose server record has the same values
///   there can be sent again on the new version. Changing photos or the receipt offline is
///   refused in the form, with the reason (those wait for a connection).
/// - A compose form shown from the cache has its day and time set to now.
enum OutboxFormScript {
    /// The script's part.
    static let source = #"""
  // ---- Reading the forms ----
  var FIELD_NAMES = { title: ['Title', '제목'], text: ['Text', '내용'], emotion: ['Feeling', '감정'], intensity: ['Intensity', '강도'],
                      tags: ['Tags', '태그'], moment: ['When', '언제'], timeZone: ['Time zone', '시간대'], date: ['Date', '날짜'],
                      kind: ['Kind', '종류'], amount: ['Amount', '금액'], currency: ['Currency', '통화'], category: ['Category', '분류'],
                      memo: ['Memo', '메모'], splits: ['Parts', '나눈 항목'], account: ['Account', '계좌'], contents: ['Contents', '내용'],
                      book: ['Book', '책'] };
  var NEW_FORM = /^\/(diary|ledger|feed)\/new$/;
  var EDIT_FORM = /^\/(diary|ledger|feed)\/([0-9a-f-]{36})\/edit$/;

  // How many milliseconds `zone`'s clocks are ahead of UTC at `instant`.
  function zoneOffset(instant, zone) {
    try {
      var parts = {};
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
                                         hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(instant)).forEach(function (part) { parts[part.type] = part.value; });
      return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second) - Math.floor(instant / 1000) * 1000;
    } catch (e) {
      return -new Date(instant).getTimezoneOffset() * 60000;
    }
  }
  // `2026-12-03T08:30` on the clocks of `zone`, as an ISO instant; null when unreadable.
  function zonedInstant(wall, zone) {
    var m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall || '');
    if (!m) return null;
    var clock = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0)), guess = clock;
    for (var i = 0; i < 2; i++) guess = clock - zoneOffset(guess, zone);
    return new Date(guess).toISOString().replace('.000Z', 'Z');
  }
  // Now on the clocks of `zone`, as a datetime-local value.
  function wallNow(zone) {
    return new Date(Date.now() + zoneOffset(Date.now(), zone)).toISOString().slice(0, 16);
  }
  function today() { var now = new Date(); return new Date(now.getTime() - now.getTimezoneOffset() * 60000).toISOString().slice(0, 10); }

  // A field's value as typed (`now`) or as the form was made (its default).
  function field(form, name, now) {
    var input = form.querySelector('[name="' + name + '"]:not([type="file"]):not([type="radio"]):not([type="hidden"])');
    if (!input) return '';
    if (input.tagName === 'SELECT') {
      if (now) return input.value;
      var chosen = Array.prototype.filter.call(input.options, function (o) { return o.defaultSelected; })[0] || input.options[0];
      return chosen ? chosen.value : '';
    }
    return now ? input.value : input.defaultValue;
  }
  function radio(form, name, now) {
    var chosen = Array.prototype.filter.call(form.querySelectorAll('input[type="radio"][name="' + name + '"]'),
                                             function (input) { return now ? input.checked : input.defaultChecked; })[0];
    return chosen ? chosen.value : '';
  }
  function withBook(form, body, now) { var book = field(form, 'book', now); if (book) body.book = book; return body; }

  var READERS = {
    diary: function (form, now) {
      var zone = field(form, 'timeZone', now).trim() || Intl.DateTimeFormat().resolvedOptions().timeZone;
      var body = { emotion: radio(form, 'emotion', now), intensity: parseInt(radio(form, 'intensity', now) || '3', 10),
                   title: field(form, 'title', now), text: field(form, 'text', now), timeZone: zone,
                   tags: field(form, 'tags', now).split(/[\s,]+/).map(function (t) { return t.replace(/^#+/, ''); }).filter(function (t) { return t; }) };
      var moment = zonedInstant(field(form, 'moment', now), zone);
      if (moment) body.moment = moment;
      return withBook(form, body, now);
    },
    ledger: function (form, now) {
      var splits = field(form, 'splits', now).split(/\r?\n/).map(function (l) { return l.trim(); }).filter(function (l) { return l; }).map(function (line) {
        var at = line.lastIndexOf('=');
        if (at < 0) at = Math.max(line.lastIndexOf(' '), line.lastIndexOf('\t'));
        return at < 0 ? { category: line, amount: '' } : { category: line.slice(0, at).trim(), amount: line.slice(at + 1).trim() };
      });
      var category = field(form, 'category', now).trim();
      var body = { date: field(form, 'date', now).trim(), kind: radio(form, 'kind', now) || 'expense', amount: field(form, 'amount', now).trim(),
                   currency: field(form, 'currency', now), category: category || (splits.length ? 'split' : ''), memo: field(form, 'memo', now),
                   splits: splits };
      var account = field(form, 'account', now);
      if (account) body.account = account;
      return withBook(form, body, now);
    },
    feed: function (form, now) {
      var body = { title: field(form, 'title', now), contents: field(form, 'contents', now) };
      var day = field(form, 'date', now).trim(), was = field(form, 'date', false).trim(), moment = form.getAttribute('data-moment');
      if (/^\d{4}-\d{2}-\d{2}$/.test(day)) {
        if (moment && /^\d{4}-\d{2}-\d{2}$/.test(was)) {
          // The post's own instant, moved by as many days as the day was moved.
          var shift = Date.parse(day + 'T00:00:00Z') - Date.parse(was + 'T00:00:00Z');
          body.date = new Date(Date.parse(moment) + shift).toISOString().replace('.000Z', 'Z');
        } else if (day !== today()) {
          body.date = new Date(day + 'T12:00:00').toISOString().replace('.000Z', 'Z');
        }
      }
      return withBook(form, body, now);
    }
  };
  function labelOf(app, body) {
    if (app === 'ledger') return [body.amount, body.currency].join(' ') + (body.category ? ' · ' + body.category : '');
    return body.title || (body.text || body.contents || '').slice(0, 40);
  }

  // The photos of a compose form in order (each new photo in an input of its own), else the
  // pickers' files; the receipt of a transaction's form.
  function photosOf(form) {
    var files = [];
    form.querySelectorAll('.photo-list .photo.new:not(.removed) input.new-file').forEach(function (input) {
      if (input.files && input.files[0]) files.push(input.files[0]);
    });
    if (!files.length) {
      form.querySelectorAll('input[type="file"][name="photos"], input[type="file"][name="receipt"]').forEach(function (input) {
        Array.prototype.forEach.call(input.files || [], function (file) { files.push(file); });
      });
    }
    if (form.querySelector('input[name="receipt"]')) files = files.slice(-1);  // one receipt: the last picked
    return files.map(function (file) { return { blob: file, name: file.name || 'photo', type: file.type || 'application/octet-stream' }; });
  }
  // Whether an edit form changes its photos or receipt (added, removed, replaced, moved).
  function photosChanged(form) {
    var order = form.querySelector('input[name="order"]');
    if (order && order.value !== order.defaultValue) return true;
    if (form.querySelector('.photo-list .photo.new:not(.removed), input.remove-check:checked, input[name="removeReceipt"]:checked')) return true;
    return Array.prototype.some.call(form.querySelectorAll('input[type="file"]'), function (input) { return input.files && input.files.length > 0; });
  }

  // Fields compared as the API gives them back: amounts as numbers, instants as instants, lists as lists.
  function sameValue(name, mine, theirs) {
    if (name === 'amount') return Number(mine) === Number(theirs);
    if (name === 'moment' || name === 'date' && /T/.test(String(mine))) return Date.parse(mine) === Date.parse(theirs);
    if (name === 'splits') {
      var parts = function (list) { return JSON.stringify((list || []).map(function (p) { return [p.category, Number(p.amount)]; })); };
      return parts(mine) === parts(theirs);
    }
    if (name === 'tags') return JSON.stringify((mine || []).slice().sort()) === JSON.stringify((theirs || []).slice().sort());
    if (name === 'title') return (mine || '') === (theirs || '');
    return String(mine === undefined || mine === null ? '' : mine) === String(theirs === undefined || theirs === null ? '' : theirs);
  }
  function fieldName(name) { var names = FIELD_NAMES[name]; return names ? text(names[0], names[1]) : name; }
  function shown(name, value) {
    if (value === undefined || value === null || value === '') return '—';
    if (name === 'tags') return value.join(', ') || '—';
    if (name === 'splits') return value.map(function (p) { return p.category + '=' + p.amount; }).join('; ') || '—';
    if (name === 'moment' || name === 'date' && /T/.test(String(value))) return new Date(value).toLocaleString(korean() ? 'ko-KR' : 'en-US');
    return String(value);
  }

  // ---- Queueing ----
  function queue(form, app, record) {
    var body = READERS[app](form, true), before = null;
    if (record) {
      before = READERS[app](form, false);
      var changed = {}, was = {};
      Object.keys(body).forEach(function (name) {
        if (name === 'book' || sameValue(name, body[name], before[name])) return;
        changed[name] = body[name]; was[name] = before[name];
      });
      if (app === 'diary' && (changed.moment !== undefined || changed.timeZone !== undefined)) {
        changed.moment = body.moment; changed.timeZone = body.timeZone; was.moment = before.moment; was.timeZone = before.timeZone;
      }
      if (app === 'ledger' && changed.currency !== undefined) { changed.amount = body.amount; was.amount = before.amount; }
      body = changed; before = was;
    }
    var change = { id: uuid(), key: uuid(), app: app, kind: record ? 'edit' : 'create', record: record || null,
                   version: record ? form.getAttribute('data-version') : null, before: before, bodyJSON: JSON.stringify(body),
                   label: labelOf(app, record ? READERS[app](form, true) : body), state: 'waiting', reason: '', queuedAt: new Date().toISOString(),
                   photos: record ? [] : photosOf(form) };
    var done = function () {
      var note = element('p', 'outbox-saved notice', text('Saved on this device: it will be sent when the server can be reached.',
                                                         '이 기기에 저장했습니다. 서버에 연결되면 보냅니다.'));
      note.setAttribute('role', 'status');
      form.replaceWith(note);
      return render();
    };
    if (record && !Object.keys(body).length) return done();  // nothing changed: nothing to send
    return put(change).then(done);
  }
  // What a new record's form lacks that the API requires (said before it waits in the outbox).
  function missing(app, body) {
    if (app === 'diary' && !body.emotion) return text('Choose how you felt.', '어떤 기분이었는지 고르세요.');
    if (app === 'diary' && !body.title.trim() && !body.text.trim()) return text('Write a title or some text.', '제목이나 내용을 쓰세요.');
    if (app === 'ledger' && !body.amount) return text('Write the amount.', '금액을 쓰세요.');
    if (app === 'ledger' && !body.category) return text('Choose a category for the transaction.', '거래의 분류를 고르세요.');
    if (app === 'feed' && !body.title.trim()) return text('Give the post a title.', '게시물 제목을 쓰세요.');
    return null;
  }
  function refuse(form, message) {
    var shownBefore = form.querySelector('.outbox-refused');
    if (shownBefore) shownBefore.remove();
    var problem = element('p', 'error outbox-refused', message);
    problem.setAttribute('role', 'alert');
    form.insertBefore(problem, form.firstChild);
  }
  function watchForms() {
    document.querySelectorAll('form[action]').forEach(function (form) {
      var action = form.getAttribute('action'), made = NEW_FORM.exec(action), edited = EDIT_FORM.exec(action);
      if (!made && !(edited && form.getAttribute('data-version'))) return;
      var app = (made || edited)[1], record = edited ? edited[2] : null;
      if (made && document.querySelector('.offline-banner')) freshen(form, app);
      form.addEventListener('submit', function (event) {
        if (form.getAttribute('data-online') === 'yes') return;
        if (event.defaultPrevented) return;  // app.js refused it (too many photos): said in the form already
        event.preventDefault();
        reachable().then(function (up) {
          if (up) { form.setAttribute('data-online', 'yes'); form.submit(); return; }
          if (record && photosChanged(form)) {
            return refuse(form, text('Photos of a saved record can be changed only while the server can be reached. Undo the photo changes to keep the rest on this device, or save again when you are back online.',
                                     '저장된 기록의 사진은 서버에 연결되어 있을 때만 바꿀 수 있습니다. 사진 변경을 되돌리면 나머지는 이 기기에 저장되고, 아니면 연결된 뒤 다시 저장하세요.'));
          }
          var lacking = record ? null : missing(app, READERS[app](form, true));
          if (lacking) return refuse(form, lacking);
          return queue(form, app, record);
        });
      });
    });
  }
  // A compose form kept from another day: its day and time set to now.
  function freshen(form, app) {
    var set = function (name, value) { var input = form.querySelector('input[name="' + name + '"]'); if (input) input.value = value; };
    if (app === 'diary') set('moment', wallNow(field(form, 'timeZone', true).trim() || Intl.DateTimeFormat().resolvedOptions().timeZone));
    else set('date', today());
  }

"""#
}
