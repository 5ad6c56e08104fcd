/* Keyboard shortcuts for the common actions; "?" shows them (the help is the page's
   own translated #triage-shortcuts dialog). No shortcut fires while a person types in
   a field, nor with Ctrl, Alt or Cmd held. A static file: the Content-Security-Policy
   allows no inline script or handler. */
(function () {
  "use strict";
  var help = document.getElementById("triage-shortcuts");
  var QUEUE = "triage-queue";
  var rows = document.querySelectorAll("#result_list tbody tr");
  var current = -1;

  function typing(target) {
    if (!target || !target.closest) {
      return false;
    }
    return target.isContentEditable ||
      Boolean(target.closest("input, textarea, select, [contenteditable]"));
  }

  function rowLink(row) {
    return row.querySelector("th a[href], td a[href]");
  }

  function pathOf(href) {
    return new URL(href, window.location.href).pathname;
  }

  // A list remembers its rows for this tab: an item's page opened from it knows the
  // next one (whatever the list's filters, search and order).
  if (rows.length) {
    var items = [];
    for (var i = 0; i < rows.length; i++) {
      var link = rowLink(rows[i]);
      if (link) {
        items.push(link.href);
      }
    }
    try {
      window.sessionStorage.setItem(QUEUE, JSON.stringify(
        {list: window.location.href, items: items}));
    } catch (e) { /* storage refused: j and k still move within the list */ }
  }

  function choose(step) {
    var next = Math.max(0, Math.min(rows.length - 1, current + step));
    if (current >= 0) {
      rows[current].classList.remove("triage-current");
    }
    current = next;
    rows[current].classList.add("triage-current");
    var link = rowLink(rows[current]);
    if (link) {
      link.focus(); // Enter opens it
    }
    rows[current].scrollIntoView({block: "nearest"});
  }

  function goAlong(step) {
    var queue = null;
    try {
      queue = JSON.parse(window.sessionStorage.getItem(QUEUE) || "null");
    } catch (e) {
      queue = null;
    }
    if (!queue || !queue.items) {
      return;
    }
    var here = window.location.pathname;
    var index = -1;
    for (var i = 0; i < queue.items.length; i++) {
      if (pathOf(queue.items[i]) === here) {
        index = i;
      }
    }
    var target = index < 0 ? null : queue.items[index + step];
    // Past either end of the list (or not from it): back to the list.
    window.location.assign(target || queue.list);
  }

  function focusBox(id) {
    var box = document.getElementById(id);
    if (box) {
      box.scrollIntoView({block: "center"});
      box.focus();
    }
    return Boolean(box);
  }

  function clickOn(id) {
    var target = document.getElementById(id);
    if (target) {
      target.click();
    }
    return Boolean(target);
  }

  function toggleHelp() {
    if (!help || !help.showModal) {
      return;
    }
    if (help.open) {
      help.close();
    } else {
      help.showModal();
    }
  }

  var opener = document.getElementById("triage-shortcuts-open");
  if (opener) {
    opener.addEventListener("click", toggleHelp);
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey ||
        typing(event.target)) {
      return;
    }
    var key = event.key;
    if (key === "?") {
      event.preventDefault();
      toggleHelp();
      return;
    }
    if (help && help.open) {
      return; // the help is on top: Esc (the dialog's own) or "?" closes it
    }
    var done = true;
    switch (key) {
    case "t":
      done = clickOn("take-button");
      break;
    case "j":
    case "k":
      if (rows.length) {
        choose(key === "j" ? 1 : -1);
      } else {
        goAlong(key === "j" ? 1 : -1);
      }
      break;
    case "n":
      done = focusBox("note_body");
      break;
    case "r":
      done = focusBox("reply_body") || clickOn("reply-link");
      break;
    case "/":
      done = focusBox("searchbar");
      break;
    default:
      done = false;
    }
    if (done) {
      event.preventDefault(); // the letter is not typed into the box it focused
    }
  });
}());
