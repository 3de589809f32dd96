/* global self */
// The app's service worker (docs/rules.md "Notifications"): shows a parent the notices the server
// pushes (a meal recorded, a book issued…) and opens the app's page when one is tapped. Plain script,
// no imports: the browser loads it by itself.
self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
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
