/** Where mail for addresses outside this service goes. Implemented by the SMTP transport (its relay.ts). */
export interface RelayResult {
  accepted: string[];
  rejected: Array<{ recipient: string; code: number | null; response: string }>;
  response: string;
  reportingMta: string;
}

export interface Relay {
  send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<RelayResult>;
  close(): void;
}
