import { expect, test } from './fixture';
import { processTimeZone, ROME_PROCESS_ZONE } from '../../src/domain/time-zone.ts';

test('the specs and the browser run in the shops’ time zone (TZ=Europe/Rome), whatever the machine’s', async ({ page }) => {
  expect(processTimeZone()).toEqual(ROME_PROCESS_ZONE);
  await page.goto('/login');
  const browser = await page.evaluate(() => ({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    winterOffset: new Date(2027, 0, 15, 12).getTimezoneOffset(),
    summerOffset: new Date(2027, 6, 15, 12).getTimezoneOffset(),
  }));
  expect(browser).toEqual(ROME_PROCESS_ZONE);
});
