// A table's page: one seat's (or a spectator's) connection to the server (docs/protocol.md). Everything drawn here
// comes from the seat's own state messages; the page never holds what the seat may not see.
"use strict";

const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);
let state = null;
let log = [];
let socket = null;
let retry = 500;
let failedAttempts = 0;   // connections that closed before opening, in a row
let refused = false;      // the server refused the link itself: reconnecting would not help
let sentAt = null;        // the step of the answer sent, until the state after it arrives (one click, one move)
let selectedFrom = null;  // a grid cell picked as the piece to move (piece, then target)

function element(tag, className = "", text = "") {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== "") e.textContent = text;
  return e;
}

function showError(text) {
  $("error").textContent = text;
  $("error").classList.toggle("hidden", !text);
}

function connect() {
  if (!query.get("table") || !query.get("token")) {
    return showGone("it is incomplete: a table's link names its table and its seat's token");
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws?table=${encodeURIComponent(query.get("table") || "")}` +
                         `&token=${encodeURIComponent(query.get("token") || "")}`);
  let opened = false;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onopen = () => { opened = true; retry = 500; failedAttempts = 0; };
  socket.onclose = () => {
    sentAt = null;
    if (refused || (state && state.finished)) return;
    failedAttempts = opened ? 0 : failedAttempts + 1;
    setStatus(failedAttempts >= 4 ? `The server at ${location.host} cannot be reached: is it still running? ` +
                                    `Trying again every ${Math.round(Math.min(retry, 8000) / 1000)} s…`
                                  : "Connection lost: reconnecting…", "offline");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

// An error about the link itself (no such table, a wrong token): the page says so and stops trying.
function refusesLink(text) {
  return /no table|token/.test(text);
}

function receive(message) {
  if (message.type === "error") {
    if ((!state && refusesLink(message.message)) || /table (was closed|has ended)/.test(message.message)) {
      return showGone(message.message);
    }
    sentAt = null;
    if (state) drawDecision();
    // An answer to a step the game has left (a click as the state changed): the newer state is already drawn.
    if (/^this answers step/.test(message.message)) return;
    return showError(message.message);
  }
  if (message.type === "notice") return showNotice(message.message);
  if (message.type !== "state") return;
  showError("");
  log = message.log_from === 0 ? message.log.slice() : log.concat(message.log);
  if (!state || state.step !== message.step) { selectedFrom = null; sentAt = null; }
  const previous = state;
  state = message;
  draw();
  lifeReceived(previous, state);
}

function act(action) {
  if (sentAt === state.step) return;  // a second click before the game moved on: the first answer counts
  if (!socket || socket.readyState !== WebSocket.OPEN) return showError("not connected: wait a moment");
  socket.send(JSON.stringify({ type: "act", step: state.step, action }));
  sentAt = state.step;
  for (const button of $("decision").querySelectorAll("button")) button.disabled = true;
}

function setStatus(text, kind = "") {
  $("status").textContent = text;
  $("status").className = "status " + kind;
}

function seatName(seat) { return state.seats[seat]; }

function names(seats) {
  const list = seats.map(seatName);
  return list.length <= 1 ? list.join("") : list.slice(0, -1).join(", ") + " and " + list[list.length - 1];
}

function draw() {
  // The tab says when the seat must act, for a player who is in another tab meanwhile.
  document.title = (state.decision ? "\u25b6 Your turn: " : state.finished ? "Game over: " : "") + `${state.game}: rulesrun`;
  $("title").textContent = state.game;
  $("who").textContent = state.seat === null ? "You are watching: you see only what is public."
                                             : `You are ${displayName(state.seat, seatName(state.seat))}.`;
  drawStatus();
  drawLife();
  drawDecision();
  drawScore();
  drawTable();
  drawPlayers();
  drawResults();
  drawLog();
}

function drawStatus() {
  if (state.finished) return setStatus("The game is over.", "over");
  if (state.decision) return setStatus("Your turn: " + (state.decision.prompt || "choose"), "turn");
  const others = state.to_act.filter((s) => s !== state.seat);
  setStatus(others.length ? `Waiting for ${names(others)}…` : "Waiting…");
}

// "a1-b3" is a move from one space of the board to another: such options are also played on the grid.
function moveOf(name, cells) {
  const parts = name.split("-");
  if (parts.length !== 2 || !cells.has(parts[0]) || !cells.has(parts[1])) return null;
  return { from: parts[0], to: parts[1] };
}

// The options of the seat's decision that are played by clicking the table, by name: a card face showing the name,
// a space of a ring named so, or a move from one space of a grid to another (piece, then target). Empty for a choice
// of several elements at once.
function optionsOnTable() {
  const d = state.decision;
  const found = new Map();
  if (!d || d.subset) return found;
  const names = new Set();
  const zones = state.view.zones.concat(...state.view.players.map((p) => p.zones));
  for (const z of zones) for (const c of z.cards || []) names.add(c.text);
  for (const b of state.view.boards) {
    const cells = new Set(b.cells.map((c) => c.name));
    for (const c of b.cells) if (b.kind === "ring") names.add(c.name);
    for (const o of d.options) if (b.kind === "grid" && moveOf(o.name, cells)) found.set(o.name, o);
  }
  for (const o of d.options) if (names.has(o.name) && !found.has(o.name)) found.set(o.name, o);
  return found;
}

function optionButton(o) {
  const button = element("button");
  button.type = "button";
  button.append(document.createTextNode(o.name));
  if (o.mark) button.append(element("span", "mark", o.mark));
  if (o.description) button.append(element("span", "description", o.description));
  button.addEventListener("click", () => act(o.action));
  return button;
}

// The prompt, then the options that are not on the table as buttons; those on the table (cards, pieces, spaces) are
// clicked there, and listed too, folded away, for whoever prefers a list.
function drawDecision() {
  const box = $("decision");
  box.replaceChildren();
  box.classList.toggle("hidden", !state.decision);
  if (!state.decision) return;
  const d = state.decision;
  box.append(element("div", "prompt", (d.prompt || d.choice) + (d.secret ? " (in secret)" : "")));
  if (d.subset && d.options.length > 1) return box.append(toggles(d));
  if (d.options.length > 6 && d.options.every((o) => /^-?\d+$/.test(o.name))) return box.append(numberInput(d));
  const onTable = optionsOnTable();
  const options = element("div", "options");
  for (const o of d.options) if (!onTable.has(o.name)) options.append(optionButton(o));
  if (options.childElementCount) box.append(options);
  if (onTable.size === 0) return;
  const moves = [...onTable.values()].some((o) => o.name.includes("-"));
  box.append(element("div", "hint", moves ? "Click a highlighted piece on the board, then where it goes."
                                          : "Click a highlighted card or space on the table."));
  const list = element("details", "listed");
  list.append(element("summary", "", `or choose from the list (${onTable.size})`));
  const listed = element("div", "options");
  for (const o of onTable.values()) listed.append(optionButton(o));
  list.append(listed);
  box.append(list);
}

// A subset choice: a toggle per element that some option holds (as many as the most any option holds), and a
// confirm button for the option made of exactly the toggled elements.
let toggled = [];
function elementsOf(name) { return name === "nothing" || name === "pass" ? [] : name.split(" + "); }
function keyOf(list) { return list.slice().sort().join("\u0000"); }

function toggles(d) {
  const byKey = new Map(d.options.map((o) => [keyOf(elementsOf(o.name)), o]));
  const most = new Map();
  for (const o of d.options) {
    const counts = new Map();
    for (const e of elementsOf(o.name)) counts.set(e, (counts.get(e) || 0) + 1);
    for (const [e, n] of counts) most.set(e, Math.max(most.get(e) || 0, n));
  }
  const box = element("div");
  const row = element("div", "options");
  const confirm = element("button", "primary");
  confirm.type = "button";
  const update = () => {
    const chosen = byKey.get(keyOf(toggled.map((t) => t.element)));
    confirm.disabled = !chosen;
    confirm.textContent = chosen ? `Confirm: ${chosen.name}` : "No option is made of these";
    confirm.onclick = () => chosen && act(chosen.action);
  };
  toggled = [];
  for (const [e, n] of most) {
    for (let i = 0; i < n; i++) {
      const button = element("button", "toggle", e);
      button.type = "button";
      button.setAttribute("aria-pressed", "false");
      const entry = { element: e, button };
      button.addEventListener("click", () => {
        const on = toggled.includes(entry);
        toggled = on ? toggled.filter((t) => t !== entry) : toggled.concat([entry]);
        button.setAttribute("aria-pressed", String(!on));
        update();
      });
      row.append(button);
    }
  }
  update();
  box.append(row, element("p"), confirm);
  return box;
}

// A number among many: typed, then checked against the options.
function numberInput(d) {
  const values = d.options.map((o) => Number(o.name));
  const box = element("div", "options");
  const input = element("input");
  input.type = "number";
  input.min = Math.min(...values);
  input.max = Math.max(...values);
  input.value = values[0];
  const go = element("button", "primary", "Choose");
  go.type = "button";
  go.addEventListener("click", () => {
    const option = d.options.find((o) => Number(o.name) === Number(input.value));
    if (!option) return showError(`${input.value} is not one of the choices (${d.options.map((o) => o.name).join(", ")})`);
    act(option.action);
  });
  box.append(input, go);
  return box;
}

function drawScore() {
  const score = state.view.score;
  $("score").replaceChildren();
  if (!score) return;
  $("score").append(element("span", "", "Score:"));
  score.forEach((value, seat) => $("score").append(element("span", "", `${seatName(seat)} ${value}`)));
}

// Where the pips of a die's face 1 to 6 are, on a 3x3 grid read row by row.
const pips = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

// A die showing `value`: its pips from 1 to 6, else the number.
function dieFace(value) {
  const die = element("span", "die");
  die.title = String(value);
  if (!pips[value]) {
    die.classList.add("number");
    die.textContent = String(value);
    return die;
  }
  for (let i = 0; i < 9; i++) die.append(element("span", pips[value].includes(i) ? "pip" : ""));
  return die;
}

function fields(list) {
  const box = element("div", "fields");
  for (const f of list) {
    const field = element("span", "field");
    field.append(element("span", "label", f.label + ": "));
    // A field `shown as dice` is drawn as die faces (docs/language.md, "How things are drawn").
    if (f.dice && f.dice.length) {
      const dice = element("span", "dice");
      dice.setAttribute("aria-label", f.value);
      for (const value of f.dice) dice.append(dieFace(value));
      field.append(dice);
    } else {
      field.append(document.createTextNode(f.value));
    }
    box.append(field);
  }
  return box;
}

// The class that gives an element the colour the rules name ("red"), or "" for none (docs/language.md, "coloured by").
function colourClass(colour) { return colour ? ` colour-${colour}` : ""; }

// A card's face: its text, in its colour when the rules give one, and what lies on it; a card the seat may choose
// is highlighted and chosen by a click.
function cardFace(c) {
  const card = element("span", "card" + (c.colour ? " face" : "") + colourClass(c.colour), c.text);
  if (c.state) card.append(element("span", "state", c.state));
  const option = playable.get(c.text);
  if (option && !option.name.includes("-")) {
    card.classList.add("playable");
    card.tabIndex = 0;
    card.title = "choose " + c.text;
    card.addEventListener("click", () => act(option.action));
    card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") act(option.action); });
  }
  return card;
}

// A zone's cards in a row, or a pile (its top card over the others, with their count).
function zone(z) {
  const box = element("div", "zone");
  box.append(element("span", "label", z.label + ":"));
  const cards = element("span", "cards");
  if (z.seen === "open") {
    if (z.cards.length === 0) cards.append(document.createTextNode("empty"));
    if (z.layout === "pile") {
      const pile = element("span", "pile");
      pile.append(cardFace(z.cards[0]), element("span", "count", `${z.count} cards`));
      pile.title = `${z.cards[0].text} on top of ${z.count - 1} more`;
      cards.append(pile);
    } else {
      for (const c of z.cards) cards.append(cardFace(c));
    }
  } else {
    const back = element("span", "card back", String(z.count));
    back.title = `${z.count} card${z.count === 1 ? "" : "s"}, ${z.seen}`;
    cards.append(back, document.createTextNode(` ${z.seen}`));
  }
  box.append(cards);
  return box;
}

let playable = new Map();  // the decision's options played on the table, by name (optionsOnTable)

function drawTable() {
  playable = state.decision ? optionsOnTable() : new Map();
  const box = $("table");
  box.replaceChildren();
  if (state.view.fields.length) box.append(fields(state.view.fields));
  for (const z of state.view.zones) box.append(zone(z));
  for (const b of state.view.boards) {
    box.append(element("h2", "", b.label));
    box.append(b.kind === "grid" ? grid(b) : ring(b));
  }
}

// Row 1 at the bottom, columns lettered from a, as on the terminal; a single row is a track numbered from 1 (as
// Backgammon's points). Moves of the seat's decision can be played by clicking the piece, then where it goes.
function grid(b) {
  const track = b.rows === 1;
  const cellNames = new Set(b.cells.map((c) => c.name));
  const moves = state.decision ? state.decision.options.map((o) => ({ o, move: moveOf(o.name, cellNames) })).filter((m) => m.move) : [];
  const table = element("table", "grid");
  for (let r = b.rows - 1; r >= 0; r--) {
    const row = element("tr");
    row.append(element("th", "", track ? "" : String(r + 1)));
    for (let c = 0; c < b.columns; c++) {
      const cell = b.cells[r * b.columns + c];
      const shown = cell.text === "." ? "" : cell.text;
      // A coloured space holds a piece: a disc of its colour with its text (a height, a letter).
      const td = element("td", cell.alive ? "" : "gone", cell.colour ? "" : shown);
      if (cell.colour) td.append(element("span", "piece" + colourClass(cell.colour), shown));
      td.title = cell.name;
      td.dataset.cell = cell.name;
      const from = moves.filter((m) => m.move.from === cell.name);
      const to = moves.filter((m) => selectedFrom && m.move.from === selectedFrom && m.move.to === cell.name);
      if (from.length) td.classList.add("from");
      if (selectedFrom === cell.name) td.classList.add("selected");
      if (to.length) td.classList.add("target");
      td.addEventListener("click", () => {
        if (to.length === 1) return act(to[0].o.action);
        selectedFrom = from.length && selectedFrom !== cell.name ? cell.name : null;
        drawTable();
      });
      row.append(td);
    }
    table.append(row);
  }
  const letters = element("tr");
  letters.append(element("th"));
  for (let c = 0; c < b.columns; c++) letters.append(element("th", "", track ? String(c + 1) : String.fromCharCode(97 + (c % 26))));
  table.append(letters);
  return table;
}

function ring(b) {
  const box = element("div", "ring");
  const n = b.cells.length;
  b.cells.forEach((cell, i) => {
    const angle = (2 * Math.PI * i) / n - Math.PI / 2;
    const space = element("span", "space" + (cell.alive ? "" : " gone"), `${i + 1}: `);
    const option = playable.get(cell.name);
    if (option) {
      space.classList.add("playable");
      space.title = "choose " + cell.name;
      space.addEventListener("click", () => act(option.action));
    }
    space.append(element("span", cell.colour ? "symbol" + colourClass(cell.colour) : "", cell.text));
    for (const p of cell.pawns) space.append(element("span", "pawn", " \u25cf " + p));
    space.style.left = `${50 + 42 * Math.cos(angle)}%`;
    space.style.top = `${50 + 42 * Math.sin(angle)}%`;
    box.append(space);
  });
  return box;
}

function drawPlayers() {
  const box = $("players");
  box.replaceChildren();
  for (const p of state.view.players) {
    const acting = !state.finished && state.to_act.includes(p.seat);
    const card = element("div", "player" + (p.you ? " you" : "") + (acting ? " acting" : ""));
    card.append(element("div", "name", displayName(p.seat, p.name) + (p.you ? " (you)" : "")));
    if (p.fields.length) card.append(fields(p.fields));
    for (const z of p.zones) card.append(zone(z));
    box.append(card);
  }
}

function drawResults() {
  const box = $("results");
  box.replaceChildren();
  box.classList.toggle("hidden", !state.results);
  if (!state.results) return;
  const r = state.results;
  box.append(element("h2", "", "Result"));
  const table = element("table", "results");
  for (const s of r.seats) {
    const row = element("tr", s.winner ? "winner" : "");
    row.append(element("td", "", s.name));
    if (r.scored) row.append(element("td", "", String(s.score)));
    if (!r.everybody_loses && !r.draw && !r.cooperative && r.seats.length > 1) row.append(element("td", "", "rank " + s.rank));
    row.append(element("td", "", s.winner ? "winner" : ""));
    table.append(row);
  }
  box.append(table);
  const winners = r.seats.filter((s) => s.winner).map((s) => s.name);
  box.append(element("p", "", verdict(r, winners)));
}

// What the end screen of the terminal says too (tools/terminal/game_text.cpp).
function verdict(r, winners) {
  if (r.draw) return "A draw.";
  if (r.cooperative && r.seats.length > 1) return r.everybody_loses ? "The players lose together." : "The players win together.";
  if (r.everybody_loses) return "Everybody loses.";
  return r.shared_win ? `${winners.join(" and ")} share the win.` : `${winners[0]} wins.`;
}

function drawLog() {
  const box = $("log");
  box.replaceChildren(...log.map((line) => element("div", "", line)));
  box.scrollTop = box.scrollHeight;
}

connect();
