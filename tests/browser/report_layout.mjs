// Looks at HTML reports as a person would, in headless Chromium: the page fetches nothing, every chart is drawn (the
// Vega-Lite charts by the library the page holds) with its axes, its texts and marks lie inside it (no axis label
// cut off) and an axis's labels do not overlap, no table is wider than the page, and each page is saved as a
// screenshot for review.
// Usage: node report_layout.mjs SCREENSHOT_FOLDER PAGE.html...   (exit 1 with what is wrong)
import { chromium } from "playwright-core";
import path from "node:path";

const [folder, ...pages] = process.argv.slice(2);
if (!folder || pages.length === 0) {
    console.error("usage: node report_layout.mjs SCREENSHOT_FOLDER PAGE.html...");
    process.exit(2);
}

// Chromium as the machine allows it: no sandbox (tests may run as root), no background connections.
const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
});
const problems = [];
try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    let fetched = [];
    page.on("request", (request) => { if (!request.url().startsWith("file://")) fetched.push(request.url()); });
    for (const file of pages) {
        fetched = [];
        await page.goto("file://" + path.resolve(file));
        const charts = await page.locator("div.chart").count();
        if (charts > 0) {
            await page.waitForFunction(() => document.body.dataset.charts, null, { timeout: 20000 })
                .catch(() => problems.push(`${path.basename(file)}: its charts were not drawn in 20 s`));
        }
        for (const url of fetched) problems.push(`${path.basename(file)}: the page fetched ${url}`);
        const found = await page.evaluate(() => {
            const out = [];
            if (document.body.dataset.charts === "failed") out.push("a chart could not be drawn");
            for (const place of document.querySelectorAll("div.chart")) {
                const name = place.getAttribute("aria-label");
                if (!place.querySelector("svg")) { out.push(`${name}: not drawn: '${place.textContent}'`); continue; }
                if (!place.querySelector(".role-axis")) out.push(`${name}: no axis`);
                for (const text of place.querySelectorAll("text")) {
                    if (/NaN|undefined|Infinity/.test(text.textContent)) out.push(`${name}: a text reads '${text.textContent}'`);
                }
                // The labels of one axis never overlap (Vega drops those that would).
                for (const axis of place.querySelectorAll(".role-axis-label")) {
                    const boxes = [...axis.querySelectorAll("text")].filter((t) => t.getAttribute("opacity") !== "0" &&
                        getComputedStyle(t).opacity !== "0").map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
                    for (let i = 0; i < boxes.length; i++) {
                        for (let j = i + 1; j < boxes.length; j++) {
                            const a = boxes[i].r, b = boxes[j].r;
                            if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
                                out.push(`${name}: the axis labels '${boxes[i].text}' and '${boxes[j].text}' overlap`);
                            }
                        }
                    }
                }
            }
            for (const svg of document.querySelectorAll("svg")) {
                const box = svg.getBoundingClientRect();
                const name = svg.getAttribute("aria-label") || svg.getAttribute("class");
                for (const mark of svg.querySelectorAll("text, rect, line, circle, path")) {
                    const r = mark.getBoundingClientRect();
                    if (r.width === 0 && r.height === 0) continue;
                    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 ||
                        r.bottom > box.bottom + 0.5) {
                        out.push(`${name}: <${mark.tagName}> '${mark.textContent.trim()}' goes out of its chart`);
                    }
                }
            }
            const width = document.body.getBoundingClientRect().right;
            for (const table of document.querySelectorAll("table")) {
                if (table.getBoundingClientRect().right > width + 0.5) out.push(`a table (${table.className}) is wider than the page`);
            }
            if (document.querySelectorAll("h1").length !== 1) out.push("a page has one title");
            return out;
        });
        for (const problem of found) problems.push(`${path.basename(file)}: ${problem}`);
        await page.screenshot({ path: path.join(folder, path.basename(file, ".html") + ".png"), fullPage: true });
    }
} finally {
    await browser.close();
}
for (const problem of problems) console.log("FAIL: " + problem);
console.log(problems.length === 0 ? `all ${pages.length} pages look right` : `${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
