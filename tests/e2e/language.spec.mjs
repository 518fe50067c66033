// English, French, Spanish and German throughout: every screen is walked in each language, and any text node,
// accessible name, placeholder or title in another language fails the test (English words in Spanish or German,
// where a phrase left untranslated would show). The app's own name, Five Dice, is the same in every language. The language follows the browser, the address
// (`&lang=`) and the start screen's switch, is saved, and `<html lang>` names it.
import { test, expect } from "@playwright/test";
import { playQuickTurn, readDice } from "./helpers.mjs";

// Words that only the other language uses: a French screen must show none of the English ones, and the
// reverse. (Names the players type, the games' own names and `make serve` are the same in both.)
const TELLTALE = {
  en: [
    "the", "and", "roll", "rolls", "left", "player", "players", "game", "games", "turn", "dice",
    "die", "new", "start", "your", "you", "add", "remove", "hint", "coach", "upper", "lower", "cross", "out",
    "confirm", "cancel", "keep", "held", "winner", "rematch", "statistics", "finished", "export", "import", "share",
    "delete", "name", "room", "join", "online", "best", "average", "wins", "expected", "lost", "round", "of", "to",
    "is", "for", "with", "this", "not", "enter", "clear", "work", "it", "play", "bot", "computer", "person",
    "section", "ones", "twos", "sixes", "three", "four", "kind", "house", "small", "large", "straight",
    "bonus", "par", "each", "who", "starts", "pass", "later", "update", "dismiss",
    "nothing", "imported", "file", "language",
  ],
  fr: [
    "le", "la", "les", "des", "du", "de", "une", "un", "et", "joueur", "joueurs", "partie", "parties", "lancer",
    "lancers", "dés", "dé", "relancer", "garder", "gardé", "barrer", "valider", "annuler", "conseil",
    "entraîneur", "prime", "nouvelle", "commencer", "ajouter", "retirer", "tour", "salle", "vous", "votre", "à",
    "est", "pas", "sur", "pour", "avec", "moyenne", "victoires", "jeu", "général", "haut", "bas", "brelan",
    "carré", "suite", "petite", "grande", "deux", "trois", "quatre", "cinq",
    "langue", "importé", "fichier", "rien",
  ],
};

// What each language must not show: the other of English and French, and English in Spanish and German (less
// the words they share with it: Spanish "par", German "die", "Name", "Bonus", "Full House", "Start", "online",
// "Computer", "Export", "Import").
const SHARED = { es: ["par", "dice"], de: ["die", "name", "bonus", "house", "start", "online", "computer", "export", "import"] };
const FOREIGN = {
  en: TELLTALE.fr,
  fr: TELLTALE.en,
  es: TELLTALE.en.filter((word) => !SHARED.es.includes(word)),
  de: TELLTALE.en.filter((word) => !SHARED.de.includes(word)),
};

/**
 * The phrases on the page (text nodes, accessible names, placeholders, titles) that contain a word of the
 * other language. Elements that say which language they are in (`lang`, like the switch's "Français") and
 * code are skipped.
 */
async function foreignPhrases(page, language) {
  return page.evaluate(
    ({ language, words }) => {
      const telltales = new Set(words);
      const phrases = [];
      const inOwnLanguage = (element) => {
        const marked = element.closest("[lang]");
        return !marked || marked.getAttribute("lang") === language;
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style, code, noscript") || !inOwnLanguage(parent)) continue;
        phrases.push(node.textContent);
      }
      for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title]")) {
        if (!inOwnLanguage(element)) continue;
        for (const attribute of ["aria-label", "placeholder", "title"]) {
          const value = element.getAttribute(attribute);
          if (value) phrases.push(value);
        }
      }
      return phrases.filter((phrase) =>
        phrase
          .replaceAll("Five Dice", "")
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .some((word) => telltales.has(word)),
      );
    },
    { language, words: FOREIGN[language] },
  );
}

async function expectOnly(page, language, screen) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  expect(await foreignPhrases(page, language), `${screen} in ${language}`).toEqual([]);
}

