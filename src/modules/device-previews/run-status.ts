import type { DevicePreviewTargetRecord } from '../../storage/ports.js';

/** Target states still to be rendered. */
export const PENDING_TARGET = ['WAITING', 'READY_TO_CAPTURE', 'CAPTURING'];
/** Target states a rerun may restart (a native target stays unavailable however often it is asked for). */
export const RERUNNABLE_FAILURE = ['FAILED', 'TIMED_OUT'];
/** Run states that no longer change unless targets are rerun. */
export const FINISHED_RUN = ['COMPLETE', 'PARTIAL_COMPLETE', 'FAILED'];

/** A run's status from its targets' states. */
export function runStatus(targets: Pick<DevicePreviewTargetRecord, 'status'>[]): string {
  const pending = targets.filter((t) => PENDING_TARGET.includes(t.status)).length;
  const ready = targets.filter((t) => t.status === 'READY').length;
  if (pending > 0) return pending === targets.length && !targets.some((t) => t.status === 'CAPTURING') ? 'CREATED' : 'CAPTURING';
  if (ready === targets.length && ready > 0) return 'COMPLETE';
  return ready > 0 ? 'PARTIAL_COMPLETE' : 'FAILED';
}

/** Width and height of a PNG from its IHDR chunk; undefined when the bytes are no PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature || png.subarray(12, 16).toString('latin1') !== 'IHDR') return undefined;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
