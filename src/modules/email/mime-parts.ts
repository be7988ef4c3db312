import { finished } from 'node:stream/promises';
import { Splitter } from '@zone-eu/mailsplit';
import type { MimeNode } from '@zone-eu/mailsplit';

/** One leaf MIME part of a message, its transfer encoding undone. */
export interface MimePart {
  /** media type, lower case, without parameters (text/plain when the part declares none) */
  contentType: string;
  charset: string | null;
  disposition: string | null;
  filename: string | null;
  /** decoded bytes (base64 / quoted-printable undone; the charset is not applied) */
  content: Buffer;
}

/** Most parts a message may have before the split is refused (a guard, not a real-world limit). */
const MAX_PARTS = 1000;

/**
 * The leaf parts of a raw message in the order they appear (multipart containers are not
 * parts; an attached message/rfc822 is one part, not opened). Uses mailparser's own splitter.
 */
export async function mimeParts(raw: Buffer): Promise<MimePart[]> {
  const splitter = new Splitter({ ignoreEmbedded: true, maxChildNodes: MAX_PARTS });
  const leaves: Array<{ node: MimeNode; chunks: Buffer[] }> = [];
  splitter.on('data', (chunk) => {
    if (chunk.type === 'node') {
      if (!chunk.multipart) leaves.push({ node: chunk, chunks: [] });
    } else if (chunk.type === 'body') {
      const leaf = leaves[leaves.length - 1];
      if (leaf && leaf.node === chunk.node) leaf.chunks.push(chunk.value);
    }
  });
  splitter.end(raw);
  await finished(splitter);
  return Promise.all(
    leaves.map(async ({ node, chunks }) => ({
      contentType: (node.contentType || 'text/plain').toLowerCase(),
      charset: node.charset || null,
      disposition: node.disposition || null,
      filename: node.filename || null,
      content: await decode(node, Buffer.concat(chunks)),
    })),
  );
}

function decode(node: MimeNode, encoded: Buffer): Promise<Buffer> {
  const decoder = node.getDecoder();
  const out: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    decoder.on('data', (chunk: Buffer) => out.push(chunk));
    decoder.once('end', () => resolve(Buffer.concat(out)));
    decoder.once('error', reject);
    decoder.end(encoded);
  });
}
