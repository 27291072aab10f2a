// Two people play a whole game at a `rulesrun serve` table with a bot, each in their own browser (two Chromium
// contexts), as friends would from two rooms. Checked all along: neither page ever receives the other's secret cards
// (every WebSocket frame each page gets is read); the server is killed with SIGKILL in mid-game and started again, and
// both pages go on from where they were; the game ends with results on both pages. Screenshots of both pages (one at
// phone width) are kept for review.
// Usage: node serve_game.mjs RULESRUN RULES_FILE GAME PLAYERS SEATS SCREENSHOT_FOLDER DATA_FOLDER
//   SEATS: who sits where, "human,human,random"   (exit 1 with what is wrong)
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import path from "node:path";

const [rulesrun, rulesFile, game, players, seatList, shots, data] = process.argv.slice(2);
if (!data) {
    console.error("usage: node serve_game.mjs RULESRUN RULES_FILE GAME PLAYERS SEATS SCREENSHOT_FOLDER DATA_FOLDER");
    process.exit(2);
}
const problems = [];
const fail = (text) => { problems.push(text); console.error("FAIL: " + text); };

// Starts the server on a free port and resolves with its process and address once it says where it listens.
function startServer(port = 0) {
    return new Promise((resolve, reject) => {
        const server = spawn(rulesrun, ["serve", rulesFile, "--port", String(port), "--data", data],
                             { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        server.stdout.on("data", (chunk) => {
            out += chunk;
            const found = out.match(/at (http:\/\/[^/]+)\//);
            if (found) resolve({ server, base: found[1] });
        });
        server.on("exit", (code) => reject(new Error(`rulesrun serve exited (${code}) before listening: ${out}`)));
    });
}

const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
});
let running = await startServer();
try {
    const created = await (await fetch(running.base + "/api/tables", {
        method: "POST",
        body: JSON.stringify({ game, players: Number(players), seats: seatList.split(","), seed: 7 }),
    })).json();
    if (!created.table) throw new Error("the table was not created: " + JSON.stringify(created));
    const humans = created.seats.filter((s) => s.link);
    const pages = [];
    for (const [i, seat] of humans.entries()) {
        const context = await browser.newContext({ viewport: i === 0 ? { width: 1000, height: 900 } : { width: 390, height: 844 } });
        const page = await context.newPage();
        const frames = [];
        const acts = [];  // the steps this page answered: one answer per step, however fast the clicks
        page.on("websocket", (ws) => {
            ws.on("framereceived", (f) => frames.push(String(f.payload)));
            ws.on("framesent", (f) => {
                try {
                    const m = JSON.parse(String(f.payload));
                    if (m.type === "act") acts.push(m.step);
                } catch { /* the test's own malformed messages, sent on purpose below */ }
            });
        });
        await page.goto(running.base + seat.link);
        pages.push({ page, seat: seat.seat, frames, acts, link: seat.link });
    }

    // Nothing a page received names what its seat may not see: the other seats' private zones come as counts only,
    // their private fields as "secret", until the game is over.
    const checkFrames = () => {
        for (const p of pages) {
            for (const frame of p.frames.splice(0)) {
                const message = JSON.parse(frame);
                if (message.type !== "state") continue;
                if (message.seat !== p.seat) fail(`seat ${p.seat} received a message for seat ${message.seat}`);
                if (message.finished) continue;
                for (const other of message.view.players) {
                    if (other.seat === p.seat) continue;
                    for (const z of other.zones) {
                        if (z.seen !== "open" && z.cards) fail(`seat ${p.seat} received ${other.name}'s ${z.label}: ${JSON.stringify(z.cards)}`);
                        if (z.seen === "open" && /hand/.test(z.label)) fail(`seat ${p.seat} sees ${other.name}'s ${z.label}`);
                    }
                    for (const f of other.fields) {
                        if (f.secret && f.value !== "secret") fail(`seat ${p.seat} received ${other.name}'s secret ${f.label}`);
                    }
                }
                if (message.decision && !message.to_act.includes(p.seat)) fail(`seat ${p.seat} got a decision out of turn`);
            }
        }
    };

    // Wrong messages get a clear error and change nothing.
    const answers = await pages[0].page.evaluate(async ({ table, token }) => {
        const talk = (query, sends) => new Promise((resolve) => {
            const got = [];
            const ws = new WebSocket(`ws://${location.host}/ws?${query}`);
            ws.onmessage = (e) => { got.push(JSON.parse(e.data)); if (got.length === sends.length + 1) { ws.close(); resolve(got); } };
            ws.onopen = () => sends.forEach((m) => ws.send(m));
            ws.onclose = (e) => { got.closed = e.code; resolve(got); };
            setTimeout(() => resolve(got), 15000);
        });
        return {
            wrongToken: await talk(`table=${table}&token=nothing`, []),
            noTable: await talk(`table=none&token=${token}`, []),
            garbage: await talk(`table=${table}&token=${token}`,
                                ["not json", '{"type":"hello"}', '{"type":"act","step":99999,"action":0}',
                                 '{"type":"act","action":100000}', '{"type":"act"}']),
            // Over the size limit: the connection is closed as the WebSocket standard says (1009, message too big).
            tooBig: await new Promise((resolve) => {
                const got = [];
                const ws = new WebSocket(`ws://${location.host}/ws?table=${table}&token=${token}`);
                ws.onopen = () => ws.send("x".repeat(20000));
                ws.onmessage = (e) => got.push(JSON.parse(e.data));
                ws.onclose = (e) => resolve({ code: e.code, errors: got.filter((m) => m.type === "error").map((m) => m.message) });
                setTimeout(() => resolve({ code: "none: still open", errors: [] }), 15000);
            }),
        };
    }, { table: created.table, token: new URL(running.base + pages[0].link).searchParams.get("token") });
    const errors = (list) => list.filter((m) => m.type === "error").map((m) => m.message);
    if (!errors(answers.wrongToken).some((m) => /token/.test(m))) fail("a wrong token is not refused clearly: " + JSON.stringify(answers.wrongToken));
    if (!errors(answers.noTable).some((m) => /no table/.test(m))) fail("a wrong table is not refused clearly: " + JSON.stringify(answers.noTable));
    const garbage = errors(answers.garbage);
    for (const expected of [/not valid JSON/, /expected an act message/, /step|turn/, /does not exist|turn/, /names its action|turn/]) {
        if (!garbage.some((m) => expected.test(m))) fail(`no error matching ${expected} among ${JSON.stringify(garbage)}`);
    }
    if (answers.tooBig.code !== 1009) fail(`a message over the size limit closed the connection with ${answers.tooBig.code}, not 1009`);
    if (!answers.tooBig.errors.some((m) => /over the limit/.test(m))) fail(`a message over the size limit is not explained: ${answers.tooBig.errors}`);
    for (const p of pages) p.acts.length = 0;  // from here on, only what the people click
    const steps = answers.garbage.filter((m) => m.type === "state").map((m) => m.step);
    if (steps.length !== 1) fail(`the wrong messages changed the game (states at steps ${steps})`);

    // A link to no table says so, and the page stops there instead of reconnecting forever.
    {
        const page = await (await browser.newContext()).newPage();
        await page.goto(running.base + "/table?table=none&token=nothing");
        await page.waitForFunction(() => /does not lead to a table/.test(document.querySelector("#status").textContent), null, { timeout: 10000 })
            .catch(() => fail("a link to no table does not say so"));
        await page.waitForTimeout(1500);
        const status = await page.locator("#status").textContent();
        if (!/does not lead to a table/.test(status)) fail(`a link to no table went on to: '${status}'`);
        await page.context().close();
    }

    const status = (p) => p.page.locator("#status").textContent();
    let moves = 0, restarted = false, toggledSets = 0;
    for (let round = 0; round < 2000; round++) {
        checkFrames();
        const states = await Promise.all(pages.map(status));
        if (states.every((s) => s.includes("game is over"))) break;
        const turn = pages.findIndex((p, i) => states[i].startsWith("Your turn"));
        if (turn < 0) {
            await pages[0].page.waitForTimeout(50);
            continue;
        }
        // The options not on the table are buttons; cards, spaces and pieces are clicked on the table.
        const buttons = pages[turn].page.locator("#decision button:visible");
        const onTable = pages[turn].page.locator("#table .playable, #players .playable");
        const count = await buttons.count();
        const clickable = await onTable.count();
        if (count === 0 && clickable === 0 && await pages[turn].page.locator("table.grid td.from").count() === 0) {
            await pages[turn].page.waitForTimeout(50);
            continue;
        }
        const stepBefore = await pages[turn].page.evaluate(() => state.step);
        const title = await pages[turn].page.title();
        if (!title.startsWith("\u25b6 Your turn")) fail(`seat ${pages[turn].seat}'s tab does not say it is its turn: '${title}'`);
        const pieces = pages[turn].page.locator("table.grid td.from");
        const decision = await pages[turn].page.evaluate(() => state.decision);
        if (decision && decision.subset && decision.options.length > 1) {
            // A set of elements: toggle those of one option, then confirm.
            const option = decision.options[(moves * 7 + 3) % decision.options.length];
            const elements = option.name === "nothing" || option.name === "pass" ? [] : option.name.split(" + ");
            for (const e of elements) {
                await pages[turn].page.locator("#decision button.toggle[aria-pressed=false]", { hasText: e })
                    .filter({ hasText: new RegExp(`^${e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).first().click();
            }
            const confirm = pages[turn].page.locator("#decision button.primary");
            const label = await confirm.textContent();
            if (label !== `Confirm: ${option.name}`) fail(`the toggles of '${option.name}' confirm '${label}'`);
            await confirm.click();
            toggledSets++;
        } else if ((moves % 2 === 0 || count + clickable === 0) && await pieces.count() > 0) {
            // On a board: the piece, then where it goes.
            await pieces.nth(moves % await pieces.count()).click();
            const targets = pages[turn].page.locator("table.grid td.target");
            if (await targets.count() === 0) fail(`seat ${pages[turn].seat}: a piece with moves shows no target on the board`);
            await targets.nth(0).click();
        } else if (clickable > 0 && (count === 0 || moves % 2 === 1)) {
            // A card or a space on the table; a double click here too answers once.
            await onTable.nth((moves * 7 + 3) % clickable).click({ clickCount: moves % 3 === 0 ? 2 : 1 });
        } else {
            // Every third move is a double click, as an impatient player's: it must answer once.
            await buttons.nth((moves * 7 + 3) % count).click({ clickCount: moves % 3 === 0 ? 2 : 1 });
        }

        await pages[turn].page.waitForFunction((s) => state.step !== s, stepBefore, { timeout: 30000 });
        moves++;
        if (moves === 6 && !restarted) {
            // The server dies without a chance to save anything, and comes back on the same port.
            const port = new URL(running.base).port;
            const step = await pages[0].page.evaluate(() => state.step);
            checkFrames();
            running.server.kill("SIGKILL");
            await new Promise((r) => running.server.on("exit", r));
            running = await startServer(port);
            // Each page reconnects by itself and gets its seat's state again.
            for (const p of pages) {
                for (let waited = 0; p.frames.length === 0; waited += 100) {
                    if (waited > 20000) throw new Error(`seat ${p.seat}'s page did not reconnect`);
                    await p.page.waitForTimeout(100);
                }
            }
            const after = await pages[0].page.evaluate(() => state.step);
            if (after < step) fail(`after the restart the game is at step ${after}, it was at ${step}`);
            restarted = true;
        }
    }
    checkFrames();
    if (!restarted) fail("the game ended before the server could be restarted in its middle");
    for (const [i, p] of pages.entries()) {
        const text = await p.page.locator("#status").textContent();
        if (!text.includes("game is over")) fail(`seat ${p.seat}'s page does not show the end: '${text}'`);
        const results = await p.page.locator("#results").textContent();
        if (!/wins|share the win|Everybody loses/.test(results)) fail(`seat ${p.seat}'s page shows no result`);
        const you = await p.page.locator("#players .player.you .name").textContent().catch(() => "");
        if (!you.endsWith("(you)")) fail(`seat ${p.seat}'s finished page does not say which player it is`);
        if (new Set(p.acts).size !== p.acts.length) fail(`seat ${p.seat} answered a step twice: steps ${p.acts}`);
        const width = await p.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (width > 1) fail(`seat ${p.seat}'s page is ${width} pixels wider than its window`);
        await p.page.screenshot({ path: path.join(shots, `${game}-seat${p.seat + 1}${i ? "-phone" : ""}.png`), fullPage: true });
    }
    console.log(`${game}: ${moves} moves by the two people (${toggledSets} sets chosen with toggles), the server ` +
                `restarted once, ${problems.length} problem(s)`);
} catch (e) {
    fail(e.stack || String(e));
} finally {
    running.server.kill("SIGKILL");
    await browser.close();
}
process.exit(problems.length ? 1 : 0);
