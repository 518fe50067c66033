// A dark theme for tables in dim rooms: a fresh phone follows its system's choice, the settings choose System,
// Light or Dark for this device (kept through a reload, and Back closes them), and every screen turns, the
// wedding sheet with its own dark look.
import { test, expect } from "@playwright/test";
import { phone, tablet } from "./devices.mjs";

/** The page's background as painted, in the form `rgb(r, g, b)`. */
const background = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
/** How light a painted `rgb(…)` colour is, 0 (black) to 255 (white). */
const lightness = (rgb) => {
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test("a phone whose system is dark starts dark; the settings choose Light for this device, and then System again", async ({ browser }) => {
  const context = await browser.newContext({ ...phone, colorScheme: "dark" });
  const page = await context.newPage();
  try {
    await page.goto("index.html");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect.poll(async () => lightness(await background(page))).toBeLessThan(60);
    await page.screenshot({ path: "tests/e2e/artifacts/theme-start-phone-dark.png" });

    await page.locator('[data-action="settings"]').click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.locator('[data-theme-choice="system"]')).toHaveAttribute("aria-pressed", "true");
    await dialog.locator('[data-theme-choice="light"]').click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await expect(dialog.locator('[data-theme-choice="light"]')).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => lightness(await background(page))).toBeGreaterThan(200);
    // Back closes the settings, as any dialog.
    await expect.poll(() => page.evaluate(() => history.state)).toBe(1);
    await page.evaluate(() => history.back());
    await expect(dialog).toHaveCount(0);

    // Kept on this device: a reload stays light whatever the system says.
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "light");
    await page.locator('[data-action="settings"]').click();
    await expect(dialog.locator('[data-theme-choice="light"]')).toHaveAttribute("aria-pressed", "true");
    await dialog.locator('[data-theme-choice="system"]').click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    // The system turns light: the page follows it.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).toHaveAttribute("data-theme", "light");
    await dialog.locator('[data-action="close-settings"]').click();
    await expect(dialog).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("Dark chosen on a light tablet turns the table and the wedding sheet, and stays through a reload", async ({ browser }) => {
  const context = await browser.newContext({ ...tablet, colorScheme: "light" });
  const page = await context.newPage();
  try {
    await page.goto("index.html");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "light");
    await page.locator('[data-action="settings"]').click();
    await page.locator('[data-theme-choice="dark"]').click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await page.locator('[data-action="close-settings"]').click();

    // A wedding at this tablet: its sheet's paper is dark too, its hearts kept.
    await page.locator('[data-setup="rules"]').selectOption("yardzee");
    const names = page.locator('[data-setup="player-name"]');
    await names.nth(0).fill("Claire");
    await names.nth(1).fill("Tom");
    await page.locator('[data-action="start"]').click();
    await expect(page.locator(".play.wedding")).toBeVisible();
    // The sheet renders in a task of its own after the table: the locator waits for it.
    const sheetPaper = () => page.locator(".sheet-wrap").evaluate((sheet) => getComputedStyle(sheet).backgroundColor);
    await expect.poll(async () => lightness(await sheetPaper())).toBeLessThan(60);
    await page.locator('[data-action="roll"]').click();
    await page.screenshot({ path: "tests/e2e/artifacts/theme-wedding-tablet-dark.png" });
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.locator(".play.wedding")).toBeVisible();
    await expect.poll(async () => lightness(await sheetPaper())).toBeLessThan(60);
  } finally {
    await context.close();
  }
});
