// The life of a table around its drawing (table.js): who sits where (the names chosen in the lobby, which seats are
// bots), this browser's list of its tables (tables.js reads it), a notification when it is the seat's turn, undo,
// rematch, and the page for a link that leads to no table. Everything here comes from the seat's own messages.
"use strict";

const tablesKey = "rulesrun.tables";  // localStorage: the tables this browser opened, to rejoin them
let notice = "";                      // what the server last said of an undo
let askedRematch = false;             // this page asked for the rematch: it goes there when the table is made

// The tables this browser joined, newest first (tables.js shows them).
function storedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(tablesKey) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

function storeTables(list) {
  try {
    localStorage.setItem(tablesKey, JSON.stringify(list.slice(0, 100)));
  } catch (e) { /* storage full or refused: the list is a convenience */ }
}

// This page's table, as the list shows it: where it stands and whether this seat must act.
function rememberTable(s) {
  if (!query.get("table") || !query.get("token")) return;
  const link = `/table?table=${encodeURIComponent(query.get("table"))}&token=${encodeURIComponent(query.get("token"))}`;
  const entry = {
    link, table: query.get("table"), game: s.game,
    seat: s.seat === null ? "spectator" : displayName(s.seat, s.seats[s.seat]),
    status: s.finished ? "finished" : s.decision ? "your turn" : "waiting",
    step: s.step, seen: Date.now(),
  };
  const all = storedTables();
  const before = all.find((t) => t.link === link);
  entry.joined = before && before.joined ? before.joined : entry.seen;
  storeTables([entry].concat(all.filter((t) => t !== before)));
}

function forgetAsClosed() {
  const link = `/table?table=${encodeURIComponent(query.get("table") || "")}&token=${encodeURIComponent(query.get("token") || "")}`;
  storeTables(storedTables().map((t) => (t.link === link ? Object.assign(t, { status: "closed" }) : t)));
}

// The name a person chose for `seat`, or "".
function chosenName(seat) {
  const people = state && state.table && state.table.people;
  return people && people[seat] ? people[seat].name || "" : "";
}

function botOf(seat) {
  const people = state && state.table && state.table.people;
  return people && people[seat] ? people[seat].bot : null;
}

// "Ann (player 1)", "player 3 (bot random)", or the seat's name alone.
function displayName(seat, name) {
  const chosen = chosenName(seat);
  const bot = botOf(seat);
  if (bot) return `${name} (bot ${bot})`;
  return chosen ? `${chosen} (${name})` : name;
}

// A notification when the seat must act and the page is not in sight (where the browser allows it).
function notifyTurn(previous, s) {
  if (!s.decision || (previous && previous.decision && previous.step === s.step)) return;
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(`${s.game}: your turn`, { body: s.decision.prompt || s.decision.choice, tag: query.get("table") || "" });
    n.onclick = () => { window.focus(); n.close(); };
  } catch (e) { /* some browsers allow notifications only from a service worker: the tab's title still says it */ }
}

function lifeReceived(previous, s) {
  rememberTable(s);
  notifyTurn(previous, s);
  if (askedRematch && s.table && s.table.rematch) location.assign(s.table.rematch);
}

function lifeButton(text, id, onClick) {
  const button = element("button", "", text);
  button.type = "button";
  button.id = id;
  button.addEventListener("click", onClick);
  return button;
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return showError("not connected: wait a moment");
  socket.send(JSON.stringify(message));
}

// Who sits where, then what the seat may do besides its decision: undo, rematch, notifications.
function drawLife() {
  const people = state.seats.map((name, seat) => displayName(seat, name) + (seat === state.seat ? ", you" : ""));
  $("people").textContent = "At the table: " + people.join(" \u00b7 ");
  const box = $("life");
  box.replaceChildren();
  if (state.table && state.table.undo) {
    box.append(lifeButton("Undo my last move", "undo", () => { notice = ""; send({ type: "undo" }); }));
  }
  if (state.finished && state.table) {
    if (state.table.rematch) {
      const link = element("a", "rematch", "Join the rematch (same seats)");
      link.href = state.table.rematch;
      link.id = "rematch-link";
      box.append(link);
    } else if (state.seat !== null) {
      box.append(lifeButton("Rematch (same seats)", "rematch", (e) => {
        askedRematch = true;
        e.target.disabled = true;
        send({ type: "rematch" });
      }));
    }
  }
  if (!state.finished && state.seat !== null && "Notification" in window && Notification.permission === "default") {
    box.append(lifeButton("Notify me when it is my turn", "notify", () => Notification.requestPermission().then(drawLife)));
  }
  if (notice) box.append(element("span", "notice", notice));
  box.classList.toggle("hidden", box.childElementCount === 0);
}

function showNotice(text) {
  notice = text;
  if (state) drawLife();
}

// A link that leads to no table (wrong, incomplete, or the table was closed): a page that says so and where to go.
function showGone(reason) {
  refused = true;
  forgetAsClosed();
  document.title = "No table here: rulesrun";
  $("title").textContent = "No table here";
  for (const id of ["who", "people", "decision", "life", "score", "table", "players", "results", "log", "error"]) {
    $(id).classList.add("hidden");
  }
  for (const heading of document.querySelectorAll("main > h2")) heading.classList.add("hidden");
  setStatus("This link does not lead to a table: " + reason + ".", "offline");
  $("gone").classList.remove("hidden");
}
