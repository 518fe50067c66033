// axe-core on every screen a family meets: the start screen, setup, a game in progress, the open picker, the
// score pad, the hint, the statistics, the analysis after a game, sharing it and its replay. Any violation fails, with its nodes named.
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "@playwright/test";
import { layerTakenBack, startGame } from "./helpers.mjs";

// With motion, as most players see it (the suite defaults to reduced motion: playwright.config.mjs).
test.use({ reducedMotion: "no-preference" });

// axe measures colours as they are painted: a line fading in (the "Pass to …" line, 400 ms) is measured
// half-transparent. So it looks once every animation that ends has ended.
async function animationsEnded(page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function expectNoViolations(page, screen) {
  await animationsEnded(page);
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
  expect(found, screen).toEqual([]);
}

for (const colorScheme of ["light", "dark"]) {
test.describe(`in the ${colorScheme} theme`, () => {
test.use({ colorScheme });
test("no axe-core violations from the start screen to the analysis after a game", async ({ page }) => {
  test.setTimeout(180_000);
  // A short finished game first (Yam, one player, the score pad), so statistics and history exist.
  await startGame(page, { rules: "yam", players: ["Anna"], dice: "pad" });
  await expectNoViolations(page, "the score pad");
  const dialog = page.getByRole("dialog");
  await page.locator("button[data-cell]").first().click();
  await page.locator('[data-action="enter-dice"]').click();
  await expectNoViolations(page, "the score pad's dice entry");
  await page.locator('[data-action="cancel"]').click();
  for (let cell = 0; cell < 12; cell++) {
    await page.locator("button[data-cell]").first().click();
    await dialog.locator("[data-offer]").first().click();
    await dialog.locator('[data-action="confirm"]').click();
  }
  await expect(page.locator("[data-game-over]")).toBeVisible();
  await expectNoViolations(page, "the standings");
  await page.locator('[data-action="share-game"]').click();
  await expect(page.locator("[data-share-image]")).toBeVisible();
  await expectNoViolations(page, "the share dialog");
  const link = await page.locator("[data-share-link]").getAttribute("data-link");
  await page.locator('[data-action="close-share"]').click();

  await page.locator('[data-action="new-game"]').click();
  await expect(page.locator(".statistics")).toBeVisible();
  await expectNoViolations(page, "the start screen with statistics and history");
  await page.locator('[data-setup="rules"]').selectOption("yardzee");
  await page.locator('[data-setup="player-kind"]').first().selectOption("strong");
  await expectNoViolations(page, "the setup");
  await page.locator('[data-action="settings"]').click();
  await expect(page.locator("[data-settings]")).toBeVisible();
  await expectNoViolations(page, "the settings");
  await page.locator('[data-action="close-settings"]').click();
  await layerTakenBack(page);

  await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 3 });
  await expectNoViolations(page, "a new table");
  await page.locator('[data-action="coach"]').click();
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-die="1"]').click();
  await page.locator('[data-action="hint"]').click();
  await expect(page.locator('[data-hint="ready"]')).toBeVisible({ timeout: 60_000 });
  await expectNoViolations(page, "a game in progress with the hint");
  await page.locator("button[data-cell]").first().click();
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, "the open picker");
  await dialog.locator('[data-action="confirm"]').click();
  await page.locator('[data-action="how-to-play"]').click();
  await expectNoViolations(page, "how to play");
  // The first game's replay link, pasted into this page's address.
  await page.goto(link);
  await expect(page.locator("[data-replay]")).toBeVisible();
  for (let step = 0; step < 3; step++) await page.locator('[data-action="replay-next"]').click();
  await expectNoViolations(page, "the replay");
  await page.locator('[data-action="replay-end"]').click();
  await expectNoViolations(page, "the replay's end");
  expect(await page.locator("html").getAttribute("data-theme"), "the theme shown is the system's").toBe(colorScheme);
});
});
}

test("a part still on its way reads clearly in the turn's panel, in both themes", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"]) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    try {
      await startGame(page, { rules: "yahtzee", players: ["Anna", "Ben"], seed: 3 });
      await page.locator('[data-action="roll"]').click();
      // Every chunk asked for from here waits: the hint's parts show that they are on their way.
      const held = [];
      let holding = true;
      await page.route(/split_.*\.wasm$/, (route) => (holding ? held.push(route) : route.continue()));
      await page.locator('[data-action="hint"]').click();
      await expect(page.locator('.turn [data-lazy="fetching"]').first()).toBeVisible();
      await expectNoViolations(page, `a part on its way (${colorScheme})`);
      holding = false;
      for (const route of held) await route.continue();
      await expect(page.locator('[data-lazy="fetching"]')).toHaveCount(0);
    } finally {
      await context.close();
    }
  }
});

test("no axe-core violations in the analysis after a game with the coach", async ({ page }) => {
  test.setTimeout(180_000);
  await startGame(page, { rules: "yam", players: ["Anna"], seed: 9 });
  const dialog = page.getByRole("dialog");
  for (let turn = 0; turn < 12; turn++) {
    await page.locator('[data-action="roll"]').click();
    await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    await page.locator("button[data-cell]").first().click();
    await dialog.locator('[data-action="confirm"]').click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(page.locator("[data-analysis-total]")).toBeVisible();
  await expect(page.locator("[data-position]").first()).toBeVisible({ timeout: 60_000 });
  await expectNoViolations(page, "the analysis");
});
