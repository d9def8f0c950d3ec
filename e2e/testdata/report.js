// Every test page loads this: report(type, data) posts an event to the test
// server, tagged with the page's ?t= so each test reads only its own events.
(function () {
  var tag = new URLSearchParams(location.search).get("t") || "";
  var nav = new URLSearchParams(location.search).get("nav") || "";
  // Reports travel as concurrent fetches and may arrive out of order: "at"
  // (ms since the epoch) and "seq" let the test put them back in page order.
  var seq = 0;
  var pending = 0, waiters = [];
  var sent = function () {
    if (--pending > 0) return;
    var w = waiters;
    waiters = [];
    w.forEach(function (f) { f(); });
  };
  window.report = function (type, data) {
    var stamp = { at: performance.timeOrigin + performance.now(), seq: ++seq };
    var body = JSON.stringify(Object.assign({ t: tag, nav: nav, type: type }, stamp, data || {}));
    pending++;
    fetch("/report", { method: "POST", headers: { "Content-Type": "text/plain" }, body: body, keepalive: true }).then(sent, sent);
  };
  // Resolves once every report this document and its same-origin frames
  // sent so far has reached the server (a test judges what they reported).
  window.reportsSent = function () {
    var all = [pending === 0 ? Promise.resolve() : new Promise(function (r) { waiters.push(r); })];
    for (var i = 0; i < window.frames.length; i++) {
      try {
        if (typeof window.frames[i].reportsSent === "function") all.push(window.frames[i].reportsSent());
      } catch (e) {
        // a cross-origin frame: its reports are not ours to wait for
      }
    }
    return Promise.all(all);
  };
  function who(el) {
    if (!el || !el.tagName) return "";
    return el.id || el.tagName.toLowerCase();
  }
  window.who = who;
  ["mousedown", "mouseup", "click", "dblclick", "contextmenu"].forEach(function (ev) {
    document.addEventListener(ev, function (e) {
      report(ev, { x: e.clientX, y: e.clientY, button: e.button, detail: e.detail, target: who(e.target) });
    }, true);
  });
  document.addEventListener("keydown", function (e) {
    report("keydown", { key: e.key, code: e.code, ctrl: e.ctrlKey, shift: e.shiftKey, alt: e.altKey, meta: e.metaKey, target: who(e.target) });
  }, true);
  document.addEventListener("keyup", function (e) {
    report("keyup", { key: e.key, code: e.code, target: who(e.target) });
  }, true);
  document.addEventListener("input", function (e) {
    report("input", { target: who(e.target), value: e.target.value });
  }, true);
  document.addEventListener("change", function (e) {
    var v = e.target.value;
    if (e.target.tagName === "SELECT") {
      v = Array.prototype.filter.call(e.target.options, function (o) { return o.selected; }).map(function (o) { return o.value; }).join(",");
    }
    report("change", { target: who(e.target), value: v });
  }, true);
  document.addEventListener("focusin", function (e) { report("focus", { target: who(e.target) }); }, true);
  document.addEventListener("mouseover", function (e) {
    report("mouseover", { x: e.clientX, y: e.clientY, target: who(e.target) });
  }, true);
  document.addEventListener("wheel", function (e) {
    report("wheel", { x: e.clientX, y: e.clientY, dx: e.deltaX, dy: e.deltaY });
  }, true);
  var scrollTimer = 0;
  window.addEventListener("scroll", function () {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(function () { report("scroll", { x: window.scrollX, y: window.scrollY }); }, 50);
  });
  window.addEventListener("load", function () { report("load", { url: location.href }); });
})();
