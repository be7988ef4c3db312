/** Storage port of the server's own secrets (keys that sign what this server hands out). */
export interface ServerSecretRepository {
  /**
   * The secret kept under `name`. When there is none yet, `candidate` is stored and returned;
   * nodes racing to create it all get the one stored first, so every node signs alike.
   */
  getOrCreate(name: string, candidate: string): Promise<string>;
}
