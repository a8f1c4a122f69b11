/* global document, window, requestAnimationFrame, setTimeout, Event, PerformanceObserver */
// Starts the web app on a page whose first view the server has already rendered
// (src/server/http/app-shell.ts, docs/decisions/014-first-view-rendered-on-the-server.md).
// The page can be read without any script, so its scripts are requested only once the browser
// has painted it: on a slow link they would otherwise share the bandwidth with the stylesheet the
// first paint waits for. A classic deferred script (the CSP allows no inline script): it reads the
// entry and the chunks to preload from its own data attributes.
(function () {
  // Until the app has hydrated the page, its buttons and forms have no handlers yet: a tap or a
  // submit in that time is held (the form would otherwise post natively) and replayed once the
  // app says it has hydrated ('auna:hydrated', main.tsx), after the app has caught up with what
  // was typed or chosen meanwhile (the page's controls keep their text; the app's state does not).
  var held = [];
  var hydrated = false;
  var announced = false;
  function hold(e) {
    if (hydrated) return;
    var button = e.type === 'click' && e.target && e.target.closest ? e.target.closest('button') : null;
    if (e.type === 'submit' || button) {
      e.preventDefault();
      held.push(button || e.target);
    }
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  // React records each field's value when it hydrates it and calls onChange only for a value that
  // differs from the one it recorded, so an 'input' event alone would not tell it about text typed
  // before hydration (and its next render would put its own, empty, value back). So each changed
  // field is first set back to the server's value through the field's own `value` setter (React
  // records that) and then to what was typed through the element type's native setter (React does
  // not see that), and the event makes the difference an onChange. A changed checkbox or radio is
  // set back and clicked, which is how React hears of those.
  function nativeSet(f, prop, v) {
    var d = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f), prop);
    if (d && d.set) d.set.call(f, v);
    else f[prop] = v;
  }
  function differs(f) {
    if (f.tagName === 'SELECT') {
      for (var j = 0; j < f.options.length; j++) if (f.options[j].selected !== f.options[j].defaultSelected) return true;
      return false;
    }
    if (f.type === 'checkbox' || f.type === 'radio') return f.checked !== f.defaultChecked && (f.type === 'checkbox' || f.checked);
    return f.value !== f.defaultValue;
  }
  function valueOf(f) {
    return f.type === 'checkbox' || f.type === 'radio' ? f.checked : f.value;
  }
  function replay(f, value) {
    if (f.tagName === 'SELECT') {
      f.value = value;
      f.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (f.type === 'checkbox' || f.type === 'radio') {
      f.checked = !value;
      f.click();
    } else {
      f.value = f.defaultValue;
      nativeSet(f, 'value', value);
      f.dispatchEvent(new Event('input', { bubbles: true }));
      f.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  document.addEventListener('auna:hydrated', function () {
    if (announced) return; // once (React's StrictMode runs a development build's effects twice)
    announced = true;
    // What was typed or chosen before is read NOW, before the app renders again (a render puts
    // its own value back into every field it controls)...
    var changed = [];
    var fields = document.querySelectorAll('input, textarea, select');
    for (var i = 0; i < fields.length; i++) if (differs(fields[i])) changed.push({ f: fields[i], value: valueOf(fields[i]) });
    // ...and replayed in a task of its own. The app can announce hydration from INSIDE its own
    // handling of an event: a choice made in the moment React hydrates makes it flush the page's
    // effects within that event, and a change replayed there, nested in React's handling of the
    // same change, lost the choice (the booking page's professional: docs/reliability.md).
    setTimeout(function () {
      for (var k = 0; k < changed.length; k++) {
        var c = changed[k];
        if (!c.f.isConnected) continue;
        var now = valueOf(c.f);
        // Changed again since: the person's newer choice stands. Otherwise tell the app, whether
        // it already knows (a repeated value is no change to it) or has put its own value back.
        if (now === c.value || !differs(c.f)) replay(c.f, c.value);
      }
      // Next task: the app has re-rendered with those values before the taps reach it. Taps wait
      // until then too (a sign-in pressed now would send fields the app has not been told of).
      setTimeout(function () {
        hydrated = true;
        for (var h = 0; h < held.length; h++) {
          var el = held[h];
          if (!el.isConnected) continue;
          if (el.tagName === 'FORM') el.requestSubmit();
          else el.click();
        }
        held = [];
      }, 0);
    }, 0);
  });

  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    for (var i = 0; i < preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // Start once the browser reports the first contentful paint (the page is on screen, not just
  // drawn: a slow phone can take a while to show a frame); where that report is missing, in the
  // task after the next frame. A hidden tab paints nothing: start at once.
  var started = false;
  function startOnce() {
    if (started) return;
    started = true;
    start();
  }
  if (document.visibilityState !== 'visible') {
    startOnce();
  } else if (typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(startOnce, 0);
      }
    }).observe({ type: 'paint', buffered: true });
    setTimeout(startOnce, 3000); // never wait for a report longer than this
  } else if (typeof window.requestAnimationFrame === 'function') {
    requestAnimationFrame(function () {
      setTimeout(startOnce, 0);
    });
  } else {
    startOnce();
  }
})();
