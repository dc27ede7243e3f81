import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';

/**
 * Child processes started in their own process group, so stopping one also stops what it spawned
 * (the gcloud wrapper starts a separate java process). Every group is killed on exit, Ctrl-C or SIGTERM.
 */
const groups = new Set<ChildProcess>();
let hooksInstalled = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const child of groups) killGroup(child, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

export function startGroup(command: string, args: string[], options: SpawnOptions & { logFile?: string }): Started {
  installHooks();
  const { logFile, ...spawnOptions } = options;
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: ['ignore', out, out] });
  groups.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => groups.delete(child));
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // The group may outlive its leader (java under the gcloud wrapper): make sure it is gone.
      killGroup(child, 'SIGKILL');
      groups.delete(child);
    },
  };
}

export async function stopAll(): Promise<void> {
  await Promise.all([...groups].map((child) => {
    killGroup(child, 'SIGTERM');
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        killGroup(child, 'SIGKILL');
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        killGroup(child, 'SIGKILL');
        resolve();
      });
      if (child.exitCode !== null) resolve();
    });
  }));
  groups.clear();
}

/** Runs a command to completion with inherited stdio; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(127));
  });
}

/** Like run, with every line of the child's output prefixed (two runs printing at the same time stay readable). */
export function runPrefixed(command: string, args: string[], options: SpawnOptions, prefix: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      let rest = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream?.on('end', () => {
        if (rest) out.write(`${prefix}${rest}\n`);
      });
    }
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(127));
  });
}
