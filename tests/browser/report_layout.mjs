// Looks at HTML reports as a person would, in headless Chromium: every chart's texts and marks lie inside their chart
// (no axis label cut off), no table is wider than the page, and each page is saved as a screenshot for review.
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
    for (const file of pages) {
        await page.goto("file://" + path.resolve(file));
        const found = await page.evaluate(() => {
            const out = [];
            for (const svg of document.querySelectorAll("svg")) {
                const box = svg.getBoundingClientRect();
                const name = svg.getAttribute("aria-label") || svg.getAttribute("class");
                for (const mark of svg.querySelectorAll("text, rect, line, circle")) {
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
