import type { ServerSecretRepository } from '../../src/storage/ports.js';

/** The server's secrets in a map: the first value stored under a name stays. */
export class FakeServerSecretRepository implements ServerSecretRepository {
  readonly secrets = new Map<string, string>();

  async getOrCreate(name: string, candidate: string): Promise<string> {
    if (!this.secrets.has(name)) this.secrets.set(name, candidate);
    return this.secrets.get(name)!;
  }
}
