// The lobby: the server's games (GET /api/games), a form for a new table (who sits where, the people's names), and
// its links (POST /api/tables).
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];

function element(tag, attributes = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function showError(text) {
  $("error").textContent = text;
  $("error").classList.toggle("hidden", !text);
}

function currentGame() { return games.find((g) => g.name === $("game").value); }

function fillPlayers() {
  const g = currentGame();
  $("players").replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) $("players").append(element("option", { value: n }, String(n)));
  fillOptions();
  fillSeats();
}

// An option with listed values is a list to pick from; a range ("1 to 10") is a number box.
function fillOptions() {
  const g = currentGame();
  $("options").replaceChildren();
  for (const o of g.options) {
    const id = "option-" + o.name;
    $("options").append(element("label", { for: id }, o.name + (o.description ? ": " + o.description : "")));
    const range = o.values.length === 1 && / to /.test(o.values[0]);
    let input;
    if (range) {
      const [low, high] = o.values[0].split(" to ").map(Number);
      input = element("input", { id, type: "number", min: low, max: high, value: o.default });
    } else {
      input = element("select", { id });
      for (const v of o.values) input.append(element("option", { value: v }, v));
      input.value = o.default;
    }
    input.dataset.option = o.name;
    $("options").append(input);
  }
}

// Each seat: a person (with the name shown at the table, optional) or a bot.
function fillSeats() {
  const g = currentGame();
  const count = Number($("players").value);
  $("seats").replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const id = "seat-" + seat;
    $("seats").append(element("label", { for: id }, "Seat " + (seat + 1)));
    const row = element("div", { class: "seat" });
    const select = element("select", { id, class: "player" });
    select.append(element("option", { value: "human" }, "a person"));
    for (const bot of g.bots) select.append(element("option", { value: bot }, "bot: " + bot));
    select.value = seat < 2 ? "human" : "random";
    const name = element("input", { id: "name-" + seat, class: "name", type: "text", maxlength: "30",
                                     placeholder: "name (optional)", "aria-label": `Seat ${seat + 1}'s name` });
    const showName = () => name.classList.toggle("hidden", select.value !== "human");
    select.addEventListener("change", showName);
    showName();
    row.append(select, name);
    $("seats").append(row);
  }
}

async function createTable(event) {
  event.preventDefault();
  showError("");
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) options[input.dataset.option] = input.value;
  const seats = [...$("seats").querySelectorAll("select.player")].map((s) => s.value);
  const names = [...$("seats").querySelectorAll("input.name")].map((n, seat) => (seats[seat] === "human" ? n.value.trim() : ""));
  const request = { game: $("game").value, players: Number($("players").value), options, seats, names };
  try {
    const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(request) });
    const answer = await response.json();
    if (!response.ok) return showError(answer.error || "the table could not be created");
    showLinks(answer);
  } catch (e) {
    showError("the server cannot be reached: " + e.message);
  }
}

function showLinks(table) {
  $("links").replaceChildren();
  const add = (text, path) => {
    const item = element("li");
    const url = location.origin + path;
    item.append(element("a", { href: url, target: "_blank" }, text), element("input", { value: url, readonly: "" }));
    $("links").append(item);
  };
  for (const seat of table.seats) {
    if (seat.link) add(seat.chosen_name ? `${seat.chosen_name} (${seat.name})` : `${seat.name} (a person)`, seat.link);
    else $("links").append(element("li", {}, `${seat.name}: bot ${seat.player}`));
  }
  add("spectator (sees only what is public)", table.spectator);
  $("created").classList.remove("hidden");
}

async function start() {
  try {
    games = await (await fetch("/api/games")).json();
  } catch (e) {
    return showError("the server cannot be reached: " + e.message);
  }
  for (const g of games) $("game").append(element("option", { value: g.name }, g.title));
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("new-table").addEventListener("submit", createTable);
  fillPlayers();
}

start();
