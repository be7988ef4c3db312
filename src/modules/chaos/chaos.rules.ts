/**
 * Pure parts of chaos per inbox: the rules as stored (defaults filled in, checked together),
 * the draw that decides whether a rule fires, and the SMTP reply a rule gives.
 */
import { badRequest } from '../../core/errors.js';
import type { ChaosRule } from './chaos.schemas.js';

export type ChaosStage = 'MAIL' | 'RCPT' | 'DATA';

/** A rule with everything the SMTP path needs. */
export interface StoredChaosRule {
  mode: 'FAIL' | 'DELAY' | 'GREYLIST' | 'BOUNCE';
  stage: ChaosStage;
  code: number;
  enhancedStatus: string;
  message: string;
  probability: number;
  seed?: number;
  delaySeconds: number;
  greylistSeconds: number;
  bounceAfterSeconds: number;
}

const DEFAULT_TEXT: Record<StoredChaosRule['mode'], string> = {
  FAIL: 'Failure injected by chaos rule',
  DELAY: '',
  GREYLIST: 'Greylisted, please try again later',
  BOUNCE: 'Bounced by chaos rule',
};

/** Fills in the defaults and checks what the schema cannot: code and enhanced status of one class. */
export function normalizeRule(rule: ChaosRule, index: number): StoredChaosRule {
  const where = `rules[${index}]`;
  const code = rule.mode === 'GREYLIST' ? 451 : (rule.code ?? (rule.mode === 'BOUNCE' ? 550 : 451));
  if (rule.mode === 'BOUNCE' && code < 500 && rule.code !== undefined) {
    throw badRequest(`${where}.code: a BOUNCE reports a permanent failure, 5xx (was ${code})`);
  }
  const enhancedStatus = rule.mode === 'GREYLIST' ? '4.7.1' : (rule.enhancedStatus ?? `${Math.floor(code / 100)}.0.0`);
  if (enhancedStatus[0] !== String(code)[0]) {
    throw badRequest(`${where}.enhancedStatus ${enhancedStatus} is not of the class of code ${code} (${String(code)[0]}.x.x)`);
  }
  if (rule.mode === 'DELAY' && rule.delaySeconds === undefined) throw badRequest(`${where}.delaySeconds is required for a DELAY rule`);
  const stage = rule.mode === 'GREYLIST' ? 'RCPT' : rule.mode === 'BOUNCE' ? 'DATA' : (rule.stage ?? 'RCPT');
  return {
    mode: rule.mode, stage, code, enhancedStatus, message: rule.message ?? DEFAULT_TEXT[rule.mode],
    probability: rule.probability ?? 1, ...(rule.seed === undefined ? {} : { seed: rule.seed }),
    delaySeconds: rule.delaySeconds ?? 0, greylistSeconds: rule.greylistSeconds ?? 60, bounceAfterSeconds: rule.bounceAfterSeconds ?? 0,
  };
}

/**
 * The n-th draw (0-based) of a seeded rule, in [0, 1): mulberry32 over seed and n, so a
 * seeded rule's attempts fire in the same order every time its rules are set again.
 */
export function seededDraw(seed: number, n: number): number {
  let t = (seed + Math.imul(n + 1, 0x6d2b79f5)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Whether a rule fires for a draw; probability 1 always, 0 never. */
export const fires = (rule: StoredChaosRule, draw: number): boolean => rule.probability >= 1 || draw < rule.probability;

/** The reply text after the code: the enhanced status and the rule's message. */
export const replyText = (rule: StoredChaosRule): string => `${rule.enhancedStatus} ${rule.message}`;
