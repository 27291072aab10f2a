// A table drawn with the pictures its rules declare (docs/language.md, "How things are drawn"): one person and bots at
// a `rulesrun serve` table, a few moves into the game, at desktop and at phone width. Checked: the table (its cards,
// boards and pieces) starts above the fold; every picture the game's rules declare is there (coloured card faces,
// discs on a grid, coloured symbols on a ring, a pile with its count); nothing is printed as raw JSON ("[]",
// "undefined"). Screenshots are kept for review.
// Usage: node table_drawing.mjs RULESRUN RULES_FILE GAME PLAYERS SEATS MOVES EXPECTED SCREENSHOT_FOLDER DATA_FOLDER
//   EXPECTED: the CSS selectors that must match on the table, separated by commas ("td .piece.colour-black")
import { chromium } from "playwright-core";
import { playFirst } from "./play_first.mjs";
import path from "node:path";
import { startServer } from "./start_server.mjs";

const [rulesrun, rulesFile, game, players, seatList, moves, expected, shots, data] = process.argv.slice(2);
if (!data) {
    console.error("usage: node table_drawing.mjs RULESRUN RULES_FILE GAME PLAYERS SEATS MOVES EXPECTED SCREENSHOT_FOLDER DATA_FOLDER");
    process.exit(2);
}
const problems = [];
const fail = (text) => { problems.push(text); console.error(`FAIL: ${game}: ${text}`); };

const { server, base } = await startServer(rulesrun, [rulesFile], data);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
    const created = await (await fetch(base + "/api/tables", {
        method: "POST",
        body: JSON.stringify({ game, players: Number(players), seats: seatList.split(","), seed: 7 }),
    })).json();
    if (!created.table) throw new Error("the table was not created: " + JSON.stringify(created));
    const seat = created.seats.find((s) => s.link);
    const desktop = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
    await desktop.goto(base + seat.link);
    // The person plays the first action offered, MOVES times, waiting for the bots' turns in between.
    for (let played = 0; played < Number(moves); played++) {
        await desktop.waitForFunction(() => /Your turn|game is over/.test(document.querySelector("#status").textContent));
        if ((await desktop.locator("#status").textContent()).includes("game is over")) break;
        const step = await desktop.evaluate(() => state.step);
        await playFirst(desktop);
        await desktop.waitForFunction((s) => state.step !== s, step);
    }
    await desktop.waitForFunction(() => /Your turn|game is over/.test(document.querySelector("#status").textContent));
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(base + seat.link);
    await phone.waitForFunction(() => /Your turn|game is over/.test(document.querySelector("#status").textContent));

    for (const [width, page] of [["desktop", desktop], ["phone", phone]]) {
        for (const selector of expected.split(",")) {
            const found = await page.locator("#table " + selector + ", #players " + selector).count();
            if (found === 0) fail(`${width}: nothing on the table matches '${selector}'`);
        }
        // The table's first picture (a card, a piece, a space of a ring) starts above the fold.
        const top = await page.evaluate(() => {
            const first = document.querySelector("#table .card, #table .piece, #table .space, #table td, #players .card");
            return first ? first.getBoundingClientRect().top : Infinity;
        });
        const fold = page.viewportSize().height;
        if (!(top < fold)) fail(`${width}: the table's first picture starts at ${top} px, below the fold (${fold} px)`);
        const text = await page.locator("#table").innerText();
        for (const raw of ["undefined", "[object", "null"]) {
            if (text.includes(raw)) fail(`${width}: the table shows '${raw}': ${text.slice(0, 300)}`);
        }
        await page.screenshot({ path: path.join(shots, `${game}-${width}.png`) });
    }
} catch (e) {
    fail(e.stack || String(e));
} finally {
    server.kill("SIGKILL");
    await browser.close();
}
if (problems.length === 0) console.log(`ok:   ${game}: drawn with its pictures at desktop and phone width`);
process.exit(problems.length ? 1 : 0);
