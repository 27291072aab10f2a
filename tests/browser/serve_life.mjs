// The life of a `rulesrun serve` table in Chromium, around the game itself (serve_game.mjs plays whole games):
// names chosen in the lobby and shown at the table with the bots' seats, the list of this browser's tables to rejoin
// them, a notification when it is the seat's turn and the tab is hidden, a rematch with the same seats and names, an
// undo against a bot (and none where it would be unfair), and the page of a link that leads to no table.
// Usage: node serve_life.mjs RULESRUN SOURCE_DIR SCREENSHOT_FOLDER DATA_FOLDER   (exit 1 with what is wrong)
import { chromium } from "playwright-core";
import path from "node:path";
import { startServer } from "./start_server.mjs";

const [rulesrun, source, shots, data] = process.argv.slice(2);
if (!data) {
    console.error("usage: node serve_life.mjs RULESRUN SOURCE_DIR SCREENSHOT_FOLDER DATA_FOLDER");
    process.exit(2);
}
const problems = [];
const fail = (text) => { problems.push(text); console.error("FAIL: " + text); };
const check = (ok, text) => { if (!ok) fail(text); };

const { server, base } = await startServer(rulesrun, [`${source}/rules/classics/kuhn_poker.rules`,
    `${source}/rules/classics/connect_four.rules`, `${source}/rules/pig.rules`], data);
const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
});

// A page whose tab is out of sight and whose notifications are allowed: what it would show is recorded.
async function hiddenTab(context) {
    await context.addInitScript(() => {
        window.notified = [];
        Object.defineProperty(document, "hidden", { get: () => true });
        window.Notification = class {
            constructor(title, options) { window.notified.push({ title, body: options && options.body }); }
            close() {}
            static get permission() { return "granted"; }
            static requestPermission() { return Promise.resolve("granted"); }
        };
    });
}

const newPage = async (options = {}) => (await browser.newContext({ viewport: { width: 1000, height: 800 }, ...options })).newPage();
const waitStep = (page, step) => page.waitForFunction((s) => state && state.step !== s, step, { timeout: 20000 });
// Plays the first option of the seat's decision through the page's own answer (the same path as a click).
const playFirst = (page) => page.evaluate(() => act(state.decision.options[0].action));
const createTable = async (request) => {
    const response = await fetch(base + "/api/tables", { method: "POST", body: JSON.stringify(request) });
    return { status: response.status, body: await response.json() };
};

