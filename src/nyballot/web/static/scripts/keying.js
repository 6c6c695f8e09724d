// nyballot: the keying page by keyboard. Each confirmed line goes first into this browser's
// storage, then to the server; it leaves the storage only once the server has committed it, and
// the next line is shown only then. While the server cannot be reached the keys wait here and
// are sent again every two seconds (and on the next visit). As the clerk types, the voters the
// line could be are shown; the page works without this script, one form per line.
(function () {
  "use strict";
  var section = document.getElementById("keying");
  var form = document.getElementById("key-form");
  if (!section || !form) { return; }
  var volume = section.getAttribute("data-volume");
  var storeKey = "nyballot-keying:" + volume;
  var outboxNote = document.getElementById("keying-outbox");
  var list = document.getElementById("candidates");
  var fields = { name: form.elements.name, address: form.elements.address, date: form.elements.date };
  var busy = false, found = [], picked = -1, timer = null, asked = null;

  function outbox() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "[]"); } catch (e) { return []; }
  }
  function save(entries) { window.localStorage.setItem(storeKey, JSON.stringify(entries)); }

  function send(entry) {
    var body = new FormData();
    body.append("csrf", form.elements.csrf.value);
    Object.keys(entry).forEach(function (k) { body.append(k, entry[k]); });
    return fetch(form.action, { method: "POST", body: body, credentials: "same-origin",
                                headers: { Accept: "application/json" } });
  }

  // Send the waiting keys in order; resolve with the last answer once none waits (a key the
  // server refuses, a 4xx, leaves the storage too: sending it again would not change that).
  function flush(last) {
    var entries = outbox();
    if (!entries.length) { return Promise.resolve(last); }
    return send(entries[0]).then(function (answer) {
      if (answer.status >= 500) { throw new Error("server " + answer.status); }
      return answer.json().then(function (body) {
        save(outbox().slice(1));
        return flush(answer.ok ? body : { refused: body.error || "refused",
                                          taken: answer.status === 409 });
      });
    });
  }

  function retry() {
    var waiting = outbox().length;
    outboxNote.textContent = "The server cannot be reached: " + waiting + " keyed line" +
      (waiting === 1 ? " is" : "s are") + " kept in this browser and sent again in 2 seconds.";
    window.setTimeout(function () { run(null); }, 2000);
  }

  function run(entry) {
    if (entry) { save(outbox().concat([entry])); }
    busy = true;
    flush(null).then(function (body) {
      busy = false;
      if (body && body.refused) {  // this line stays, with the reason
        outboxNote.textContent = "Not kept: " + body.refused;
        // A line another clerk holds or has keyed: on to the next line the server gives.
        if (body.taken) { window.setTimeout(function () { window.location.reload(); }, 2500); }
        return;
      }
      if (!body || !body.next) { window.location.reload(); return; }  // none left: the page says
      show(body.next, body.progress);
    }).catch(retry);
  }

  function show(line, progress) {
    var states = progress.states;
    document.getElementById("done-count").textContent = states.keyed + states.blank + states.unreadable;
    document.getElementById("line-title").textContent = line.title;
    form.elements.sheet.value = line.sheet;
    form.elements.line.value = line.line;
    var image = document.getElementById("line-image");
    if (image && line.image) {
      image.src = line.image;
      image.alt = "The scanned image of " + line.title.toLowerCase();
    }
    var witness = line.witness;
    document.getElementById("witness").textContent = witness ? "This sheet's witness, as keyed: " +
      witness.name + ", " + witness.address + (witness.date ? ", " + witness.date : "") + "." : "";
    var suggested = Object.keys(line.suggestion || {}).length > 0;
    document.getElementById("line-note").textContent = "Page " + line.page + " of the scan" +
      (line.no_ink ? "; the scanner found no ink on this line" : "") +
      (suggested ? "; fields in yellow are a machine's reading: check each against the image" : "") + ".";
    var labels = line.witness_line ? ["Witness's name", "Witness's address", "Date of the statement"]
                                   : ["Name as written", "Address as written", "Date signed"];
    ["name", "address", "date"].forEach(function (k, i) {
      var label = document.getElementById(k + "-label");
      label.firstChild.textContent = labels[i] + (k === "date" ? " " : "");
      var suggested = (line.suggestion || {})[k] || "";
      fields[k].value = suggested;  // a machine's reading: shown, never confirmed for the clerk
      fields[k].className = suggested ? "suggested" : "";
    });
    if (asked) { asked.abort(); }  // an answer for the line before is not this line's
    window.clearTimeout(timer);
    found = []; picked = -1; draw();
    outboxNote.textContent = "";
    fields.name.focus();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (busy) { return; }
    var submitter = event.submitter;
    var state = submitter && submitter.value ? submitter.value : "keyed";
    run({ sheet: form.elements.sheet.value, line: form.elements.line.value, state: state,
          name: fields.name.value, address: fields.address.value, date: fields.date.value });
  });

  function mark(id) { form.requestSubmit(document.getElementById(id)); }

  function lookup() {
    var name = fields.name.value.trim(), address = fields.address.value.trim();
    if (!name || !address) { found = []; picked = -1; list.textContent = ""; return; }
    if (asked) { asked.abort(); }
    asked = new AbortController();
    var query = "?name=" + encodeURIComponent(name) + "&address=" + encodeURIComponent(address);
    fetch("/web/desk/keying/lookup" + query, { signal: asked.signal, credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.json() : { candidates: [] }; })
      .then(function (body) { found = body.candidates || []; picked = -1; draw(); })
      .catch(function () {});
  }

  function draw() {
    list.textContent = "";
    // A list box of options while there are voters to pick from; the field typed in names
    // the one picked (aria-activedescendant).
    if (found.length) { list.setAttribute("role", "listbox"); } else { list.removeAttribute("role"); }
    ["name", "address"].forEach(function (k) {
      if (picked >= 0) { fields[k].setAttribute("aria-activedescendant", "candidate-" + picked); }
      else { fields[k].removeAttribute("aria-activedescendant"); }
    });
    found.forEach(function (c, i) {
      var item = document.createElement("li");
      item.id = "candidate-" + i;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", i === picked ? "true" : "false");
      item.textContent = c.name + " — " + c.address + " · " + c.enrollment + " " + c.status +
        " · score " + c.score + (c.matches ? " (the review would take this voter)" : "");
      list.appendChild(item);
    });
  }

  ["name", "address"].forEach(function (k) {
    fields[k].addEventListener("input", function () {
      fields[k].className = "";
      window.clearTimeout(timer);
      timer = window.setTimeout(lookup, 150);
    });
  });

  form.addEventListener("keydown", function (event) {
    if (event.altKey && event.code === "KeyB") { event.preventDefault(); mark("mark-blank"); return; }
    if (event.altKey && event.code === "KeyU") { event.preventDefault(); mark("mark-unreadable"); return; }
    var inName = event.target === fields.name || event.target === fields.address;
    if (inName && found.length && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      picked = (picked + (event.key === "ArrowDown" ? 1 : found.length - 1)) % found.length;
      draw();
      return;
    }
    if (event.key === "Enter" && picked >= 0) {  // the voter picked: keyed as on file
      event.preventDefault();
      fields.name.value = found[picked].name;
      fields.address.value = found[picked].address;
      picked = -1; draw();
      fields.date.focus();
    }
  });

  if (outbox().length) { run(null); }  // keys left from a visit when the server was away
  lookup();  // what was typed (or suggested) before this script ran
})();
