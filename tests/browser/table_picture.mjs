// Takes the documentation's picture of a table: a `rulesrun serve` table in Chromium, one person and bots, a few
// moves into the game, as the person sees it. Run by tools/docs_pictures.sh; the picture goes into docs/images/.
// Usage: node table_picture.mjs RULESRUN RULES_FILE GAME PLAYERS SEATS MOVES OUTPUT.png DATA_FOLDER
import { chromium } from "playwright-core";
import { startServer } from "./start_server.mjs";
import { playFirst } from "./play_first.mjs";

const [rulesrun, rulesFile, game, players, seatList, moves, output, data] = process.argv.slice(2);
if (!data) {
    console.error("usage: node table_picture.mjs RULESRUN RULES_FILE GAME PLAYERS SEATS MOVES OUTPUT.png DATA_FOLDER");
    process.exit(2);
}

const { server, base } = await startServer(rulesrun, [rulesFile], data);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
let failed = false;
try {
    const created = await (await fetch(base + "/api/tables", {
        method: "POST",
        body: JSON.stringify({ game, players: Number(players), seats: seatList.split(","), seed: 7 }),
    })).json();
    if (!created.table) throw new Error("the table was not created: " + JSON.stringify(created));
    const seat = created.seats.find((s) => s.link);
    const page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
    await page.goto(base + seat.link);
    // The person plays the first action offered, MOVES times, waiting for the bots' turns in between.
    for (let played = 0; played < Number(moves);) {
        await page.waitForFunction(() => /Your turn|game is over/.test(document.querySelector("#status").textContent));
        if ((await page.locator("#status").textContent()).includes("game is over")) break;
        const step = await page.evaluate(() => state.step);
        await playFirst(page);
        await page.waitForFunction((s) => state.step !== s, step);
        played++;
    }
    await page.waitForFunction(() => /Your turn|game is over/.test(document.querySelector("#status").textContent));
    await page.screenshot({ path: output });
    console.log(`${game}: picture written to ${output}`);
} catch (e) {
    console.error(e.stack || String(e));
    failed = true;
} finally {
    server.kill("SIGKILL");
    await browser.close();
}
process.exit(failed ? 1 : 0);
