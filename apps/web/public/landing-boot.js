// The pre-rendered landing page (landing.html, see apps/web/prerender.ts) is complete without scripts,
// so the app's module, its preloads and the web fonts' stylesheet start only once its text has painted: on a slow phone the page's own
// bytes and first paint do not queue behind the app's. The file names come from this tag's data-*.
(function () {
  var tag = document.currentScript;
  var entry = tag && tag.getAttribute('data-entry');
  if (!entry) return;
  var list = function (name) {
    return (tag.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var preloads = list('data-preload');
  var stylesheets = list('data-stylesheet');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    stylesheets.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head.appendChild(link);
    });
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // Start once the page's text has painted (the first contentful paint, not just the first frame, which
  // may come before the text is laid out), just after it. A tab opened in the background paints only
  // when shown, and a browser without paint timing reports none: the timer starts the app there.
  var afterPaint = function () {
    setTimeout(start, 0);
  };
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterPaint();
    }).observe({ type: 'paint', buffered: true });
  } catch (_) {
    requestAnimationFrame(afterPaint);
  }
  setTimeout(start, 1000);
})();
