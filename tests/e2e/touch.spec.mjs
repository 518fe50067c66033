// A table in the hand: a short vibration on a roll, a hold and a box written (on by default, where the device
// can), the dice's sound made in the page (off by default), and a shake of the phone that rolls (off by
// default), each switched in Settings and kept on the device. The browser's vibration and sound are watched
// through their own APIs; the shakes are synthetic `devicemotion` events.
import { test, expect } from "@playwright/test";
import { phone } from "./devices.mjs";
import { startFromTheStartPage } from "./helpers.mjs";

/** Records what the page asks of the vibration motor and how many tones it starts, before the app loads; the
 * browser asks the person whether the device's motion may be read (as Safari does), answering `motionAnswer`. */
function watchTheSenses() {
  // The table's senses come in one chunk with the screen's wake lock, which it asks for once it is here.
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request: () => {
        window.awake = true;
        return Promise.resolve({ release: () => Promise.resolve() });
      },
    },
  });
  window.motionAnswer = "denied";
  window.DeviceMotionEvent.requestPermission = () => Promise.resolve(window.motionAnswer);
  window.buzzes = [];
  navigator.vibrate = (pattern) => {
    window.buzzes.push(pattern);
    return true;
  };
  window.tones = 0;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const tone = super.createOscillator();
      const start = tone.start.bind(tone);
      tone.start = (...when) => {
        window.tones += 1;
        return start(...when);
      };
      return tone;
    }
  };
}

const buzzes = (page) => page.evaluate(() => window.buzzes);
const tones = (page) => page.evaluate(() => window.tones);
/** A jolt of the phone, in m/s² with gravity on each axis. */
const shake = (page, x) =>
  page.evaluate((x) => {
    window.dispatchEvent(new DeviceMotionEvent("devicemotion", { accelerationIncludingGravity: { x, y: 2, z: 9.8 } }));
  }, x);

test("a roll, a hold and a box vibrate; the sound and the shake, switched on in Settings, play and roll", async ({ browser }) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  try {
    await page.addInitScript(watchTheSenses);
    const table = await startFromTheStartPage(page, ["Ann", "Bob"]);
    // Once the senses are here (a roll in the moment before they arrive does not buzz).
    await expect.poll(() => page.evaluate(() => window.awake === true)).toBe(true);

    // Vibration is on by default, the sound off.
    await page.locator('[data-action="roll"]').click();
    await expect.poll(() => buzzes(page)).toEqual([30]);
    await page.locator('[data-die="0"]').click();
    await expect.poll(() => buzzes(page)).toEqual([30, 12]);
    const seat = await table.getAttribute("data-current-seat");
    await page.locator(`button[data-cell^="${seat}:"]`).first().click();
    await page.getByRole("dialog").locator('[data-action="confirm"]').click();
    await expect.poll(() => buzzes(page)).toEqual([30, 12, 20]);
    expect(await tones(page)).toBe(0);
    // A shake does nothing while shaking is off.
    const rolls = page.locator('[data-action="roll"]');
    const before = await rolls.getAttribute("aria-label");
    await shake(page, 30);
    await expect(rolls).toHaveAttribute("aria-label", before);

    // Settings, on the start screen: no vibration, the dice's sound, shake to roll.
    await page.locator('[data-action="tables"]').click();
    await page.locator('[data-action="settings"]').click();
    const vibrate = page.locator('[data-setting="vibrate"]');
    await expect(vibrate).toBeChecked();
    await expect(page.locator('[data-setting="sound"]')).not.toBeChecked();
    await expect(page.locator('[data-setting="shake"]')).not.toBeChecked();
    await vibrate.uncheck();
    await page.locator('[data-setting="sound"]').check();
    // The browser asks whether the device's motion may be read: refused, the switch stays off and says why.
    const shakeSwitch = page.locator('[data-setting="shake"]');
    await shakeSwitch.click();
    await expect(page.locator(".notice")).toContainText("did not let its motion be read");
    await expect(shakeSwitch).not.toBeChecked();
    await page.evaluate(() => (window.motionAnswer = "granted"));
    await shakeSwitch.click();
    await expect(shakeSwitch).toBeEnabled();
    await expect(shakeSwitch).toBeChecked();
    await page.locator('[data-action="close-settings"]').click();
    await page.locator('[data-action="resume"]').click();
    await expect(table).toBeVisible();

    // A soft jolt is no shake; a strong one rolls, with the dice's sound and no vibration.
    await shake(page, 8);
    await expect(rolls).toHaveAttribute("aria-label", before);
    await shake(page, 30);
    await expect(rolls).not.toHaveAttribute("aria-label", before);
    await expect(page.locator('[data-die="0"]')).not.toHaveAttribute("data-face", "");
    await expect.poll(() => tones(page)).toBe(4);
    expect(await buzzes(page)).toEqual([30, 12, 20]);

    // Kept on this device.
    await page.reload();
    await page.locator('[data-action="tables"]').click();
    await page.locator('[data-action="settings"]').click();
    await expect(vibrate).not.toBeChecked();
    await expect(page.locator('[data-setting="sound"]')).toBeChecked();
    await expect(page.locator('[data-setting="shake"]')).toBeChecked();
  } finally {
    await context.close();
  }
});
