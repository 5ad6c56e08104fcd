/* Live counts: the page's #triage-live mark says where to ask (the admin's live
   endpoint, with what the page saw as it was drawn) and how often. Every few seconds,
   while the tab is visible, the answer's counts are written in place (each element
   marked data-live="key") and the "new since you looked" notice is shown, a link that
   reloads the page. A static file: the Content-Security-Policy allows no inline script. */
(function () {
  "use strict";
  var mark = document.getElementById("triage-live");
  var notice = document.getElementById("triage-live-notice");
  if (!mark || !notice || !window.fetch) {
    return;
  }
  var url = mark.getAttribute("data-url");
  var interval = parseInt(mark.getAttribute("data-interval"), 10) || 5000;
  var delay = interval;
  var timer = null;
  var stopped = false;

  function setCounts(counts) {
    var cells = document.querySelectorAll("[data-live]");
    for (var i = 0; i < cells.length; i++) {
      var key = cells[i].getAttribute("data-live");
      if (!Object.prototype.hasOwnProperty.call(counts, key) || counts[key] === null) {
        continue;
      }
      var text = String(counts[key]);
      if (cells[i].textContent !== text) {
        cells[i].textContent = text;
        // Restart the highlight: a count that changed again is marked again.
        cells[i].classList.remove("triage-live-changed");
        void cells[i].offsetWidth;
        cells[i].classList.add("triage-live-changed");
      }
    }
  }

  function setNotice(words) {
    var link = notice.querySelector("a");
    if (!words) {
      if (link) {
        notice.removeChild(link);
      }
      return;
    }
    if (!link) {
      link = document.createElement("a");
      link.id = "triage-live-link";
      link.href = notice.getAttribute("data-reload") || window.location.href;
      notice.appendChild(link);
    }
    if (link.textContent !== words) {
      link.textContent = words;
    }
  }

  function show(answer) {
    if (answer.counts) {
      setCounts(answer.counts);
    }
    // An item that changed says so before anything new.
    setNotice(answer.changed_words || answer.new_words || "");
  }

  function schedule() {
    window.clearTimeout(timer);
    if (!stopped && !document.hidden) {
      timer = window.setTimeout(poll, delay);
    }
  }

  function poll() {
    fetch(url, {credentials: "same-origin", cache: "no-store",
                headers: {"Accept": "application/json"}})
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (response.status === 403 || (response.ok && type.indexOf("json") < 0)) {
          stopped = true; // logged out (the login page answered) or no longer allowed
          return null;
        }
        if (!response.ok) {
          throw new Error("live: " + response.status);
        }
        return response.json();
      })
      .then(function (answer) {
        if (answer) {
          show(answer);
          delay = interval;
        }
      })
      .catch(function () {
        delay = Math.min(delay * 2, 60000); // the server is busy or away: ask less often
      })
      .then(schedule);
  }

  // A hidden tab asks nothing; back in view, it asks at once.
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      window.clearTimeout(timer);
    } else if (!stopped) {
      window.clearTimeout(timer);
      poll();
    }
  });
  schedule();
}());
