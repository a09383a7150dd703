// Small progressive enhancements for the public pages: header shadow, mobile menu,
// product dropdowns and the hero carousel. Uses event delegation so it keeps working
// across client-side page changes, and never touches text React rendered.
(function () {
  "use strict";
  if (window.terminalShop) return;  // once per page, however often the file is run
  var SHADOW_AT = 10;
  var SLIDE_MS = 5000;
  var REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");

  function onScroll() {
    var header = document.querySelector("[data-site-header]");
    if (header) header.classList.toggle("header-scrolled", window.scrollY > SHADOW_AT);
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  // Public pages load this script after their first paint (web/paint_first.py): the
  // document may be parsed already.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onScroll);
  else onScroll();

  // Signed in to /akun: the header, menu and footer say "Akun Saya" instead of "Masuk". The
  // cookie is only a hint set beside the session (which no script can read).
  if (/(?:^|;\s*)ts_akun_ada=1(?:;|$)/.test(document.cookie)) document.documentElement.setAttribute("data-signed-in", "");

  function setMenu(open) {
    var menu = document.querySelector("[data-mobile-menu]");
    if (!menu) return;
    menu.classList.toggle("menu-open", open);
    menu.setAttribute("aria-hidden", open ? "false" : "true");
    if (open) menu.removeAttribute("inert"); else menu.setAttribute("inert", "");
    var btn = document.querySelector("[data-menu-open]");
    if (btn) btn.setAttribute("aria-expanded", open ? "true" : "false");
    document.documentElement.classList.toggle("overflow-hidden", open);
    // Focus goes into the open menu, and back to its button when it closes from inside.
    if (open) {
      var first = menu.querySelector("a[href], button");
      // after this frame: the menu is still hidden (and unfocusable) until its style applies
      if (first) setTimeout(function () { first.focus(); }, 0);
    } else if (btn && menu.contains(document.activeElement)) {
      btn.focus();
    }
  }

  function showSlide(carousel, index) {
    var slides = carousel.querySelectorAll("[data-slide]");
    var dots = carousel.querySelectorAll("[data-dot]");
    var n = slides.length;
    if (!n) return;
    var i = ((index % n) + n) % n;
    carousel.setAttribute("data-index", String(i));
    slides.forEach(function (s, k) {
      s.classList.toggle("slide-active", k === i);
      s.setAttribute("aria-hidden", k === i ? "false" : "true");
    });
    dots.forEach(function (d, k) {
      d.classList.toggle("dot-active", k === i);
      d.setAttribute("aria-current", k === i ? "true" : "false");
    });
    carousel.setAttribute("data-last-change", String(Date.now()));
  }

  document.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target : ev.target.parentElement;
    if (!t) return;
    if (t.closest("[data-menu-open]")) { setMenu(true); return; }
    if (t.closest("[data-menu-close]")) { setMenu(false); return; }
    if (t.closest("[data-mobile-menu] a")) { setMenu(false); }
    var chosen = t.closest("details[data-dropdown] a");
    if (chosen) chosen.closest("details").removeAttribute("open");
    if (t.closest(".skip-link")) {  // the router would only change the URL's hash
      var main = document.getElementById("main");
      if (main) { ev.preventDefault(); main.focus(); main.scrollIntoView(); }
      return;
    }
    var pause = t.closest("[data-carousel-pause]");
    if (pause) {
      var held = pause.getAttribute("aria-pressed") !== "true";
      pause.setAttribute("aria-pressed", held ? "true" : "false");
      pause.closest("[data-carousel]").toggleAttribute("data-paused", held);
      return;
    }
    var carousel = t.closest("[data-carousel]");
    if (carousel) {
      var cur = parseInt(carousel.getAttribute("data-index") || "0", 10);
      if (t.closest("[data-prev]")) showSlide(carousel, cur - 1);
      else if (t.closest("[data-next]")) showSlide(carousel, cur + 1);
      else if (t.closest("[data-dot]")) showSlide(carousel, parseInt(t.closest("[data-dot]").getAttribute("data-dot"), 10));
    }
    // Close an open desktop dropdown when clicking elsewhere.
    document.querySelectorAll("details[data-dropdown][open]").forEach(function (d) {
      if (!d.contains(t)) d.removeAttribute("open");
    });
  });

  // A scanner ends an SN with Enter: in a field marked data-enter-next that moves on to the
  // form's next field instead of sending the whole form half filled (issue 63.7).
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter" || !ev.target.matches || !ev.target.matches("[data-enter-next]")) return;
    ev.preventDefault();
    var fields = ev.target.form ? [].filter.call(ev.target.form.elements, function (e) {
      return !e.disabled && e.type !== "hidden" && e.offsetParent !== null;
    }) : [];
    var next = fields[fields.indexOf(ev.target) + 1];
    if (next) next.focus();
  }, true);

  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Escape") return;
    setMenu(false);
    // An open product dropdown closes too, and its button keeps the focus.
    document.querySelectorAll("details[data-dropdown][open]").forEach(function (d) {
      d.removeAttribute("open");
      if (d.contains(document.activeElement)) d.querySelector("summary").focus();
    });
  });

  // After moving to another page in the app, focus goes to its heading, as a page load
  // would put a screen reader there (a change of query only, as in a filtered list, stays).
  var shownPath = location.pathname;
  function focusNewHeading(previous) {
    if (location.pathname === shownPath) return;
    shownPath = location.pathname;
    var tries = 0;
    (function attempt() {
      var h = document.querySelector("main h1");
      if (!h || h === previous) { if (tries++ < 40) setTimeout(attempt, 50); return; }
      if (!h.hasAttribute("tabindex")) h.setAttribute("tabindex", "-1");
      h.focus({ preventScroll: true });
    })();
  }
  ["pushState", "replaceState"].forEach(function (name) {
    var original = history[name];
    history[name] = function () {
      var previous = document.querySelector("main h1");
      var result = original.apply(this, arguments);
      focusNewHeading(previous);
      return result;
    };
  });
  window.addEventListener("popstate", function () { focusNewHeading(document.querySelector("main h1")); });

  setInterval(function () {
    var carousel = document.querySelector("[data-carousel]");
    if (!carousel || document.hidden) return;
    // Held still while pointed at or focused, when paused, and for reduced motion; the
    // wait starts again when it is left alone.
    if (carousel.matches(":hover") || carousel.contains(document.activeElement) ||
        carousel.hasAttribute("data-paused") || REDUCED_MOTION.matches) {
      carousel.setAttribute("data-last-change", String(Date.now()));
      return;
    }
    if (!carousel.hasAttribute("data-last-change")) {
      carousel.setAttribute("data-last-change", String(Date.now()));
      return;
    }
    var last = parseInt(carousel.getAttribute("data-last-change"), 10);
    if (Date.now() - last < SLIDE_MS - 50) return; // a click restarts the wait
    var cur = parseInt(carousel.getAttribute("data-index") || "0", 10);
    showSlide(carousel, cur + 1);
  }, 250);

  // The admin's document viewer: zoom, rotate and fit run here, with no round trip.
  // Next / previous are buttons of the page (they change which document is shown).
  var ZOOM_STEP = 0.25, ZOOM_MIN = 0.25, ZOOM_MAX = 4;

  function showView(v) {
    var img = v.querySelector("[data-viewer-img]");
    if (!img) return;
    var zoom = parseFloat(v.getAttribute("data-zoom") || "1");
    var turn = parseInt(v.getAttribute("data-rotate") || "0", 10);
    var sideways = turn % 180 !== 0;
    img.style.zoom = String(zoom);
    img.style.transform = turn ? "rotate(" + turn + "deg)" : "";
    // Turned sideways, the picture's height becomes its width: keep it inside the box.
    img.style.maxHeight = sideways ? v.clientWidth + "px" : "";
    img.style.maxWidth = sideways ? "70vh" : "";
    var shown = v.querySelector("[data-viewer-zoom]");
    if (shown) shown.textContent = Math.round(zoom * 100) + "%";
  }

  function viewerAction(v, action) {
    var zoom = parseFloat(v.getAttribute("data-zoom") || "1");
    var turn = parseInt(v.getAttribute("data-rotate") || "0", 10);
    if (action === "zoom-in") zoom = Math.min(ZOOM_MAX, zoom + ZOOM_STEP);
    else if (action === "zoom-out") zoom = Math.max(ZOOM_MIN, zoom - ZOOM_STEP);
    else if (action === "rotate") turn = (turn + 90) % 360;
    else if (action === "fit") zoom = 1;
    v.setAttribute("data-zoom", String(zoom));
    v.setAttribute("data-rotate", String(turn));
    showView(v);
  }

  document.addEventListener("click", function (ev) {
    var t = ev.target.closest && ev.target.closest("[data-viewer-action]");
    if (t) viewerAction(t.closest("[data-viewer]"), t.getAttribute("data-viewer-action"));
  });

  var KEYS = { "+": "zoom-in", "=": "zoom-in", "-": "zoom-out", r: "rotate", R: "rotate", "0": "fit" };
  document.addEventListener("keydown", function (ev) {
    var v = document.querySelector("[data-viewer]");
    if (!v || ev.ctrlKey || ev.metaKey || ev.altKey || /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    var jump = { ArrowRight: "[data-viewer-next]", ArrowLeft: "[data-viewer-prev]" }[ev.key];
    if (KEYS[ev.key]) viewerAction(v, KEYS[ev.key]);
    else if (jump && v.querySelector(jump)) v.querySelector(jump).click();
    else return;
    ev.preventDefault();
  });

  // A new document starts unzoomed and upright.
  document.addEventListener("load", function (ev) {
    var img = ev.target;
    if (!img.matches || !img.matches("[data-viewer-img]")) return;
    var v = img.closest("[data-viewer]");
    v.setAttribute("data-zoom", "1");
    v.setAttribute("data-rotate", "0");
    showView(v);
  }, true);

  // Modal dialogs (WAI-ARIA dialog pattern): focus moves in when one opens ([data-autofocus]
  // or its first control), Tab stays inside, Escape closes it, and focus returns to what
  // opened it when it closes.
  var FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex='-1'])";
  var opener = null;

  function openDialog() {
    var all = document.querySelectorAll("[role=dialog][aria-modal=true]");
    return all.length ? all[all.length - 1] : null;
  }

  function trapped() {  // where Tab must stay: an open dialog, or the open phone menu
    return openDialog() || document.querySelector("[data-mobile-menu].menu-open");
  }

  new MutationObserver(function () {
    var d = openDialog();
    if (d && !d.hasAttribute("data-focused")) {
      d.setAttribute("data-focused", "");
      if (!d.contains(document.activeElement)) opener = document.activeElement;
      var first = d.querySelector("[data-autofocus]") || d.querySelector(FOCUSABLE);
      if (first) first.focus();
    } else if (!d && opener) {
      if (document.contains(opener)) opener.focus();
      opener = null;
    }
  }).observe(document.documentElement, { childList: true, subtree: true });

  document.addEventListener("keydown", function (ev) {
    var d = trapped();
    if (!d) return;
    if (ev.key === "Escape") {
      var close = d.querySelector("[data-dialog-close]");
      if (close) { close.click(); ev.preventDefault(); }
    } else if (ev.key === "Tab") {
      var items = [].filter.call(d.querySelectorAll(FOCUSABLE), function (e) { return e.offsetParent !== null; });
      if (!items.length) return;
      var first = items[0], last = items[items.length - 1];
      var inside = d.contains(document.activeElement);
      if (ev.shiftKey && (document.activeElement === first || !inside)) { last.focus(); ev.preventDefault(); }
      else if (!ev.shiftKey && (document.activeElement === last || !inside)) { first.focus(); ev.preventDefault(); }
    }
  });

  // Password show / hide: a visual switch, so it stays in the browser.
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("[data-password-toggle]");
    var input = btn && document.getElementById(btn.getAttribute("data-password-toggle"));
    if (!input) return;
    var show = input.type === "password";
    input.type = show ? "text" : "password";
    btn.setAttribute("aria-pressed", show ? "true" : "false");
  });

  // The submissions that carry files (an order, a registration) are plain POSTs to the
  // site's own routes (api.py); send() posts one and hands its JSON answer to the page's
  // state. With no answer at all (connection cut, a worker gone mid-way) the page reloads
  // and asks the server for that attempt by the key the tab keeps: the thank-you page if
  // it was received, the filled form otherwise. A success also finds its page on its own
  // should the state's websocket be gone meanwhile.
  window.terminalShop = {
    send: function (url, files, fields) {
      var form = new FormData();
      Object.keys(fields).forEach(function (k) { form.append(k, fields[k]); });
      (files || []).forEach(function (f) { form.append("files", f, f.name); });
      var here = location.pathname;
      return fetch(url, { method: "POST", body: form, credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          if (answer.next) {
            setTimeout(function () { if (location.pathname === here) location.assign(answer.next); }, 5000);
          }
          return answer;
        })
        .catch(function () {
          setTimeout(function () { location.reload(); }, 1000);
          return new Promise(function () {});  // nothing to hand over: the page reloads
        });
    },
  };
})();
