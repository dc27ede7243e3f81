import { EXTERNAL_ACTION_LABELS, LOG_ACTION_LABELS, LOG_MODULE_LABELS, isLogAction, type LogModule } from '@/domain/activity-log/actions';

/** Italian label of an action; unknown (newer or legacy) actions are shown as stored. */
export function actionLabel(action: string): string {
  return isLogAction(action) ? LOG_ACTION_LABELS[action] : (EXTERNAL_ACTION_LABELS[action] ?? action);
}

export function moduleLabel(module: string): string {
  return LOG_MODULE_LABELS[module as LogModule] ?? module;
}
