import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking"] });
for (const [name, w, h, lang] of [["portrait", 768, 1024, "en"], ["phone", 390, 844, "fr"]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`http://127.0.0.1:8099/index.html?new=1&rules=yam&columns=down,free,up,announced&players=Anna,Robo&bots=human,strong&seed=4&lang=${lang}`);
  await page.locator('[data-action="roll"]').click();
  await page.locator('[data-action="hint"]').click();
  await page.locator('[data-hint="ready"]').waitFor({ timeout: 60000 });
  await page.screenshot({ path: `/tmp/col-hint-${name}.png`, fullPage: false });
  await page.close();
}
await browser.close();
