/**
 * Which tasks the simulated iPads answer. A task is answered by the iPad it names when that iPad is registered on
 * the shop and "plays": online by the technician's 30-minute rule (document 3 §4) unless the simulator was told to
 * play every iPad (--all) or named ones (--device). A task older than the technician's 15-second timeout is left
 * alone: nobody waits for it any more (the seed's old pending task stays pending).
 */
export const TASK_MAX_AGE_MS = 15_000;
export const ONLINE_WINDOW_MS = 30 * 60 * 1000;

export interface PlayOptions {
  all: boolean;
  devices: readonly string[];
}

export type Decision = { answer: true } | { answer: false; reason: string };

export function decide(
  task: { deviceId: string; fulfilled: boolean; createdAt: Date | undefined },
  device: { lastVersionUpdate: Date | undefined } | undefined,
  options: PlayOptions,
  now: Date,
): Decision {
  if (task.fulfilled) return { answer: false, reason: 'già evaso' };
  if (!task.createdAt || now.getTime() - task.createdAt.getTime() > TASK_MAX_AGE_MS) return { answer: false, reason: 'scaduto (oltre 15 s)' };
  if (!device) return { answer: false, reason: 'iPad non registrato sul negozio' };
  if (options.all || options.devices.includes(task.deviceId)) return { answer: true };
  const age = device.lastVersionUpdate ? now.getTime() - device.lastVersionUpdate.getTime() : Infinity;
  return age < ONLINE_WINDOW_MS ? { answer: true } : { answer: false, reason: 'iPad offline (ultimo aggiornamento oltre 30 minuti)' };
}
