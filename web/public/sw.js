/* global self, caches */
// The app's service worker (docs/rules.md "Notifications"): shows a parent the notices the server
// pushes (a meal recorded, a book issued…) and opens the app's page when one is tapped. Plain script,
// no imports: the browser loads it by itself.
// It also keeps the app itself for a page opened without a network (a parent's phone on a bus): the
// page (network first, the last one kept), its hashed files (kept once fetched: a name never changes
// its content) and the few files beside them. The calls to the server are never kept here: the app
// keeps what the parent last saw, with when it was loaded (web/src/features/landing/offline.ts).
var SHELL = 'tamaq-shell-v2';
var PAGE = '/';
var FAMILY_PAGE = '/download';
// contract/src/family-pages.ts
var FAMILY_PAGES = /^\/download\/?$/;

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (n) {
              return n.indexOf('tamaq-shell-') === 0 && n !== SHELL;
            })
            .map(function (n) {
              return caches.delete(n);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

/** The network's answer, kept under `key` when it is a good one; the kept one when there is no network. */
function networkFirst(request, key) {
  return fetch(request)
    .then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(SHELL).then(function (cache) {
          return cache.put(key, copy);
        });
      }
      return response;
    })
    .catch(function (err) {
      return caches.match(key).then(function (kept) {
        if (kept) return kept;
        throw err;
      });
    });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf('/api/') === 0 || url.pathname === '/ws') return;
  if (request.mode === 'navigate') {
    // Two pages: the family's own (its addresses, web/src/family) and the staff app's (every other).
    event.respondWith(networkFirst(request, FAMILY_PAGES.test(url.pathname) ? FAMILY_PAGE : PAGE));
  } else if (url.pathname.indexOf('/assets/') === 0) {
    event.respondWith(
      caches.match(request).then(function (kept) {
        return kept || networkFirst(request, request);
      }),
    );
  } else if (/^\/(early-keys\.js|favicon\.svg|manifest\.webmanifest|icon-[\w-]+\.png)$/.test(url.pathname)) {
    event.respondWith(networkFirst(request, request));
  }
});

self.addEventListener('push', function (event) {
  var notice = { title: 'Tamaq', body: '', url: '/', tag: undefined };
  if (event.data) {
    try {
      var data = event.data.json();
      notice.title = data.title || notice.title;
      notice.body = data.body || '';
      notice.url = data.url || notice.url;
      notice.tag = data.tag;
    } catch (e) {
      notice.body = event.data.text();
    }
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/favicon.svg',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && 'focus' in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});
