/**
 * Device online state (document 3 §4, §9): the owner's settings page counts a device as online when its last
 * update is less than 24 hours old; technician and developer views use 30 minutes.
 */
export const OWNER_ONLINE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const TECH_ONLINE_WINDOW_MS = 30 * 60 * 1000;

export function isDeviceOnline(lastUpdate: Date | undefined, now: Date, windowMs = OWNER_ONLINE_WINDOW_MS): boolean {
  if (!lastUpdate) return false;
  const age = now.getTime() - lastUpdate.getTime();
  // A clock slightly ahead on the device gives a small negative age: still online.
  return age < windowMs;
}
