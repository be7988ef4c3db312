import { streamEvents } from './streamEvents.js';

/** Pigeonhole's own live event stream (the dashboard's). */
export const eventStreamOperations = [streamEvents];