const NAMES = { en: "English", fr: "French", es: "Spanish", de: "German" };
for (const language of ["fr", "en", "es", "de"]) {
  test(`every screen speaks ${NAMES[language]} only`, async ({ page }) => {
    test.setTimeout(240_000);
    // A finished game first, so the start screen has its history, statistics and the analysis was shown.
    await page.goto(`index.html?new=1&rules=yam&players=Zoé&seed=5&lang=${language}`);
    await expect(page.locator("[data-current-seat]")).toBeVisible();
    await expectOnly(page, language, "a new Yam table");
    await page.locator('[data-action="coach"]').click();
    await playQuickTurn(page);
    await expectOnly(page, language, "the coach's verdict");
    for (let turn = 1; turn < 12; turn++) {
      await playQuickTurn(page);
    }
    await expect(page.locator("[data-game-over]")).toBeVisible();
    await expect(page.locator("[data-analysis-total]")).toBeVisible();
    await expectOnly(page, language, "the standings and the analysis");

    await page.locator('[data-action="new-game"]').click();
    await expect(page.locator('[data-action="start"]')).toBeVisible();
    await expect(page.locator(".finished-games")).toBeVisible();
    await page.locator('[data-setup="rules"]').selectOption("yardzee");
    await page.locator('[data-setup="player-kind"]').first().selectOption("strong");
    await expectOnly(page, language, "the start screen (setup, history, statistics, play online)");
    await page.locator('[data-setup="player-name"]').first().fill("Zoé");
    await page.locator('[data-setup="player-name"]').nth(1).fill("zoé");
    await page.locator('[data-action="start"]').click();
    await expect(page.getByRole("alert")).not.toBeEmpty();
    await expectOnly(page, language, "a refused setup");
    await page.locator('[data-action="how-to-play"]').click();
    await expect(page.locator('[data-guide="yardzee"]')).toBeVisible();
    await expectOnly(page, language, "how to play Yardzee");
    await page.locator('[data-action="close-guide"]').click();
    await page.locator('[data-action="solve"]').click();
    await expect(page.locator("[data-expected-score]")).toBeVisible({ timeout: 60_000 });
    await expectOnly(page, language, "how well can one play");
    await page.locator('[data-action="import"]').setInputFiles({
      name: "games.json",
      mimeType: "application/json",
      buffer: Buffer.from("this is not a saved game"),
    });
    await expect(page.locator(".notice")).toBeVisible();
    await expectOnly(page, language, "a refused import");
    await page.locator('[data-action="dismiss"]').click();

    // A game in progress with the app's dice: rolled, the hint, the picker open.
    await page.goto("index.html?new=1&rules=yahtzee&players=Zoé,Théo&seed=11");
    await expect(page.locator("[data-current-seat]")).toBeVisible();
    await page.locator('[data-action="roll"]').click();
    await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    await page.locator('[data-die="0"]').click();
    await page.locator('[data-action="hint"]').click();
    await expect(page.locator('[data-hint="ready"]')).toBeVisible({ timeout: 60_000 });
    await expectOnly(page, language, "a game in progress with its hint");
    await page.locator('[data-action="how-to-play"]').click();
    await expect(page.locator('[data-guide="yahtzee"]')).toBeVisible();
    await expectOnly(page, language, "how to play Yahtzee, Joker rule of the table");
    await page.locator('[data-action="close-guide"]').click();
    await page.locator("button[data-cell]").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectOnly(page, language, "the picker");
    await page.locator('[data-action="cancel"]').click();
    await page.locator('[data-action="tables"]').click();
    await expect(page.locator('[data-action="resume"]')).toBeVisible();
    await expectOnly(page, language, "the games in progress");

    // The score pad: the picker with the dice entry.
    await page.goto("index.html?new=1&rules=yahtzee&players=Zoé&dice=pad");
    await page.locator("button[data-cell]").first().click();
    await page.locator('[data-action="enter-dice"]').click();
    await expectOnly(page, language, "the score pad's dice entry");
    for (const face of [6, 6, 6, 2, 2]) await page.locator(`[data-enter-face="${face}"]`).click();
    await expectOnly(page, language, "the score pad's picker");
  });
}

