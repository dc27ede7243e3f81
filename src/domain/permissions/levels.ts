/** User levels stored in `User.level` (document 1 §4). */
export const USER_LEVELS = ['shop', 'accountant', 'tech', 'admin', 'assist', 'shopRegister'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

export function isUserLevel(value: unknown): value is UserLevel {
  return typeof value === 'string' && (USER_LEVELS as readonly string[]).includes(value);
}

