import type { Static } from '@sinclair/typebox';
import type { RulesetRecord } from '../../storage/ports.js';
import type { RulesetDto } from './ruleset.schemas.js';

export const toRulesetDto = (r: RulesetRecord): Static<typeof RulesetDto> => ({
  id: r.id,
  inboxId: r.inboxId,
  phoneId: r.phoneId,
  scope: r.scope,
  action: r.action,
  target: r.target,
  handler: 'EXCEPTION',
  active: r.active,
  createdAt: r.createdAt.toISOString(),
});
