// "Par" is explained where it shows: a tap on the par row's name opens what it means, in the player's language,
// for this sheet's bonus; Close and the browser's Back both close it, and the table stays.
import { test, expect } from "@playwright/test";
import { phone, tablet } from "./devices.mjs";
import { startFromTheStartPage } from "./helpers.mjs";

const cases = [
  { device: phone, locale: "fr-FR", name: "Objectif (3 de chaque)", says: "3 dés de chaque face dans la partie haute font 63", close: "Fermer" },
  { device: tablet, locale: "en-GB", name: "Par (3 of each)", says: "3 of each face in the upper section make 63, the bonus", close: "Close" },
];

for (const { device, locale, name, says, close } of cases) {
  test(`par is explained on the sheet (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ ...device, locale });
    const page = await context.newPage();
    const table = await startFromTheStartPage(page, ["Ann", "Bob"]);
    const par = page.getByRole("button", { name });
    await par.click();
    const note = page.getByRole("dialog", { name });
    await expect(note).toContainText(says);
    await expect(note).toContainText("✓");
    await page.screenshot({ path: `tests/e2e/artifacts/par-note-${locale}.png` });
    // Back closes the note, not the table.
    await page.goBack();
    await expect(note).toHaveCount(0);
    await expect(table).toBeVisible();
    await par.click();
    await note.getByRole("button", { name: close }).click();
    await expect(note).toHaveCount(0);
    await expect(table).toBeVisible();
    await context.close();
  });
}
