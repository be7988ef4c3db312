import { operationsOf } from '../../../core/operation.js';
import type { Services } from '../../services.js';

export const eventStreamOperation = operationsOf<Services>('EventStream');