test("the language follows the browser, the address and the switch, and is kept", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR" });
  const page = await context.newPage();
  await page.goto("index.html");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator('[data-action="start"]')).toHaveText("Commencer");
  await expect(page.locator("link[rel=manifest]")).toHaveAttribute("href", "assets/manifest.fr.webmanifest");
  await page.locator('[data-language="en"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator('[data-action="start"]')).toHaveText("Start");
  await page.reload();
  await expect(page.locator('[data-action="start"]')).toHaveText("Start");
  await page.goto("index.html?new=1&rules=yam&players=Zoé&seed=2&lang=fr");
  await expect(page.locator('[data-action="roll"]')).toHaveText("Lancer (3 lancers restants)");
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-action="roll"]')).toHaveText("Relancer (2 lancers restants)");
  await page.locator('[data-action="roll"]').click();
  await expect(page.locator('[data-action="roll"]')).toHaveText("Relancer (1 lancer restant)");
  // Yam's sheet in French, as its players know it.
  const labels = page.locator("table.sheet tbody th.label");
  await expect.poll(async () => (await labels.allTextContents()).map((label) => label.trim())).toEqual([
    "As", "Deux", "Trois", "Quatre", "Cinq", "Six", "Brelan", "Petite suite", "Grande suite", "Full", "Carré", "Yam",
  ]);
  expect(await readDice(page)).toHaveLength(5);
  // And the French Yam score pad on a portrait tablet.
  await page.goto("index.html?new=1&rules=yam&players=Zoé,Théo,Léa,Hugo&dice=pad");
  await page.locator("button[data-cell]").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.screenshot({ path: "tests/e2e/artifacts/yam-french-pad-tablet.png" });
  await context.close();
});

test("the Yardzee sheet: Ones (Aces), no Joker restriction to start from, each bonus a ♥ on the sheet", async ({ page }) => {
  await page.goto("index.html?lang=en");
  await page.locator('[data-setup="rules"]').selectOption("yardzee");
  await expect(page.locator('[data-setup="joker"]')).toHaveValue("none");
  await page.locator('[data-setup="dice-mode"]').selectOption("pad");
  await page.locator('[data-setup="player-name"]').first().fill("Bride");
  await page.locator('[data-setup="player-name"]').nth(1).fill("Groom");
  await page.locator('[data-action="start"]').click();
  await expect(page.locator("[data-joker-in-force]")).toHaveText("No Joker restriction");
  await expect(page.locator("table.sheet tbody th.label").first()).toHaveText("Ones (Aces)");
  const dialog = page.getByRole("dialog");
  const write = async (seat, cell, value, bonus = false) => {
    await page.locator(`button[data-cell="${seat}:${cell}"]`).click();
    await dialog.locator(`[data-offer="${value}"]`).click();
    if (bonus) await dialog.locator('[data-action="yahtzee-bonus"]').click();
    await dialog.locator('[data-action="confirm"]').click();
    await expect(dialog).toHaveCount(0);
  };
  // A score pad asks who starts: the bride does.
  await page.locator('[data-action="choose-first"]').selectOption("0");
  const [first, other] = [0, 1];
  await write(first, "yahtzee", 50);
  await write(other, "chance", 20);
  await write(first, "fives", 25, true);
  await expect(page.locator(`[data-marks="${first}"]`)).toHaveText("♥");
  await write(other, "aces", 3);
  await write(first, "sixes", 30, true);
  await expect(page.locator(`[data-total="${first}:yahtzee-bonus"]`)).toHaveText("200");
  await expect(page.locator(`[data-marks="${first}"]`)).toHaveText("♥♥");
  await expect(page.locator(`[data-marks="${other}"]`)).toHaveText("");
  await page.screenshot({ path: "tests/e2e/artifacts/yardzee-sheet.png" });
  await page.locator('[data-action="how-to-play"]').click();
  await expect(page.locator('[data-guide="yardzee"] h3')).toHaveText([
    "The Vows", "The Wedding Party", "The Celebration", "The Reception",
  ]);
  await page.screenshot({ path: "tests/e2e/artifacts/yardzee-how-to-play.png" });
});

