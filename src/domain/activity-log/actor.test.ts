import { describe, expect, it } from 'vitest';
import { ACTOR_LABELS, actorLabel, actorsToResolve, WEBHOOK_ACTOR } from './actor';

const context = { viewerUid: 'owner-1', logKey: 'owner-1', accounts: new Map<string, string | undefined>([['acc-1', 'studio@commercialisti.it'], ['tech-9', undefined]]) };

describe('actorLabel', () => {
  it('says Tu for the viewer, the email for a readable account, the system for the webhook', () => {
    expect(actorLabel('owner-1', context)).toBe('Tu');
    expect(actorLabel('acc-1', context)).toBe('studio@commercialisti.it');
    expect(actorLabel(WEBHOOK_ACTOR, context)).toBe(ACTOR_LABELS.webhook);
  });

  it('an account the viewer cannot read is named by its uid; the shop account by its role; a legacy line without writer is —', () => {
    expect(actorLabel('tech-9', context)).toBe('Account tech-9');
    expect(actorLabel('owner-1', { ...context, viewerUid: 'admin-1' })).toBe('Account del negozio');
    expect(actorLabel(undefined, context)).toBe('—');
    expect(actorLabel('  ', context)).toBe('—');
  });
});

describe('actorsToResolve', () => {
  it('each unknown account once, never oneself, the webhook or one already looked up', () => {
    expect(actorsToResolve(['owner-1', 'acc-1', 'tech-2', 'tech-2', WEBHOOK_ACTOR, undefined, 'tech-9'], context)).toEqual(['tech-2']);
  });
});
