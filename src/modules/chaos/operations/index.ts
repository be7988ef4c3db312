import { deleteInboxChaos, getInboxChaos, setInboxChaos } from './inbox-chaos.js';

/** Chaos per inbox (Pigeonhole's own ChaosController). */
export const chaosOperations = [getInboxChaos, setInboxChaos, deleteInboxChaos];
