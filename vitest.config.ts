import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SHOP_TIME_ZONE } from './src/domain/time-zone.ts';

// The shops' time zone for every layer, also when vitest is run directly (npm test sets it too): the workers
// inherit it, and each layer has a test that fails without it.
process.env.TZ = SHOP_TIME_ZONE;

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
// Integration and benchmark runs record the app's Firestore queries for the index check.
const recordingAlias = [
  { find: /^firebase\/firestore$/, replacement: fileURLToPath(new URL('./src/lib/firestore-recorder.ts', import.meta.url)) },
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
];

// Ceilings, not waits, for the quick layers: with the machine loaded (load average 20 on 2 cores, CI beside other
// work) an XSD validation in the stub or a send harness took more than the default 5 s and failed a sound test.
const quickLayer = { environment: 'node' as const, testTimeout: 30000, hookTimeout: 60000 };
// The pure-logic layers share their workers' module graph (no per-file isolation, worker threads): 83 → 41 s on our
// 2 cores, most of it spent importing the same modules again for each of 140 files. Their files must not depend on
// module state left by another file: they also pass with the file order shuffled (--sequence.shuffle.files).
const sharedModules = { pool: 'threads' as const, isolate: false };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1): the CPU-bound layers (unit, stub) and the rules files,
    // which wait on the emulator, each use both.
    maxWorkers: 2,
    // The default report, then the slowest tests and files of the run (every layer prints where its time goes).
    reporters: ['default', './scripts/lib/reporters/vitest-slowest.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          ...quickLayer,
          ...sharedModules,
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'stub',
          ...quickLayer,
          ...sharedModules,
          include: ['tests/stub/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'tooling',
          ...quickLayer,
          include: ['tests/tooling/**/*.test.ts'],
          fileParallelism: false,
        },
      },
      {
        resolve: { alias: recordingAlias },
        test: {
          name: 'integration',
          setupFiles: ['tests/integration/setup.ts'],
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'bench',
          setupFiles: ['tests/integration/setup.ts'],
          include: ['tests/bench/**/*.bench-test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 600000,
          hookTimeout: 120000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          environment: 'node',
          // Two files at a time, each worker on a Firestore project of its own (tests/rules/fixtures.ts).
          fileParallelism: true,
          // Ceilings, not waits: a matrix row (50 calls on the emulator) took 11.8 s with the machine loaded
          // (load average 10 on 2 cores), 60% of the former 20 s; the emulator's first calls also pay its warm-up.
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
