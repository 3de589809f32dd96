// The page's first script: keeps the keys pressed outside any field while the app is still loading
// (a card scanned the moment a cashier reloads the queue's screen), for the scanning screen to take
// when it is ready (web/src/lib/early-keys.ts). Plain script, no imports: it runs before the app.
(function () {
  var keys = [];
  var listening = true;
  var editable = function (t) {
    return !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName || ''));
  };
  var keep = function (e) {
    if (e.isComposing || editable(e.target)) return;
    keys.push({
      key: e.key,
      code: e.code,
      keyCode: e.keyCode,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
      timeStamp: e.timeStamp,
    });
    if (keys.length > 200) keys.shift();
  };
  window.addEventListener('keydown', keep, true);
  window.__tamaqEarlyKeys = {
    /** The keys kept so far; keeping stops for good. */
    take: function () {
      if (listening) window.removeEventListener('keydown', keep, true);
      listening = false;
      var taken = keys;
      keys = [];
      return taken;
    },
  };
})();
