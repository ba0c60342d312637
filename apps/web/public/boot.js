// Starts the code of an app screen the server rendered. A screen that is complete without it
// (`start: "intent"`: login, registration, password reset, 404; its links are real links, its
// fields take input) starts it when the visitor begins to use it: the code only makes its buttons
// and forms answer, and its ~800 KB of JavaScript cost a mid-tier phone about a second of main
// thread, which a visitor who only reads the page, or follows a link, never needs (decision 033).
// Other screens (`start: "paint"`) start it in the frame after the first paint.
//
// - Once the page has loaded, the code is fetched into the HTTP cache while the browser is idle.
// - The first sign of use (pointer, touch, key, focus, wheel) starts it: the entry first, then the
//   other modules as `modulepreload` in small batches, one task each (40 links in one task made a
//   58 ms task). A tab opened in the background starts at once (it paints nothing yet).
// - What the visitor does before the app has taken over the page is kept: a form sent is held
//   (never sent natively: no password in an address) and sent again by the app, a button pressed
//   is pressed again, and what was typed or ticked reaches the app's state. The app says when it
//   has taken over with the `bookla:hydrated` event on document (app/layouts/clean-layout.tsx).
//
// The server (apps/server/src/plugins/web.ts) lists the entry and its modules in the `app-boot`
// data block.
/* global document, window, requestAnimationFrame, HTMLInputElement, HTMLTextAreaElement */
(function () {
  var block = document.getElementById('app-boot');
  if (!block) return;
  var boot = JSON.parse(block.textContent);
  var BATCH = 8;
  var INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];
  var started = false;
  var hydrated = false;
  var held = [];
  var sentSince = false;

  function links(rel, hrefs) {
    var fragment = document.createDocumentFragment();
    hrefs.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = rel;
      link.crossOrigin = '';
      link.href = href;
      fragment.appendChild(link);
    });
    document.head.appendChild(fragment);
  }
  // Each link starts its request synchronously (about 1.5 ms each on a busy machine): a few per task.
  function inBatches(rel, hrefs, from) {
    var batch = hrefs.slice(from, from + BATCH);
    if (!batch.length) return;
    links(rel, batch);
    setTimeout(inBatches, 0, rel, hrefs, from + BATCH);
  }
  function start() {
    if (started) return;
    started = true;
    INTENT.forEach(function (type) {
      document.removeEventListener(type, start, true);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.entry;
    document.head.appendChild(script);
    setTimeout(inBatches, 0, 'modulepreload', boot.modules, 0);
  }

  // Before the app answers: a form sent is held, and a click the page cannot answer without its
  // code (a button, a select's field) is remembered. What the browser does itself is left to it:
  // links navigate, labels and boxes tick (carried over below), a submit button sends the form.
  document.addEventListener(
    'submit',
    function (event) {
      if (hydrated) {
        sentSince = true;
        return;
      }
      // Neither the browser nor React (which would hydrate in a hurry and answer it before what
      // was typed has reached its state) gets it now: the app gets it once it has taken over.
      event.preventDefault();
      event.stopPropagation();
      var index = Array.prototype.indexOf.call(document.forms, event.target);
      held.push({ form: event.target, index: index, submitter: event.submitter || null });
      start();
    },
    true,
  );
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      if (hydrated || !target || !target.closest) return;
      if (target.closest('a[href], label, select, input[type="submit"], input[type="checkbox"], input[type="radio"]')) return;
      var button = target.closest('button');
      if (button && (button.disabled || button.type === 'submit')) return;
      event.stopPropagation();
      held.push({ element: button || target });
      start();
    },
    true,
  );

  // From here on nothing is sent natively: the content the server made inert can take input.
  document.querySelectorAll('[data-boot-inert]').forEach(function (element) {
    element.removeAttribute('inert');
  });

  // What was typed into a named field, also kept apart from the page: should React have to render
  // the page afresh (its HTML did not match), the new fields get it by name.
  var typed = new Map();
  function remember(event) {
    var field = event.target;
    if (hydrated || !field || !field.name || field.type === 'file') return;
    typed.set(
      field.name,
      field.type === 'checkbox' || field.type === 'radio' ? { checked: field.checked, value: field.value } : { value: field.value },
    );
  }
  document.addEventListener('input', remember, true);
  document.addEventListener('change', remember, true);

  // What was typed or ticked before the app took over: React kept the DOM's values but not in its
  // state. Each such field is set again as if typed (its own setter first, so React sees a change).
  function setAsTyped(field, value) {
    var proto = field.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  function carryOver(root) {
    root.querySelectorAll('input, textarea, select').forEach(function (field) {
      if (field.disabled) return;
      var kept = typed.get(field.name);
      if (field.type === 'checkbox' || field.type === 'radio') {
        var checked =
          field.checked !== field.defaultChecked ? field.checked : kept && kept.value === field.value ? kept.checked : field.checked;
        if (checked === field.defaultChecked) return;
        field.checked = !checked;
        if (field.type === 'checkbox' || checked) field.click();
        return;
      }
      if (field.tagName === 'SELECT') {
        var initial = field.options[0];
        for (var i = 0; i < field.options.length; i++) if (field.options[i].defaultSelected) initial = field.options[i];
        if (initial && field.value !== initial.value) field.dispatchEvent(new Event('change', { bubbles: true }));
        return;
      }
      if (field.type === 'file' || field.type === 'hidden') return;
      if (field.value !== field.defaultValue) setAsTyped(field, field.value);
      else if (kept && kept.value !== field.value) setAsTyped(field, kept.value);
    });
  }
  document.addEventListener(
    'bookla:hydrated',
    function () {
      hydrated = true;
      // What was typed reaches the app's state at once: a click waiting in the browser's input
      // queue is answered before any timer, and must find the fields' values in the app.
      carryOver(document.getElementById('root') || document);
      // What was pressed or sent, in a task of its own: a form cannot be sent again from inside
      // the sending of another (the browser ignores it), and React may announce itself from inside
      // an event. A form the visitor has sent to the app meanwhile is not sent twice.
      setTimeout(replay, 0);
    },
    { once: true },
  );
  function replay() {
    held.forEach(function (action) {
      if (action.element) {
        if (action.element.isConnected) action.element.click();
      } else if (!sentSince) {
        var form = action.form.isConnected ? action.form : document.forms[action.index];
        if (!form) return;
        var submitter = action.submitter && action.submitter.isConnected && action.submitter.form === form ? action.submitter : undefined;
        form.requestSubmit(submitter);
      }
    });
    held = [];
  }

  // A screen that needs its code to show anything (an invitation the browser looks up) starts it
  // once the page is on screen; so does a tab opened in the background (it paints nothing yet).
  if (boot.start !== 'intent' || document.visibilityState === 'hidden') {
    if (document.visibilityState === 'hidden') return start();
    return requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  INTENT.forEach(function (type) {
    document.addEventListener(type, start, { capture: true, passive: true });
  });
  // The code is fetched into the HTTP cache (not run) once the page has loaded, while the browser
  // is idle, so that starting it later is quick; its requests never compete with what the page
  // shows. `fetch` costs the main thread less than a `<link rel="prefetch">` element per file.
  var later = window.requestIdleCallback || setTimeout;
  function prefetch(hrefs) {
    later(function (idle) {
      while (hrefs.length && !started) {
        fetch(hrefs.shift(), { credentials: 'same-origin', priority: 'low' }).catch(function () {});
        if (idle && idle.timeRemaining && idle.timeRemaining() < 5) break;
      }
      if (hrefs.length && !started) prefetch(hrefs);
    });
  }
  var code = [boot.entry].concat(boot.modules);
  if (document.readyState === 'complete') prefetch(code);
  else
    window.addEventListener(
      'load',
      function () {
        prefetch(code);
      },
      { once: true },
    );
})();
