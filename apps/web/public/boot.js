// Starts the code of an app screen the server rendered (login, registration, …) after the page's
// first paint: the page is complete without its code, which only makes it interactive. The server
// (apps/server/src/plugins/web.ts) lists the entry and the modules to fetch beside it in the
// `app-boot` data block; they are added here in the frame after the page is on screen.
/* global document, requestAnimationFrame */
(function () {
  var block = document.getElementById('app-boot');
  if (!block) return;
  var boot = JSON.parse(block.textContent);
  function start() {
    boot.modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.entry;
    document.head.appendChild(script);
  }
  // A tab opened in the background paints nothing yet: its code starts at once.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
