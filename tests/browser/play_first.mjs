// Plays the first option a table's page offers, as a person would: the first button of the decision when there is
// one, else on the table (the first highlighted card or space, or the first piece that may move, then its first
// target).
export async function playFirst(page) {
    const buttons = page.locator("#decision button:visible");
    if (await buttons.count() > 0) return buttons.first().click();
    const onTable = page.locator("#table .playable, #players .playable");
    if (await onTable.count() > 0) return onTable.first().click();
    await page.locator("table.grid td.from").first().click();
    await page.locator("table.grid td.target").first().click();
}
