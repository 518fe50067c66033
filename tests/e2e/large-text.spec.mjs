// Large text (WCAG 1.4.4) and reflow (1.4.10): a whole turn on a phone and on a tablet at 200 % text, and on a
// 320 px screen, from the start page. No heading or button is clipped, nothing but the sheet's own region
// scrolls sideways, and the turn's panel and the whole sheet scroll as one (no window of a few rows).
import { test, expect } from "@playwright/test";
import { phone, tablet } from "./devices.mjs";
import { startFromTheStartPage } from "./helpers.mjs";

/** What is clipped or cut on the table's screen: headings and buttons whose words do not fit, or that reach
 * past the screen's right edge (the sheet's region, which scrolls sideways on its own, excepted), and panels
 * with a scroll of their own. */
const cut = (page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (element) => `${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}"`;
    // A die's word ("Held") hangs below it by design: the word is checked, not the die.
    const shown = [...document.querySelectorAll(".play h1, .play h2, .play .status, .play button:not(.die), .die.held .held-tag")]
      .filter((element) => !element.closest(".sheet-wrap") && element.getClientRects().length > 0);
    const clipped = shown.filter((element) => element.scrollWidth > element.clientWidth + 1).map(name);
    const beyond = shown.filter((element) => element.getBoundingClientRect().right > width + 1).map(name);
    const nested = [...document.querySelectorAll(".play-side, .sheet-wrap")]
      .filter((element) => element.scrollHeight > element.clientHeight + 1)
      .map((element) => element.className);
    return { clipped, beyond, nested, page: document.documentElement.scrollWidth > width + 1 };
  });

/** A whole turn from the start page: two players named, Start, a roll, a die held, a roll again, a box written;
 * nothing cut along the way (and with `oneScroll`, no panel with a scroll of its own). */
async function playATurn(page, { oneScroll = false } = {}) {
  const expectNothingCut = async () => {
    const found = await cut(page);
    expect(found.clipped, "clipped").toEqual([]);
    expect(found.beyond, "past the screen's edge").toEqual([]);
    expect(found.page, "the page scrolls sideways").toBe(false);
    // At large text the sheet is not a window of a few rows: panel and sheet scroll as one.
    if (oneScroll) expect(found.nested, "a scroll of their own").toEqual([]);
  };
  const table = await startFromTheStartPage(page, ["Anna", "Benjamin"]);
  const seat = await table.getAttribute("data-current-seat");
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
  await page.locator('[data-die="0"]').click();
  await expect(page.locator('[data-die="0"]')).toHaveAttribute("aria-pressed", "true");
  await expectNothingCut();
  await page.locator('[data-action="roll"]').click();
  // The sheet's last box is reachable as any other: the page scrolls to it.
  await page.locator(`button[data-cell^="${seat}:"]`).last().click();
  const dialog = page.getByRole("dialog");
  await dialog.locator('[data-action="confirm"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(table).not.toHaveAttribute("data-current-seat", seat);
  await expectNothingCut();
}

/** The page's text at twice its size, as a reader's text size setting makes it, before the first paint. */
const doubledText = () =>
  document.addEventListener("DOMContentLoaded", () => {
    document.documentElement.style.fontSize = "200%";
  });

for (const [device, size] of [
  ["phone", phone],
  ["tablet", tablet],
]) {
  test(`a whole turn on a ${device} at 200 % text`, async ({ browser }) => {
    const context = await browser.newContext(size);
    const page = await context.newPage();
    try {
      await page.addInitScript(doubledText);
      await playATurn(page, { oneScroll: true });
      await page.screenshot({ path: `tests/e2e/artifacts/large-text-${device}.png` });
    } finally {
      await context.close();
    }
  });
}

test("a whole turn on a 320 px screen reflows with no sideways scroll of the page", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await playATurn(page);
  } finally {
    await context.close();
  }
});
