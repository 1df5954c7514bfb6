/// `/sw.js`: the service worker that makes the installed app open without a connection.
///
/// - The app shell (style sheet, script, icons, the offline page) is cached when the worker
///   installs, under a name carrying the version of those files; a new version (any of them
///   changed) installs a new worker, which deletes the old shell when it takes over.
/// - Pages (navigations) go to the network first, with a 4-second limit; a `200` HTML answer is
///   copied into the `keepsake-pages` cache. When the server cannot be reached, the copy is shown
///   with an "offline" line at the top saying when it was fetched; a page never seen shows the
///   offline page. Nothing under `/api/`, the login and logout, the change poll, the store's,
///   the account's and the people's pages, and no CSV is ever cached; neither is any other answer
///   than `200` (a login page after a session ended is passed through as it is).
/// - Photos and thumbnails (`/images/…`) are served from `keepsake-images` when there, else
///   fetched and kept.
/// - Both caches are bounded (``pageLimit`` pages, ``imageLimit`` images): the oldest entry
///   (the one fetched longest ago) goes first.
/// - Once a session's page is open, it asks the worker (a `{precache: [paths]}` message from
///   outbox.js) to keep the compose pages and the timelines not kept yet, so a form never opened
///   can still be filled in offline; the worker answers `{precached: count}`.
/// - Logging out clears every cache (the page deletes them, and the server's answer to the
///   logout says `Clear-Site-Data: "cache", "storage"`).
enum ServiceWorkerScript {
    /// The most pages kept for offline reading.
    static let pageLimit = 60
    /// The most images (photos and thumbnails) kept.
    static let imageLimit = 300
    /// How long a page may take from the network before the cached copy is shown instead.
    static let networkTimeoutMilliseconds = 4000

    /// The script, for the shell files at `shellURLs` (versioned) with `offlineURL` among them;
    /// `version` names this worker's shell cache.
    static func source(version: String, shellURLs: [String], offlineURL: String) -> String {
        let urls = "[" + shellURLs.map { "'\($0)'" }.joined(separator: ", ") + "]"
        return template
            .replacingOccurrences(of: "__VERSION__", with: version)
            .replacingOccurrences(of: "__SHELL__", with: urls)
            .replacingOccurrences(of: "__OFFLINE__", with: offlineURL)
            .replacingOccurrences(of: "__PAGES__", with: String(pageLimit))
            .replacingOccurrences(of: "__IMAGES__", with: String(imageLimit))
            .replacingOccurrences(of: "__TIMEOUT__", with: String(networkTimeoutMilliseconds))
    }

    private static let template = #"""
// Keepsake's service worker: the app shell, recently seen pages and photos, for reading offline.
'use strict';
var SHELL = 'keepsake-shell-__VERSION__';
var PAGES = 'keepsake-pages';
var IMAGES = 'keepsake-images';
var LIMITS = { pages: __PAGES__, images: __IMAGES__ };
var SHELL_URLS = __SHELL__;
var OFFLINE_URL = '__OFFLINE__';
var NETWORK_TIMEOUT = __TIMEOUT__;
// Never cached: the API, signing in and out, the change poll, the store's, the account's and the
// people's pages, language switches, downloads.
var NEVER = [/^\/api\//, /^\/login/, /^\/logout/, /^\/changes/, /^\/lang\//, /^\/store/, /^\/account/,
             /^\/people/, /^\/books/, /^\/invitations?\//, /\.csv$/, /^\/sw\.js$/, /^\/manifest\.webmanifest$/];
var OFFLINE_TEXT = { en: 'Offline: this page as it was on ', ko: '오프라인: 이 화면은 다음 시각의 것입니다. ' };

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(SHELL)
    .then(function (cache) { return cache.addAll(SHELL_URLS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys()
    .then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key.indexOf('keepsake-shell-') === 0 && key !== SHELL; })
        .map(function (key) { return caches.delete(key); }));
    })
    .then(function () { return self.clients.claim(); }));
});

// Keeps the newest `limit` entries of the cache `name` (keys come back oldest first).
function trim(name, limit) {
  return caches.open(name).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map(function (key) { return cache.delete(key); }));
    });
  });
}

