/// `/assets/app.js`: the little JavaScript of the pages. Everything works without it; it adds
/// photo previews, drag-to-reorder (SortableJS) and ↑ ↓ buttons on compose forms, the charts
/// (Chart.js), previews of receipts, reloading list pages when the store changes, and the service
/// worker of the installed app (``ServiceWorkerScript``).
enum AppScript {
    /// The script.
    static let source = #"""
// Keepsake web app. Progressive enhancement only: every page works without this file.
(function () {
  'use strict';

  function one(selector, root) { return (root || document).querySelector(selector); }
  function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  var canMoveFiles = (function () {
    try { return typeof DataTransfer === 'function' && !!new DataTransfer().items; } catch (e) { return false; }
  })();

  function formatBytes(count) {
    var units = ['B', 'KB', 'MB', 'GB'], value = count, unit = 0;
    while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
    return unit === 0 ? count + ' B' : value.toFixed(1) + ' ' + units[unit];
  }

  // Puts `file` as the only file of `input`.
  function setFile(input, file) {
    var transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  }

  // ---- The ordered photo picker of compose forms ----
  function setUpPhotoField(field) {
    var list = one('.photo-list', field);
    var order = one('input[name="order"]', field);
    // The library picker and the camera: either adds its photos to the list.
    var pickers = all('.photo-picker', field);
    var message = one('.photo-message', field);
    var template = one('template.photo-template', field);
    var limit = parseInt(field.getAttribute('data-limit'), 10) || 10;
    var maxBytes = parseInt(field.getAttribute('data-max-bytes'), 10) || 0;
    var tooMany = field.getAttribute('data-too-many') || '';
    var tooBig = field.getAttribute('data-too-big') || '';
    var counter = 0;
    field.classList.add('enhanced');

    function live() {
      return all('.photo', list).filter(function (item) { return !item.classList.contains('removed'); });
    }
    function say(text) { message.textContent = text || ''; }
    function sizeProblem(file) {
      if (maxBytes > 0 && file.size > maxBytes) {
        return tooBig.replace('%@', file.name).replace('%s', formatBytes(file.size));
      }
      return '';
    }
    function refresh() {
      var items = live();
      order.value = items.map(function (item) { return item.getAttribute('data-key'); }).join(',');
      items.forEach(function (item, index) {
        var number = one('.photo-number', item);
        if (number) { number.textContent = String(index + 1); }
      });
      all('.photo.removed .photo-number', list).forEach(function (number) { number.textContent = '–'; });
      var count = one('.photo-count', field);
      if (count) { count.textContent = items.length + ' / ' + limit; }
      pickers.forEach(function (picker) { picker.disabled = items.length >= limit; });
      field.setAttribute('data-count', String(items.length));
    }
    function preview(item, file) {
      var image = one('img', item);
      if (image.getAttribute('data-blob')) { URL.revokeObjectURL(image.getAttribute('data-blob')); }
      var url = URL.createObjectURL(file);
      image.src = url;
      image.setAttribute('data-blob', url);
      image.removeAttribute('width');
      image.removeAttribute('height');
      image.setAttribute('title', file.name);
    }
    function addFile(file) {
      counter += 1;
      var key = 'n' + Date.now().toString(36) + counter;
      var item = template.content.firstElementChild.cloneNode(true);
      item.setAttribute('data-key', key);
      var input = one('.new-file', item);
      input.name = 'new-' + key;
      setFile(input, file);
      preview(item, file);
      list.appendChild(item);
    }
    function move(item, offset) {
      var items = all('.photo', list);
      var index = items.indexOf(item) + offset;
      if (index < 0 || index >= items.length) { return; }
      if (offset < 0) { list.insertBefore(item, items[index]); } else { list.insertBefore(item, items[index].nextSibling); }
      refresh();
    }

    list.addEventListener('click', function (event) {
      var button = event.target.closest('button');
      if (!button || !list.contains(button)) { return; }
      var item = button.closest('.photo');
      if (button.classList.contains('move-up')) { move(item, -1); button.focus(); }
      else if (button.classList.contains('move-down')) { move(item, 1); button.focus(); }
      else if (button.classList.contains('remove-new')) { item.remove(); say(''); refresh(); }
    });
    list.addEventListener('change', function (event) {
      var target = event.target;
      var item = target.closest('.photo');
      if (!item) { return; }
      if (target.classList.contains('remove-check')) {
        item.classList.toggle('removed', target.checked);
        if (!target.checked && live().length > limit) {
          target.checked = true;
          item.classList.add('removed');
          say(tooMany);
        }
        refresh();
      } else if (target.classList.contains('replace-input') && target.files && target.files.length) {
        var file = target.files[0];
        var problem = sizeProblem(file);
        if (problem) { target.value = ''; say(problem); return; }
        if (item.classList.contains('new')) {
          setFile(one('.new-file', item), file);
          target.value = '';
        }
        item.classList.add('replaced');
        preview(item, file);
        say('');
      }
    });

    pickers.forEach(function (picker) {
      if (!canMoveFiles || !template) { return; }
      picker.removeAttribute('name');
      picker.addEventListener('change', function () {
        var problems = [];
        Array.prototype.slice.call(picker.files).forEach(function (file) {
          if (live().length >= limit) { if (problems.indexOf(tooMany) < 0) { problems.push(tooMany); } return; }
          var problem = sizeProblem(file);
          if (problem) { problems.push(problem); return; }
          addFile(file);
        });
        picker.value = '';
        say(problems.join(' '));
        refresh();
      });
    });

    if (typeof Sortable !== 'undefined') {
      Sortable.create(list, {
        animation: 150,
        forceFallback: true,
        filter: 'button, input, label',
        preventOnFilter: false,
        draggable: '.photo',
        onEnd: refresh
      });
      field.classList.add('sortable');
    }

    var form = field.closest('form');
    if (form) {
      form.addEventListener('submit', function (event) {
        refresh();
        if (live().length > limit) { event.preventDefault(); say(tooMany); }
      });
    }
    refresh();
  }

  // ---- Charts (the numbers are also in a table beside each) ----
  function drawCharts() {
    if (typeof Chart === 'undefined') { return; }
    all('canvas[data-chart]').forEach(function (canvas) {
      var spec;
      try { spec = JSON.parse(canvas.getAttribute('data-chart')); } catch (e) { return; }
      var options = { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { display: spec.type === 'doughnut' || spec.datasets.length > 1 } } };
      if (spec.type === 'bar') {
        options.scales = { x: { stacked: !!spec.stacked }, y: { stacked: !!spec.stacked, beginAtZero: true, ticks: { precision: 0 } } };
      }
      new Chart(canvas, { type: spec.type, data: { labels: spec.labels, datasets: spec.datasets }, options: options });
      canvas.setAttribute('data-rendered', 'true');
    });
  }

  // ---- Receipt preview ----
  function setUpPreviews() {
    all('input[type="file"][data-preview]').forEach(function (input) {
      input.addEventListener('change', function () {
        var image = document.getElementById(input.getAttribute('data-preview'));
        if (!image || !input.files || !input.files.length) { return; }
        // The library or the camera: the last one chosen is the receipt (the other is emptied).
        all('input[type="file"][data-preview="' + input.getAttribute('data-preview') + '"]').forEach(function (other) {
          if (other !== input) { other.value = ''; }
        });
        image.src = URL.createObjectURL(input.files[0]);
        image.hidden = false;
      });
    });
  }

  // ---- Reload list pages when the store changes (here, in the CLI or another process) ----
  function watchChanges() {
    var body = document.body;
    var url = body.getAttribute('data-changes-url');
    if (!url || !window.fetch) { return; }
    var since = body.getAttribute('data-changes-since') || '0';
    var every = (parseInt(body.getAttribute('data-changes-every'), 10) || 5) * 1000;
    var timer = setInterval(function () {
      fetch(url + '?since=' + encodeURIComponent(since), { credentials: 'same-origin', cache: 'no-store' })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (answer) {
          if (!answer || !answer.changed) { return; }
          var active = document.activeElement;
          if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active.value) { return; }
          clearInterval(timer);
          window.location.reload();
        })
        .catch(function () {});
    }, every);
  }

  // ---- Installed app: the service worker (/sw.js) and logging out ----

  function setUpOffline() {
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker.register('/sw.js').catch(function () {});
    }
    // Logging out deletes the pages and photos kept for offline reading before the form goes (the
    // server's answer asks the browser to clear them too).
    all('form[action="/logout"]').forEach(function (form) {
      form.addEventListener('submit', function (event) {
        if (form.getAttribute('data-cleared') === 'yes') return;
        event.preventDefault();
        // The outbox (outbox.js) first: it asks when changes wait, and names this browser's device.
        var before = window.keepsakeBeforeLogout ? window.keepsakeBeforeLogout(form) : Promise.resolve(true);
        before.then(function (go) {
          if (!go) return;
          var cleared = window.caches ? caches.keys().then(function (keys) {
            return Promise.all(keys.map(function (key) { return caches.delete(key); }));
          }) : Promise.resolve();
          return cleared.catch(function () {}).then(function () { form.setAttribute('data-cleared', 'yes'); form.submit(); });
        });
      });
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    setUpOffline();
    all('[data-photo-field]').forEach(setUpPhotoField);
    setUpPreviews();
    drawCharts();
    watchChanges();
    document.documentElement.classList.add('js');
  });
})();
"""#
}
