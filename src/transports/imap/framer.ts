/**
 * Splits the client's byte stream into commands. A line ending in {n} or {n+} announces a
 * literal: the next n bytes belong to the same command, whatever they contain (CRLF too).
 * For a synchronising literal ({n}) the server must first say "go ahead" (onContinue).
 */
export interface FramerEvents {
  /** one whole command, literals inline, without the final CRLF */
  onCommand(line: Buffer): void;
  /** the client waits for "+" before sending a synchronising literal */
  onContinue(): void;
  /** the command grew past the limit: it is dropped and answered BAD */
  onTooLong(): void;
}

const LITERAL_AT_END = /\{(\d+)(\+?)\}$/;

export class CommandFramer {
  private buffer: Buffer = Buffer.alloc(0);
  /** bytes of the current command already scanned (whole lines and literals) */
  private scanned = 0;
  /** discarding the rest of an oversized command until its final CRLF */
  private discarding = false;

  constructor(private readonly events: FramerEvents, private readonly maxCommandBytes: number) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    this.drain();
  }

  private drain(): void {
    for (;;) {
      const eol = this.buffer.indexOf('\r\n', this.scanned);
      if (eol < 0) {
        if (this.buffer.length > this.maxCommandBytes) this.overflow();
        return;
      }
      if (this.discarding) {
        this.buffer = this.buffer.subarray(eol + 2);
        this.scanned = 0;
        this.discarding = false;
        continue;
      }
      // Only the text since the last literal can announce a new one.
      const tail = this.buffer.toString('latin1', Math.max(this.scanned, eol - 16), eol);
      const literal = LITERAL_AT_END.exec(tail);
      if (!literal) {
        const line = this.buffer.subarray(0, eol);
        this.buffer = this.buffer.subarray(eol + 2);
        this.scanned = 0;
        this.events.onCommand(line);
        continue;
      }
      const size = Number(literal[1]);
      const end = eol + 2 + size;
      if (end > this.maxCommandBytes) {
        // Refuse before the client sends the bytes (it waits for "+" on a synchronising literal).
        this.buffer = this.buffer.subarray(eol + 2);
        this.scanned = 0;
        this.events.onTooLong();
        if (!literal[2]) return;
        this.discarding = true;
        continue;
      }
      if (this.buffer.length < end) {
        if (!literal[2] && this.buffer.length === eol + 2) this.events.onContinue();
        return;
      }
      this.scanned = end;
    }
  }

  private overflow(): void {
    this.buffer = Buffer.alloc(0);
    this.scanned = 0;
    this.discarding = true;
    this.events.onTooLong();
  }
}
