// Late content in a frame, for waits across frames: with
// ?in=WHO&late=MS the frame page named WHO (window.lateWho, else ?who=) shows
// "Working in WHO" (#spinner-WHO) at once and, MS ms later, removes it and
// shows "Arrived in WHO" (#late-WHO), reporting "arrived". late=never: the
// spinner stays and nothing arrives. With ?ask=WHO&late=MS that frame
// page opens a confirm() MS ms after it loads, reporting its answer.
(function () {
  var q = new URLSearchParams(location.search);
  var who = window.lateWho || q.get("who") || "";
  if (who && q.get("ask") === who) {
    setTimeout(function () { report("frame-asked", { ok: confirm("asked in " + who) }); }, Number(q.get("late") || 1500));
  }
  if (!who || q.get("in") !== who) return;
  var spinner = document.createElement("p");
  spinner.id = "spinner-" + who;
  spinner.textContent = "Working in " + who;
  document.body.insertBefore(spinner, document.body.firstChild);
  if (q.get("late") === "never") return;
  setTimeout(function () {
    var p = document.createElement("div");
    p.id = "late-" + who;
    p.textContent = "Arrived in " + who;
    spinner.replaceWith(p);
    report("arrived", { who: who });
  }, Number(q.get("late") || 1500));
})();
