// Loaded in <head>: the colour scheme is set before the page paints.
(function () {
  // Dark by default (a dim table); remembered on this device.
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
    // data-copy="#field": copy its value, and say so.
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
    // The phone menu and closing a message, without Bootstrap's JavaScript.
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

  // The table screen fits its window: scaled down (never up) until nothing is below the fold.
  function fitScreen() {
    var screen = document.querySelector("[data-fit]");
    if (!screen) return;
    if (window.innerWidth < 992) { screen.style.zoom = ""; return; }  // a phone scrolls its copy
    var fits = function (zoom) {
      screen.style.zoom = zoom === 1 ? "" : String(zoom);
      return document.documentElement.scrollHeight <= window.innerHeight + 1;
    };
    if (fits(1)) return;
    var low = 0.2, high = 1;  // the largest that fits, found in a few layouts
    for (var tries = 0; tries < 8; tries++) {
      var middle = (low + high) / 2;
      if (fits(middle)) low = middle; else high = middle;
    }
    fits(low);
  }
  document.addEventListener("DOMContentLoaded", function () {
    fitScreen();
    // A phone's row of campaign tabs scrolls sideways: the current one in view.
    var tabs = document.querySelector(".campaign-tabs"), current = tabs && tabs.querySelector(".active");
    if (current) tabs.scrollLeft = current.offsetLeft - (tabs.clientWidth - current.offsetWidth) / 2;
    // A session is planned in the GM's own time zone: the browser's, unless the GM said another.
    document.querySelectorAll("form[data-time-zone] input[name=time_zone]").forEach(function (zone) {
      if (zone.value === "UTC" && window.Intl) zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    });
  });
  window.addEventListener("resize", fitScreen);
  document.addEventListener("fullscreenchange", fitScreen);
  document.addEventListener("htmx:afterSettle", fitScreen);

  // A drawn control (a clock's segment) answers Enter and Space as a button does.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var drawn = event.target.closest && event.target.closest('[role="button"]:not(button, a, input)');
    if (!drawn) return;
    event.preventDefault();
    drawn.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  });

  // Console keys press the marked buttons, the focused clock's first.
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

  // Live updates: docs/architecture.md.
  var SILENCE = 40000;  // more than twice the stream's heartbeat (HEARTBEAT in streams.py)
  var source = null, opened = 0, heard = 0, brought = "";
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.htmx || !window.htmx.createEventSource) return;
    var create = window.htmx.createEventSource;
    window.htmx.createEventSource = function (url) {
      brought = Object.keys(livePanels()).join(",");
      if (brought) url += "?" + new URLSearchParams({at: location.pathname, panels: brought}).toString().replace(/%2C/g, ",");
      source = create(url);
      opened = Date.now();
      var hear = function () { heard = Date.now(); };
      source.addEventListener("version", hear);
      source.addEventListener("version", newVersion);
      source.addEventListener("alive", hear);
      source.addEventListener("alive", newVersion);  // the version the server just read
      source.addEventListener("panels", hear);
      source.addEventListener("panels", pushedPanels);
      source.addEventListener("error", function () { heard = 0; });
      return source;
    };
  });
  function liveVersion() {
    var live = document.getElementById("live");
    return live ? parseInt(live.getAttribute("hx-get").split("v=")[1], 10) : NaN;
  }
  function moveTo(version) {
    var live = document.getElementById("live"), moved = live.cloneNode(false);
    moved.setAttribute("hx-get", live.getAttribute("hx-get").replace(/v=\d+/, "v=" + version));
    live.replaceWith(moved);
    window.htmx.process(moved);
  }
  function newVersion(event) {
    var version = parseInt(event.data, 10);
    // Different, not only greater: a stream told a version that was never this campaign's corrects it.
    if (!document.getElementById("live") || isNaN(version) || version === liveVersion()) return;
    heardTheChange();
    moveTo(version);
    document.body.dispatchEvent(new CustomEvent("campaignChanged", {bubbles: true}));
  }
  // The panels the stream brought, swapped in as the page's own answer; other listeners still ask.
  function pushedPanels(event) {
    var at = event.data.indexOf("\n"), version = parseInt(event.data.slice(0, at), 10);
    if (!document.getElementById("live") || isNaN(version)) return;
    heardTheChange();
    if (version !== liveVersion()) moveTo(version);
    var panels = livePanels(), names = Object.keys(panels);
    if (names.join(",") !== brought) {  // the page's panels are no longer those the stream brings
      reopen();
      document.body.dispatchEvent(new CustomEvent("campaignChanged", {bubbles: true}));
      return;
    }
    swapAll(panels, names, event.data.slice(at + 1));
    document.body.dispatchEvent(new CustomEvent("campaignChanged", {bubbles: true, detail: {brought: true}}));
  }
  function streaming() { return Date.now() - heard < SILENCE; }
  // After the page's own write (core/htmx.py changed) its stream brings the panels: ask if not within 2.5 s.
  var held;
  document.addEventListener("campaignChanged", function (event) {
    if (!(event.detail && event.detail.written) || !streaming()) return;
    event.stopPropagation();
    heardTheChange();
    held = setTimeout(function () {
      document.body.dispatchEvent(new CustomEvent("campaignChanged", {bubbles: true}));
    }, 2500);
  }, true);
  function heardTheChange() { clearTimeout(held); }
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

  // The database away (core/away.py): its page asks again by itself, as its text says.
  document.addEventListener("DOMContentLoaded", function () {
    var retry = document.body.dataset.retry;
    if (retry) setTimeout(function () { location.reload(); }, retry * 1000);
  });

  // A 503 (core/away.py) shows its notice until an answer succeeds; a form that stays gets a new
  // key (core/keys.py) unless data-fixed.
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail, away = document.getElementById("away");
    if (detail.xhr.status === 503) away || document.body.insertAdjacentHTML("beforeend", detail.xhr.responseText);
    if (!detail.successful) return;
    if (away) away.remove();
    var form = detail.elt.closest("form, .clock-face-wrap"), input = form && form.querySelector('input[name="key"]:not([data-fixed])');
    if (input) input.value = Date.now().toString(36) + Math.random().toString(36).slice(2);
  });

  // A panel being filled in is not refreshed; left as it was found (emptied again, focus gone),
  // it catches up with what it missed.
  document.addEventListener("input", function (event) {
    var panel = event.target.closest('[hx-trigger*="campaignChanged"]');
    if (panel) panel.dataset.editing = "1";
  });
  document.addEventListener("focusout", function (event) {
    var panel = event.target.closest && event.target.closest('[hx-trigger*="campaignChanged"]');
    if (!panel || !panel.dataset.editing || panel.dataset.holding) return;
    setTimeout(function () {
      if (panel.contains(document.activeElement) || !pristine(panel)) return;
      catchUp(panel);
    }, 0);
  });
  // A form opened by a tap in a live panel (Edit, fill) holds it until saved or cancelled.
  document.addEventListener("htmx:afterSwap", function (event) {
    var swapped = event.target, panel = swapped.closest && swapped.closest('[hx-trigger*="campaignChanged"]');
    if (!panel || onChange(event)) return;
    var config = event.detail.requestConfig, tap = config && config.verb === "get" && config.triggeringEvent;
    var form = swapped.matches("form") ? swapped : swapped.querySelector('form[method="post"]');
    if (tap && tap.type === "click" && form && form.querySelector('input:not([type="hidden"]), textarea, select')) {
      form.dataset.opened = "1";
      panel.dataset.editing = panel.dataset.holding = "1";
    } else if (panel.dataset.holding && !panel.querySelector("[data-opened]")) {
      delete panel.dataset.holding;
      catchUp(panel);
    }
  });
  function catchUp(panel) {
    delete panel.dataset.editing;
    if (!panel.dataset.missed) return;
    delete panel.dataset.missed;
    document.body.dispatchEvent(new CustomEvent("campaignChanged", {bubbles: true}));
  }
  function pristine(panel) {
    return Array.prototype.every.call(panel.querySelectorAll("input, textarea, select"), function (field) {
      if (field.type === "checkbox" || field.type === "radio") return field.checked === field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.every.call(field.options, function (option) { return option.selected === option.defaultSelected; });
      }
      return field.type === "hidden" || field.value === field.defaultValue;
    });
  }
  function onChange(event) {
    return !!changeOf(event);
  }
  function changeOf(event) {
    var detail = event.detail, trigger = detail.triggeringEvent || (detail.requestConfig && detail.requestConfig.triggeringEvent);
    return trigger && trigger.type === "campaignChanged" ? trigger : null;
  }
  // Held back before hx-sync, which would abort the choice's own request (the odds); a part of a
  // panel the stream just brought came with it.
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt, change = changeOf(event);
    if (!change) return;
    if (elt.dataset.editing) elt.dataset.missed = "1";
    if (elt.dataset.editing || askedTogether(elt) || (change.detail && change.detail.brought && insideAPanel(elt))) {
      event.preventDefault();
    }
  });
  function insideAPanel(elt) {
    for (var up = elt.parentElement; up; up = up.parentElement) {
      if (up.matches('[hx-trigger*="campaignChanged"]') && nameOf(up)) return true;
    }
    return false;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (onChange(event) && event.detail.elt.dataset.editing) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var swapped = event.detail.target || event.detail.elt;  // htmx.swap() gives no target
    if (swapped && swapped.dataset) delete swapped.dataset.editing;
  });

  // On a change, every live panel in one request (?panels=, core/htmx.py).
  function nameOf(elt) {
    if (!elt.matches('[hx-trigger*="campaignChanged"]')) return null;
    if (elt.dataset.livePanel) return elt.dataset.livePanel;
    var url = new URL(elt.getAttribute("hx-get") || "", location.href);
    var name = url.searchParams.get("panel");
    return url.pathname === location.pathname && name && url.search === "?panel=" + encodeURIComponent(name) ? name : null;
  }
  function livePanels() {
    var panels = {}, own = false;
    document.querySelectorAll('[hx-trigger*="campaignChanged"]').forEach(function (elt) {
      var name = nameOf(elt);
      if (!name) return;
      own = own || !elt.dataset.livePanel;
      (panels[name] = panels[name] || []).push(elt);
    });
    return own ? panels : {};  // else the page may not answer ?panels=
  }
  function askedTogether(elt) {
    var same = livePanels()[nameOf(elt)];
    return same && same.indexOf(elt) >= 0;
  }
  var asking = false, askAgain = false;
  document.addEventListener("campaignChanged", function (event) {
    if (!(event.detail && event.detail.brought)) refreshPanels();
  });
  function refreshPanels() {
    if (asking) { askAgain = true; return; }
    var panels = livePanels(), names = Object.keys(panels);
    if (!names.length) return;
    asking = true;
    fetch(location.pathname + "?panels=" + names.map(encodeURIComponent).join(","),
          {headers: {"HX-Request": "true"}, credentials: "same-origin"})
      .then(function (response) {
        var to = response.headers.get("HX-Redirect");
        if (to) follow(to);
        return response.ok ? response.text() : "";
      })
      .then(function (answer) { swapAll(panels, names, answer); }, function () { /* offline */ })
      .then(function () {
        asking = false;
        if (askAgain) { askAgain = false; refreshPanels(); }
      });
  }
  // A refresh that finds the page gone follows it, after the page's own write: its answer says where.
  var writes = [], leaving = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (config && config.verb !== "get") writes.push(event.detail.xhr);
  });
  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  function writing() {  // read from the requests themselves: a swapped-out form's events never reach the document
    writes = writes.filter(function (xhr) { return xhr.readyState !== 4 && xhr.readyState !== 0; });
    return writes.length > 0;
  }
  function follow(to) {
    if (leaving) return;
    if (writing()) setTimeout(function () { follow(to); }, 100);
    else location.href = to;
  }
  function swapAll(panels, names, answer) {
    var got = document.createElement("template");
    got.innerHTML = answer;
    var before = phrases();
    names.forEach(function (name) {
      var fresh = got.content.querySelector('template[data-panel="' + name + '"]');
      panels[name].forEach(function (elt) {
        if (elt.dataset.editing) elt.dataset.missed = "1";
        else if (fresh && document.body.contains(elt)) swapIn(elt, fresh.innerHTML);
      });
    });
    sayNew(before);
  }
  function swapIn(elt, html) {
    var style = elt.getAttribute("hx-swap") || "innerHTML";
    var select = elt.getAttribute("hx-select");
    if (select) {
      var all = document.createElement("template");
      all.innerHTML = html;
      var picked = all.content.querySelector(select);
      if (!picked) return;
      html = picked.outerHTML;
    }
    if (unchanged(elt, html, style)) return;
    rememberFocus(elt);
    // A fold the reader opened stays open through the swap (the same fold: the same place in the panel).
    var folds = elt.querySelectorAll("details"), opened = [], id = elt.id;
    folds.forEach(function (fold, at) { if (fold.open) opened.push(at); });
    window.htmx.swap(elt, html, {swapStyle: style.split(" ")[0]});
    var now = (id && document.getElementById(id)) || elt, after = now.querySelectorAll("details");
    if (after.length === folds.length) opened.forEach(function (at) { after[at].open = true; });
  }

  // An unchanged panel stays: a swap would swallow a tap.
  function unchanged(target, html, style) {
    var inner = style.indexOf("innerHTML") === 0;
    var shown = document.createDocumentFragment();
    if (inner) target.childNodes.forEach(function (node) { shown.appendChild(node.cloneNode(true)); });
    else shown.appendChild(target.cloneNode(true));
    var fresh = document.createElement("template");
    fresh.innerHTML = html.trim();
    if (inner) trimEnds(shown);
    return normalised(shown).isEqualNode(normalised(fresh.content));
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!onChange(event) || !event.detail.shouldSwap) return;
    var target = event.detail.target;
    if (unchanged(target, event.detail.serverResponse, target.getAttribute("hx-swap") || "innerHTML")) {
      event.detail.shouldSwap = false;
    }
  });
  function trimEnds(fragment) {  // the partial is rendered without the whitespace around it
    [fragment.firstChild, fragment.lastChild].forEach(function (node) {
      if (node && node.nodeType === Node.TEXT_NODE && !node.textContent.trim()) node.remove();
    });
  }
  function normalised(content) {
    // Per answer or per reader, not content: CSRF token, keys, htmx's marks, open folds, focus.
    content.querySelectorAll("details[open]").forEach(function (fold) { fold.removeAttribute("open"); });
    content.querySelectorAll(HEADINGS).forEach(function (heading) {  // made focusable to take the focus
      if (heading.getAttribute("tabindex") === "-1") heading.removeAttribute("tabindex");
    });
    content.querySelectorAll('[name="csrfmiddlewaretoken"], [name="key"]').forEach(function (input) {
      input.removeAttribute("value");
    });
    content.querySelectorAll("[class*='htmx-']").forEach(function (element) {
      element.classList.remove("htmx-request", "htmx-settling", "htmx-swapping", "htmx-added");
      if (!element.classList.length) element.removeAttribute("class");
    });
    return content;
  }

  // The focus through a swap (WCAG 2.4.3): back to the same control, else to the heading of the
  // part of the page it was in. Focus outside what was swapped stays put.
  var kept = null, HEADINGS = "h1, h2, h3, h4, h5, h6, legend";
  function rememberFocus(target) {
    var active = document.activeElement;
    if (!active || active === document.body || !target || target === document.body || !target.contains(active)) return;
    var regions = [];  // where it was, nearest first
    for (var up = active; up && up !== document.body; up = up.parentElement) {
      if (up.id) regions.push("#" + CSS.escape(up.id));
      else if (up.hasAttribute("aria-labelledby")) regions.push('[aria-labelledby="' + CSS.escape(up.getAttribute("aria-labelledby")) + '"]');
    }
    kept = {element: active, same: sameControl(active), regions: regions};
  }
  function sameControl(element) {  // a selector for the control as the answer draws it again
    var tag = element.tagName.toLowerCase(), name = element.getAttribute("name");
    if (name) return tag + '[name="' + CSS.escape(name) + '"]' + (element.type === "radio" || element.type === "checkbox" ||
      tag === "button" ? '[value="' + CSS.escape(element.value) + '"]' : "");
    if (tag === "a" && element.getAttribute("href")) return 'a[href="' + CSS.escape(element.getAttribute("href")) + '"]';
    return null;
  }
  function focusRegion(region) {  // its heading, made focusable, or else its first field; whether it had one
    var labelled = region.getAttribute("aria-labelledby"), heading = labelled && document.getElementById(labelled);
    heading = heading || region.querySelector(HEADINGS);
    if (heading) {
      focusOn(heading);
      return true;
    }
    var field = region.matches("[tabindex]") ? region :
      region.querySelector('input:not([type="hidden"]):not([disabled]), select, textarea, button:not([disabled]), a[href]');
    if (field) field.focus();
    return !!field;
  }
  function focusOn(element) {  // a heading is made focusable; drawn again, it is made so again
    if (element.matches(HEADINGS) && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus();
  }
  function giveFocusBack() {
    if (!kept) return;
    var was = kept, active = document.activeElement;
    kept = null;
    if (active && active !== document.body && active.isConnected) return;  // htmx gave it to the control of the same id
    var again = (was.element.id && document.getElementById(was.element.id)) || (was.same && firstIn(was.regions, was.same));
    if (again) { focusOn(again); return; }
    // A part that came back empty (the X-card dismissed): the nearest part around with a heading.
    for (var i = 0; i < was.regions.length; i++) {
      var region = document.querySelector(was.regions[i]);
      if (region && focusRegion(region)) return;
    }
  }
  function firstIn(regions, selector) {  // the control in the nearest region that has one
    for (var i = 0; i < regions.length; i++) {
      var region = document.querySelector(regions[i]), found = region && region.querySelector(selector);
      if (found) return found;
    }
    return null;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.shouldSwap) rememberFocus(event.detail.target);
  });
  document.addEventListener("htmx:afterSettle", giveFocusBack);

  // Live changes said (WCAG 4.1.3) by the polite #live-news (base.html); the focus stays put.
  var SAID = 'h2, h3, h4, h5, p, li, dd, [role="img"][aria-label], [role="group"][aria-label], [role="status"], [role="alert"]';
  function phrases() {
    var main = document.getElementById("main"), found = [];
    if (main) main.querySelectorAll(SAID).forEach(function (element) {
      // Not what is hidden, nor what a live region of its own already says (the odds, the messages).
      if (element.closest('[aria-hidden="true"], template, [hidden], [aria-live]')) return;
      var text = (element.getAttribute("aria-label") || element.textContent).replace(/\s+/g, " ").trim();
      if (text && text.length <= 200 && found.indexOf(text) < 0) found.push(text);
    });
    return found;
  }
  // A closed shadow root: read out, yet found once on the page by find-in-page.
  var newsRoom = null;
  function sayNew(before) {
    var host = document.getElementById("live-news");
    if (!host || !before) return;
    if (!newsRoom || newsRoom.host !== host) newsRoom = host.attachShadow({mode: "closed"});
    var news = newsRoom;
    var said = [];
    phrases().forEach(function (text) {  // what was not on the page, in its order, three at most, none twice
      if (before.indexOf(text) >= 0 || said.length >= 3) return;
      if (said.some(function (one) { return one.indexOf(text) >= 0 || text.indexOf(one) >= 0; })) return;
      said.push(text);
    });
    if (!said.length) return;
    news.textContent = "";  // the same words said again are still news
    setTimeout(function () { news.textContent = said.join(". "); }, 50);
  }
  var unsaid = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (onChange(event) && event.detail.shouldSwap && !unsaid) unsaid = phrases();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!onChange(event) || !unsaid) return;
    sayNew(unsaid);
    unsaid = null;
  });
})();
