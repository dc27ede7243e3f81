/** The month of the month-package benchmark: shared by its seed (a process of its own) and its measurement. */
export const BENCH_SHOP = 'bench-month-owner';
export const BENCH_PASSWORD = 'Bench!2026';
export const BENCH_COUNTS = { outgoing: 1_000, incoming: 300, ddts: 40, sales: 15_000, closings: 30 };
