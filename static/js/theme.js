// Dark by default for a dim table; the choice is remembered on this device.
(function () {
  var key = "charge-theme";
  var root = document.documentElement;
  var stored = null;
  try { stored = localStorage.getItem(key); } catch (e) { /* private mode */ }
  if (stored === "light" || stored === "dark") root.setAttribute("data-bs-theme", stored);
  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-theme-toggle]")) return;
    var next = root.getAttribute("data-bs-theme") === "dark" ? "light" : "dark";
    root.setAttribute("data-bs-theme", next);
    try { localStorage.setItem(key, next); } catch (e) { /* private mode */ }
  });
})();
