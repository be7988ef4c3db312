declare module 'libmime' {
  export function decodeWords(value: string): string;
  const libmime: { decodeWords: typeof decodeWords };
  export default libmime;
}
