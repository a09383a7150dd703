// Small progressive enhancements for the public pages: header shadow, mobile menu,
// product dropdowns and the hero carousel. Uses event delegation so it keeps working
// across client-side page changes, and never touches text React rendered.
(function () {
  "use strict";
  var SHADOW_AT = 10;
  var SLIDE_MS = 5000;

  function onScroll() {
    var header = document.querySelector("[data-site-header]");
    if (header) header.classList.toggle("header-scrolled", window.scrollY > SHADOW_AT);
  }
  window.addEventListener("scroll", onScroll, { passive: true });
  document.addEventListener("DOMContentLoaded", onScroll);

  function setMenu(open) {
    var menu = document.querySelector("[data-mobile-menu]");
    if (!menu) return;
    menu.classList.toggle("menu-open", open);
    menu.setAttribute("aria-hidden", open ? "false" : "true");
    if (open) menu.removeAttribute("inert"); else menu.setAttribute("inert", "");
    var btn = document.querySelector("[data-menu-open]");
    if (btn) btn.setAttribute("aria-expanded", open ? "true" : "false");
    document.documentElement.classList.toggle("overflow-hidden", open);
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

  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") setMenu(false);
  });

  setInterval(function () {
    var carousel = document.querySelector("[data-carousel]");
    if (!carousel || document.hidden) return;
    if (!carousel.hasAttribute("data-last-change")) {
      carousel.setAttribute("data-last-change", String(Date.now()));
      return;
    }
    var last = parseInt(carousel.getAttribute("data-last-change"), 10);
    if (Date.now() - last < SLIDE_MS - 50) return; // a click restarts the wait
    var cur = parseInt(carousel.getAttribute("data-index") || "0", 10);
    showSlide(carousel, cur + 1);
  }, 250);
})();