try {
    // Names are refused clearly when they are not names.
    for (const [names, expected] of [[["a\nb", ""], /control character/], [["x".repeat(31), ""], /more than 30/],
                                     [[7, ""], /must be a text/], [["Ann"], /for each of the 2 seats/]]) {
        const answer = await createTable({ game: "kuhn_poker", seats: ["human", "human"], names });
        check(answer.status === 400 && expected.test(answer.body.error),
              `names ${JSON.stringify(names)} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    const botNamed = await createTable({ game: "kuhn_poker", seats: ["human", "random"], names: ["Ann", "Robot"] });
    check(botNamed.status === 400 && /bot/.test(botNamed.body.error), `a bot's seat took a name: ${JSON.stringify(botNamed.body)}`);

    // The lobby: two people with their names.
    const lobby = await newPage();
    await lobby.goto(base + "/");
    await lobby.selectOption("#game", "kuhn_poker");
    await lobby.fill("#name-0", "Ann");
    await lobby.fill("#name-1", "Bob");
    await lobby.click("#create");
    await lobby.waitForSelector("#created:not(.hidden)");
    const links = await lobby.$$eval("#links a", (as) => as.map((a) => ({ text: a.textContent, href: a.href })));
    check(/^Ann \(player 1\)/.test(links[0].text) && /^Bob \(player 2\)/.test(links[1].text),
          `the lobby's links do not name the people: ${links.map((l) => l.text)}`);

    // Each person at the table sees who sits where; Bob's tab is hidden and his turn notified.
    const ann = await newPage();
    const bobContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await hiddenTab(bobContext);
    const bob = await bobContext.newPage();
    await ann.goto(links[0].href);
    await bob.goto(links[1].href);
    for (const page of [ann, bob]) await page.waitForFunction(() => state !== null);
    const people = await ann.locator("#people").textContent();
    check(/Ann \(player 1\), you/.test(people) && /Bob \(player 2\)/.test(people), `Ann's page says '${people}'`);
    check(/You are Ann \(player 1\)/.test(await ann.locator("#who").textContent()), "Ann's page does not say who she is");
    const bobCard = await bob.locator("#players .player.you .name").textContent();
    check(/^Bob \(player 2\)/.test(bobCard), `Bob's own player card reads '${bobCard}'`);

    // The game to its end, each click answering its step; Bob is notified of his turns.
    for (let moves = 0; moves < 20; moves++) {
        const states = await Promise.all([ann, bob].map((p) => p.evaluate(() => ({ step: state.step, decision: !!state.decision, finished: state.finished }))));
        if (states[0].finished && states[1].finished) break;
        const turn = states.findIndex((s) => s.decision);
        if (turn < 0) { await ann.waitForTimeout(50); continue; }
        const page = [ann, bob][turn];
        await playFirst(page);
        await waitStep(page, states[turn].step);
    }
    await ann.waitForFunction(() => state.finished);
    await bob.waitForFunction(() => state.finished);
    const notified = await bob.evaluate(() => window.notified);
    check(notified.length > 0 && /your turn/.test(notified[0].title), `Bob's hidden tab was not notified: ${JSON.stringify(notified)}`);
    check(!(await ann.evaluate(() => window.notified)), "Ann's page in sight was notified");

    // This browser's tables: Ann's is listed, and its link leads back to it.
    const list = await ann.context().newPage();
    await list.goto(base + "/tables");
    const entries = await list.locator("#tables li").allTextContents();
    check(entries.length === 1 && /Kuhn/i.test(entries[0]) && /Ann \(player 1\)/.test(entries[0]) && /finished/.test(entries[0]),
          `the list of Ann's tables reads ${JSON.stringify(entries)}`);
    await list.locator("#tables li a").first().click();
    await list.waitForFunction(() => state !== null && state.finished);
    check(list.url() === links[0].href, `the list's link leads to ${list.url()}, not ${links[0].href}`);
    await list.close();

    // Rematch: Ann asks and goes to the new table; Bob is offered his own link to it; the names stay.
    const oldTable = new URL(links[0].href).searchParams.get("table");
    await ann.click("#rematch");
    await ann.waitForURL((url) => url.searchParams.get("table") !== oldTable, { timeout: 10000 });
    await ann.waitForFunction(() => state !== null);
    await bob.waitForSelector("#rematch-link", { timeout: 10000 });
    await bob.click("#rematch-link");
    await bob.waitForURL((url) => url.searchParams.get("table") !== oldTable);
    await bob.waitForFunction(() => state !== null);
    const annAgain = new URL(ann.url()), bobAgain = new URL(bob.url());
    check(annAgain.searchParams.get("table") === bobAgain.searchParams.get("table"), "Ann and Bob went to different rematches");
    check(annAgain.searchParams.get("token") !== bobAgain.searchParams.get("token"), "the rematch gave Ann and Bob the same link");
    check(await ann.evaluate(() => state.seat === 0 && state.step === 0 && !state.finished), "Ann's rematch is not a new game at her seat");
    check(await bob.evaluate(() => state.seat === 1), "Bob's rematch link is not his seat");
    check(/Ann \(player 1\), you/.test(await ann.locator("#people").textContent()), "the rematch lost the names");
    check(await ann.locator("#undo").count() === 0, "a game between two people offers an undo");
    await ann.screenshot({ path: path.join(shots, "life-rematch.png") });

    // Undo against a bot in a game with nothing hidden: back to the seat's last decision.
    const four = await createTable({ game: "connect_four", seats: ["human", "random"], names: ["Cy", ""] });
    const cy = await newPage();
    await cy.goto(base + four.body.seats[0].link);
    await cy.waitForFunction(() => state && state.decision);
    check(/yellow \(bot random\)/.test(await cy.locator("#people").textContent()), "the bot's seat is not said to be a bot's");
    check(await cy.locator("#undo").count() === 0, "undo is offered before any move");
    const startLog = await cy.locator("#log").textContent();
    await playFirst(cy);
    await cy.waitForFunction(() => state.step === 2 && state.decision);  // the bot answered
    await cy.click("#undo");
    await cy.waitForFunction(() => state.step === 0 && state.decision, null, { timeout: 10000 });
    await cy.waitForFunction(() => /Taken back/.test(document.querySelector("#life").textContent));
    const cyLog = await cy.locator("#log").textContent();
    check(cyLog === startLog, `the log still tells the moves taken back: '${cyLog}', it was '${startLog}'`);

    // No undo once dice told the person something: Pig's roll.
    const pig = await createTable({ game: "pig", seats: ["human", "random"] });
    const dan = await newPage();
    await dan.goto(base + pig.body.seats[0].link);
    await dan.waitForFunction(() => state && state.decision);
    const roll = await dan.evaluate(() => state.decision.options.find((o) => /roll/.test(o.name)).action);
    await dan.evaluate((a) => act(a), roll);
    await waitStep(dan, 0);
    await dan.waitForSelector("#undo");
    const before = await dan.evaluate(() => state.step);
    await dan.click("#undo");
    await dan.waitForFunction(() => /undo is not possible/.test(document.querySelector("#error").textContent), null, { timeout: 10000 });
    check(await dan.evaluate(() => state.step) >= before, "an undo after a roll took the roll back");

    // A link to no table, and a table's link with a wrong token: a page that says so, and where to go.
    for (const bad of ["/table?table=nothing&token=nothing", `/table?table=${oldTable}&token=wrong`, "/table"]) {
        const page = await newPage({ viewport: { width: 390, height: 844 } });
        await page.goto(base + bad);
        await page.waitForSelector("#gone:not(.hidden)", { timeout: 10000 }).catch(() => fail(`${bad} shows no page for a bad link`));
        check(await page.title() === "No table here: rulesrun", `${bad}: the tab reads '${await page.title()}'`);
        check(await page.locator("#gone a[href='/']").count() === 1, `${bad}: no way to a new table`);
        await page.waitForTimeout(1200);
        check(/does not lead to a table/.test(await page.locator("#status").textContent()), `${bad}: the page went on trying`);
        if (bad === "/table") await page.screenshot({ path: path.join(shots, "life-bad-link-phone.png") });
        await page.context().close();
    }
    console.log(`the life of a table: names, notification, rejoin list, rematch, undo and bad links checked, ${problems.length} problem(s)`);
} catch (e) {
    fail(e.stack || String(e));
} finally {
    server.kill("SIGKILL");
    await browser.close();
}
process.exit(problems.length ? 1 : 0);
