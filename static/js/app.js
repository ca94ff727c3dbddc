// Site behaviour, loaded in <head> so the colour scheme is set before the page paints.
(function () {
  // Dark by default for a dim table; the choice is remembered on this device.
  var key = "charge-theme";
  var root = document.documentElement;
  var stored = null;
  try { stored = localStorage.getItem(key); } catch (e) { /* private mode */ }
  if (stored === "light" || stored === "dark") root.setAttribute("data-bs-theme", stored);

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-theme-toggle]")) {
      var next = root.getAttribute("data-bs-theme") === "dark" ? "light" : "dark";
      root.setAttribute("data-bs-theme", next);
      try { localStorage.setItem(key, next); } catch (e) { /* private mode */ }
    }
    // <button data-copy="#field">: copy that field's value, and say so on the button.
    var copy = event.target.closest("[data-copy]");
    if (copy) {
      var field = document.querySelector(copy.getAttribute("data-copy"));
      if (!field) return;
      field.select();
      var done = function () { copy.textContent = "Copied"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
      } else {
        document.execCommand("copy");
        done();
      }
    }
    if (event.target.closest("[data-fullscreen]")) toggleFullscreen();
    // The menu on a narrow screen, and a message's close button: the two things Bootstrap's
    // JavaScript did here, without its 23 KB (Bootstrap's CSS shows and hides them).
    var toggler = event.target.closest("[data-toggle-menu]");
    if (toggler) {
      var menu = document.getElementById(toggler.getAttribute("data-toggle-menu"));
      var open = menu.classList.toggle("show");
      toggler.setAttribute("aria-expanded", String(open));
      toggler.setAttribute("aria-label", open ? "Close the menu" : "Open the menu");
    }
    var dismiss = event.target.closest("[data-dismiss-alert]");
    if (dismiss) dismiss.closest(".alert").remove();
  });

  function toggleFullscreen() {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (root.requestFullscreen) root.requestFullscreen();
  }

  // GM console shortcuts: keys press the buttons marked for them, on the focused clock first.
  document.addEventListener("keydown", function (event) {
    var scope = document.querySelector("[data-shortcuts]");
    if (!scope || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.key === "f") { toggleFullscreen(); return; }
    var clock = document.activeElement && document.activeElement.closest("[data-clock]");
    var target = (clock && clock.querySelector('[data-key="' + event.key + '"]')) ||
                 scope.querySelector('[data-global-key="' + event.key + '"]');
    if (target) { event.preventDefault(); target.click(); }
  });

  // Live updates (campaign/layout.html#live_poller). The page's stream (campaign/views/streams.py,
  // through htmx's SSE extension) says each new version as it is committed, and the poller
  // fetches itself on it. While the stream is heard nothing polls; when it is refused, cannot
  // connect or falls silent (a proxy that buffers, a dropped connection), the poll takes over
  // every 1.5 seconds while the page is seen, and a silent stream is opened again. Here rather
  // than in an hx-trigger filter, because the Content-Security-Policy forbids the eval they need.
  var SILENCE = 40000;  // more than twice the stream's heartbeat (HEARTBEAT in streams.py)
  var source = null, opened = 0, heard = 0;
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.htmx || !window.htmx.createEventSource) return;
    var create = window.htmx.createEventSource;
    window.htmx.createEventSource = function (url) {
      source = create(url);
      opened = Date.now();
      var hear = function () { heard = Date.now(); };
      source.addEventListener("version", hear);
      source.addEventListener("alive", hear);
      source.addEventListener("error", function () { heard = 0; });
      return source;
    };
  });
  function streaming() { return Date.now() - heard < SILENCE; }
  function reopen() {  // the extension closes the old stream as its element goes
    var holder = document.getElementById("live-stream");
    if (!holder) return;
    var parent = holder.parentNode, next = holder.nextSibling, fresh = holder.cloneNode(true);
    window.htmx.remove(holder);
    parent.insertBefore(fresh, next);
    window.htmx.process(fresh);
  }
  function poll() {
    var live = document.getElementById("live");
    if (live && window.htmx && document.visibilityState === "visible") window.htmx.trigger(live, "poll");
  }
  setInterval(function () {
    if (streaming()) return;
    poll();
    if (source && source.readyState !== EventSource.CLOSED && Date.now() - Math.max(heard, opened) > SILENCE) reopen();
  }, 1500);
  document.addEventListener("visibilitychange", poll);

  // A live panel that someone is filling in is not fetched again when the campaign changes
  // (their half-typed consequence would vanish); their own submit brings it up to date.
  document.addEventListener("input", function (event) {
    var panel = event.target.closest('[hx-trigger*="campaignChanged"]');
    if (panel) panel.dataset.editing = "1";
  });
  function refreshOfEdited(event) {
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    return trigger && trigger.type === "campaignChanged" && event.detail.elt.dataset.editing;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (refreshOfEdited(event)) event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (refreshOfEdited(event)) event.detail.shouldSwap = false;  // sent before the typing began
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    delete event.detail.target.dataset.editing;
  });

  // A live panel fetched again and found unchanged is left as it is: replacing it for nothing
  // would swallow a tap that lands mid-swap (pressed on the old button, released on the new one).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    if (!trigger || trigger.type !== "campaignChanged" || !event.detail.shouldSwap) return;
    var target = event.detail.target;
    var inner = (target.getAttribute("hx-swap") || "innerHTML").indexOf("innerHTML") === 0;
    var shown = document.createDocumentFragment();
    if (inner) target.childNodes.forEach(function (node) { shown.appendChild(node.cloneNode(true)); });
    else shown.appendChild(target.cloneNode(true));
    var fresh = document.createElement("template");
    fresh.innerHTML = event.detail.serverResponse.trim();
    if (inner) trimEnds(shown);
    if (normalised(shown).isEqualNode(normalised(fresh.content))) event.detail.shouldSwap = false;
  });
  function trimEnds(fragment) {  // the partial is rendered without the whitespace around it
    [fragment.firstChild, fragment.lastChild].forEach(function (node) {
      if (node && node.nodeType === Node.TEXT_NODE && !node.textContent.trim()) node.remove();
    });
  }
  function normalised(content) {
    // Each answer carries a freshly masked CSRF token; htmx marks what it is fetching.
    content.querySelectorAll('[name="csrfmiddlewaretoken"]').forEach(function (input) {
      input.removeAttribute("value");
    });
    content.querySelectorAll("[class*='htmx-']").forEach(function (element) {
      element.classList.remove("htmx-request", "htmx-settling", "htmx-swapping", "htmx-added");
      if (!element.classList.length) element.removeAttribute("class");
    });
    return content;
  }

  // Keep the focused clock focused when htmx swaps it for its new state.
  var focusedId = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement && document.activeElement.closest("[data-clock]");
    focusedId = active ? active.id : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusedId) return;
    var again = document.getElementById(focusedId);
    if (again && document.activeElement !== again) again.focus();
  });
})();
