import { expect, it } from 'vitest';
import { processTimeZone, ROME_PROCESS_ZONE } from '../../src/domain/time-zone';

it('the tooling layer runs in the shops’ time zone (TZ=Europe/Rome), whatever the machine’s', () => {
  expect(processTimeZone()).toEqual(ROME_PROCESS_ZONE);
});
