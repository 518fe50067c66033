// Five players around one phone: the sheet scrolled sideways stops at a column's edge, so no scrap of a column
// shows beside the row names (which would read as a score); a long name is shortened with an ellipsis, whole as
// its column's accessible name, and whole again on a tap.
import { test, expect } from "@playwright/test";
import { phone } from "./devices.mjs";
import { startFromTheStartPage } from "./helpers.mjs";

const players = ["Anna", "Benjamin", "Maid of honour Annabelle", "Dan", "Emilia"];

/** How many player columns the row names cut through (one that shows only partly beside them). */
const columnsCut = (page) =>
  page.evaluate(() => {
    const edge = document.querySelector("thead th.corner").getBoundingClientRect().right;
    return [...document.querySelectorAll("thead th.player")]
      .map((head) => head.getBoundingClientRect())
      .filter((head) => head.left < edge - 0.5 && head.right > edge + 0.5).length;
  });

/** The sheet's scroll position once it has come to rest (unchanged for ten frames in a row). */
const atRest = (wrap) =>
  new Promise((rested) => {
    let [last, still] = [wrap.scrollLeft, 0];
    const look = () => {
      [still, last] = [wrap.scrollLeft === last ? still + 1 : 0, wrap.scrollLeft];
      if (still >= 10) rested(last);
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });

test("five players on a phone: no scrap of a column beside the row names, and long names shortened whole", async ({ browser }) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  try {
    const table = await startFromTheStartPage(page, players);

    // Swiped sideways by any amount, the sheet comes to rest at a column's edge: every column shows whole or
    // not at all beside the row names, to the last one.
    const sheet = page.locator(".sheet-wrap");
    const box = await sheet.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + 120);
    const positions = new Set();
    for (const swipe of [30, 45, 80, -60, 200, 400]) {
      await page.mouse.wheel(swipe, 0);
      positions.add(await sheet.evaluate(atRest));
      expect(await columnsCut(page), `after a swipe of ${swipe} px`).toBe(0);
    }
    expect(positions.size, "the swipes moved the sheet").toBeGreaterThan(2);
    // A turn played: the sheet follows the next player, and still cuts no column.
    const seat = await table.getAttribute("data-current-seat");
    await page.locator('[data-action="roll"]').click();
    await page.locator(`button[data-cell^="${seat}:"]`).first().click();
    await page.getByRole("dialog").locator('[data-action="confirm"]').click();
    await expect(table).not.toHaveAttribute("data-current-seat", seat);
    await sheet.evaluate(atRest);
    expect(await columnsCut(page)).toBe(0);

    // The long name: shortened with an ellipsis, whole as the column's name, whole again on a tap.
    const head = page.getByRole("columnheader", { name: "Maid of honour Annabelle" });
    await expect(head).toHaveCount(1);
    await head.scrollIntoViewIfNeeded();
    const shortened = () => head.evaluate((cell) => cell.scrollWidth > cell.clientWidth + 1);
    expect(await shortened()).toBe(true);
    expect(await head.evaluate((cell) => getComputedStyle(cell).textOverflow)).toBe("ellipsis");
    await head.tap();
    await expect.poll(shortened).toBe(false);
  } finally {
    await context.close();
  }
});
