// The tables this browser opened (table_life.js keeps the list in localStorage), to rejoin them or forget them.
"use strict";

const tablesKey = "rulesrun.tables";

function element(tag, className = "", text = "") {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== "") e.textContent = text;
  return e;
}

function storedTables() {
  try {
    const list = JSON.parse(localStorage.getItem(tablesKey) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.link === "string" && t.link.startsWith("/table?")) : [];
  } catch (e) {
    return [];
  }
}

function when(ms) {
  const minutes = Math.round((Date.now() - ms) / 60000);
  if (!(minutes >= 0)) return "";
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return new Date(ms).toLocaleDateString();
}

function draw() {
  const list = storedTables();
  const box = document.getElementById("tables");
  box.replaceChildren();
  document.getElementById("none").classList.toggle("hidden", list.length > 0);
  for (const t of list) {
    const item = element("li", "table-entry " + String(t.status || "").replace(/[^a-z]/g, ""));
    const open = element("a", "", String(t.game || "a table"));
    open.href = t.link;
    const status = { "your turn": "your turn", waiting: "waiting for the others", finished: "finished",
                     closed: "closed: the link leads nowhere now" }[t.status] || "";
    item.append(open, element("span", "seat", ` \u00b7 ${t.seat || ""}`),
                element("span", "state", ` \u00b7 ${status}${t.seen ? ", seen " + when(t.seen) : ""}`));
    const forget = element("button", "", "Forget");
    forget.type = "button";
    forget.addEventListener("click", () => {
      localStorage.setItem(tablesKey, JSON.stringify(storedTables().filter((other) => other.link !== t.link)));
      draw();
    });
    item.append(" ", forget);
    box.append(item);
  }
}

draw();
window.addEventListener("storage", draw);  // a table opened in another tab