test("before the app runs, the page's own shell speaks the visitor's language, and the app takes over", async ({ page }) => {
  // Without the wasm the app never starts: what shows is the static shell of index.html.
  await page.route(/\.wasm$/, (route) => route.abort());
  await page.goto("index.html?lang=fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("#shell-status")).toHaveText("On dresse la table…");
  await expect(page.locator("#shell-about")).toContainText("hors ligne");
  await page.unroute(/\.wasm$/);
  await page.unroute(/\.wasm$/);
  await page.goto("index.html?lang=en");
  await expect(page.locator('[data-setup="rules"]')).toBeVisible();
  await expect(page.locator("#shell")).toHaveCount(0);
});

test("before the app runs, the shell speaks Spanish and German to their speakers", async ({ browser }) => {
  for (const [locale, language, status, about] of [
    ["es-MX", "es", "Preparando la mesa…", "sin conexión"],
    ["de-DE", "de", "Der Tisch wird gedeckt…", "offline"],
  ]) {
    // A fresh device each, whose wasm never arrives: the static shell is what shows.
    const context = await browser.newContext({ locale, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.route(/\.wasm$/, (route) => route.abort());
    await page.goto("index.html");
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("#shell-status")).toHaveText(status);
    await expect(page.locator("#shell-about")).toContainText(about);
    await context.close();
  }
});

test("Spanish and German by the browser and by the switch: the Kniffel sheet in German, each chunk fetched when spoken", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-AT" });
  const page = await context.newPage();
  await page.goto("index.html");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("link[rel=manifest]")).toHaveAttribute("href", "assets/manifest.de.webmanifest");
  await expect(page.locator('[data-setup="rules"] option[value="yahtzee"]')).toHaveText("Kniffel");
  await page.locator('[data-setup="player-name"]').first().fill("Jonas");
  await page.locator('[data-action="start"]').click();
  const labels = page.locator("table.sheet tbody th.label");
  await expect.poll(async () => (await labels.allTextContents()).map((label) => label.trim())).toEqual([
    "Einser", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser",
    "Dreierpasch", "Viererpasch", "Full House", "Kleine Straße", "Große Straße", "Kniffel", "Chance",
  ]);
  await expect(page.locator("table.sheet th.corner")).toHaveText("Kniffel");
  await page.locator('[data-action="tables"]').click();
  await page.locator('[data-language="es"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator('[data-action="start"]')).toHaveText("Empezar");
  await expect(page.locator('[data-setup="rules"] option[value="yahtzee"]')).toHaveText("Yahtzee");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await context.close();
});

test("on a phone, five held dice each show their word whole, apart from the next, in every language", async ({ browser }) => {
  for (const language of ["en", "fr", "es", "de"]) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`index.html?new=1&rules=yahtzee&players=Anna&seed=3&lang=${language}`);
    await page.locator('[data-action="roll"]').click();
    await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    for (let die = 0; die < 5; die++) await page.locator(`[data-die="${die}"]`).click();
    await expect(page.locator(".die.held .held-tag")).toHaveCount(5);
    const tags = await page.locator(".die.held .held-tag").evaluateAll((tags) =>
      tags.map((tag) => ({ left: tag.getBoundingClientRect().left, right: tag.getBoundingClientRect().right, whole: tag.scrollWidth <= tag.clientWidth })),
    );
    for (const [at, tag] of tags.entries()) {
      expect(tag.whole, `${language}: die ${at}'s word whole`).toBe(true);
      if (at > 0) expect(tag.left, `${language}: a gap before die ${at}'s word`).toBeGreaterThan(tags[at - 1].right);
    }
    await context.close();
  }
});