// Puts `response` under `key` as the newest entry of `name`, then trims it.
function keep(name, key, response, limit) {
  return caches.open(name).then(function (cache) {
    return cache.delete(key).then(function () { return cache.put(key, response); });
  }).then(function () { return trim(name, limit); });
}

function withTimeout(promise, milliseconds) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error('timeout')); }, milliseconds);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
                 function (error) { clearTimeout(timer); reject(error); });
  });
}

// A cached page with a line at the top saying it is offline, and since when.
function markedOffline(response) {
  var fetched = response.headers.get('Date');
  return response.text().then(function (html) {
    var language = /<html lang="ko"/.test(html) ? 'ko' : 'en';
    var when = fetched ? new Date(fetched) : null;
    var shown = when ? when.toLocaleString(language === 'ko' ? 'ko-KR' : 'en-US') : '';
    var banner = '<p class="offline-banner" role="status" data-offline-since="' + (when ? when.toISOString() : '') + '">'
      + OFFLINE_TEXT[language] + shown + '</p>';
    var headers = new Headers(response.headers);
    headers.set('Cache-Control', 'no-store');
    return new Response(html.replace('<main>', '<main>' + banner), { status: 200, headers: headers });
  });
}

function cachedPage(url) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(url).then(function (hit) {
      if (hit || new URL(url).pathname !== '/') return hit;
      return cache.match(new URL('/diary', url).href);
    });
  });
}

function page(event) {
  var request = event.request;
  return withTimeout(fetch(request), NETWORK_TIMEOUT).then(function (response) {
    var type = response.headers.get('Content-Type') || '';
    if (response.status === 200 && !response.redirected && type.indexOf('text/html') === 0) {
      event.waitUntil(keep(PAGES, request.url, response.clone(), LIMITS.pages));
    }
    return response;
  }, function () {
    return cachedPage(request.url).then(function (hit) {
      if (hit) return markedOffline(hit);
      return caches.match(OFFLINE_URL).then(function (offline) { return offline || Response.error(); });
    });
  });
}

function image(event) {
  var request = event.request;
  return caches.open(IMAGES).then(function (cache) { return cache.match(request.url); }).then(function (hit) {
    if (hit) return hit;
    return fetch(request).then(function (response) {
      if (response.status === 200) event.waitUntil(keep(IMAGES, request.url, response.clone(), LIMITS.images));
      return response;
    });
  });
}

// Keeps the pages a signed-in page asks for (outbox.js: the compose forms and the timelines)
// that are not kept yet; a redirect (to the login page) or any answer but a 200 page is not kept.
function precache(paths) {
  var wanted = paths.filter(function (path) {
    return typeof path === 'string' && path.charAt(0) === '/' && !NEVER.some(function (rule) { return rule.test(path); });
  });
  return caches.open(PAGES).then(function (cache) {
    return Promise.all(wanted.map(function (path) {
      var url = new URL(path, self.location.origin).href;
      return cache.match(url).then(function (hit) {
        if (hit) return 0;
        return fetch(url, { credentials: 'same-origin' }).then(function (response) {
          var type = response.headers.get('Content-Type') || '';
          if (response.status !== 200 || response.redirected || type.indexOf('text/html') !== 0) return 0;
          return keep(PAGES, url, response, LIMITS.pages).then(function () { return 1; });
        }, function () { return 0; });
      });
    }));
  }).then(function (kept) { return kept.reduce(function (sum, one) { return sum + one; }, 0); });
}

self.addEventListener('message', function (event) {
  var data = event.data || {};
  if (!Array.isArray(data.precache)) return;
  event.waitUntil(precache(data.precache).then(function (count) {
    if (event.source) event.source.postMessage({ precached: count });
  }));
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some(function (rule) { return rule.test(url.pathname); })) return;
  if (url.pathname.indexOf('/assets/') === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  } else if (url.pathname.indexOf('/images/') === 0) {
    event.respondWith(image(event));
  } else if (request.mode === 'navigate') {
    event.respondWith(page(event));
  }
});
"""#
}
