import { chromium } from "@playwright/test";
import { writeFileSync } from "node:fs";
const base = "http://127.0.0.1:8093/games/fivedice/";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
async function finished(query, name, lang = "en") {
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, locale: lang });
  const page = await context.newPage();
  await page.goto(base + "index.html?new=1&botdelay=0&seed=3&lang=" + lang + "&" + query);
  await page.locator("[data-game-over]").waitFor({ timeout: 240000 });
  await page.getByRole("button", { name: /^(Share|Partager|Compartir|Teilen)$/ }).click();
  await page.locator("[data-share-image]").waitFor();
  await page.waitForTimeout(300);
  const src = await page.locator("[data-share-image]").getAttribute("src");
  writeFileSync(`/tmp/pic-${name}.png`, Buffer.from(src.split(",")[1], "base64"));
  const link = await page.locator("[data-share-link]").getAttribute("data-link");
  console.log(name, "link", link.length);
  await context.close();
  return link;
}
const wedding = await finished("rules=yardzee&players=Claire,Tom,Maid%20of%20honour%20Annabelle,Dan&bots=optimal,strong,casual,optimal", "yardzee");
await finished("rules=yam&columns=down,free,up&players=Paul,Lou&bots=optimal,optimal", "yam", "fr");
const maxi = await finished("rules=yahtzee&players=A,B,C,D,E,F,G,H&bots=optimal,optimal,optimal,optimal,strong,strong,casual,casual", "eight", "de");
for (const [name, viewport, scheme] of [["phone-land", { width: 915, height: 412 }, "light"], ["tablet-land-dark", { width: 1024, height: 768 }, "dark"], ["tv", { width: 1920, height: 1080 }, "light"], ["phone-dark", { width: 390, height: 844 }, "dark"]]) {
  const context = await browser.newContext({ viewport, colorScheme: scheme });
  const page = await context.newPage();
  await page.goto(name === "tv" ? maxi : wedding);
  await page.locator("[data-replay]").waitFor();
  for (let i = 0; i < 9; i++) await page.locator('[data-action="replay-next"]').click();
  await page.locator('[data-replay-verdict="ready"]').waitFor({ timeout: 60000 }).catch(() => console.log("no verdict at", name));
  await page.screenshot({ path: `/tmp/replay-${name}.png` });
  await context.close();
}
await browser.close();
