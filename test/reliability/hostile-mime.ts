/** Hostile messages for the reliability tests: each is small to build and costly (or refused) to take in. */

const head = (to: string, subject: string, contentType: string) =>
  `From: Attacker <attacker@example.com>\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${Math.random().toString(36).slice(2)}@example.com>\r\n`
  + `MIME-Version: 1.0\r\nContent-Type: ${contentType}\r\n`;

/**
 * One line of HTML of about `bytes` bytes made of adjacent inline elements (`<b>a</b>`, no
 * space between): html-to-text, mailparser's converter, was quadratic on it (1.6 MB: 7 s).
 */
export function singleLineHtml(to: string, bytes: number): Buffer {
  const html = `<div>${'<b>a</b>'.repeat(Math.floor(bytes / 8))}</div>`;
  return Buffer.from(`${head(to, `html ${bytes}`, 'text/html; charset=utf-8')}\r\n${html}\r\n`);
}

/** HTML nested `levels` deep: every HTML parser this server uses is slow on it, past any sane budget at 160k levels. */
export function deeplyNestedHtml(to: string, levels: number): Buffer {
  return Buffer.from(`${head(to, `nested html ${levels}`, 'text/html; charset=utf-8')}\r\n${'<div>'.repeat(levels)}x\r\n`);
}

/** multipart/mixed inside multipart/mixed, `depth` levels deep. */
export function deepMultipart(to: string, depth: number): Buffer {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += `${i === 0 ? '' : `Content-Type: multipart/mixed; boundary="b${i}"\r\n`}\r\n--b${i}\r\n`;
    close = `\r\n--b${i}--\r\n${close}`;
  }
  return Buffer.from(`${head(to, `deep ${depth}`, 'multipart/mixed; boundary="b0"')}${open}Content-Type: text/plain\r\n\r\nhi${close}`);
}

/** One multipart/mixed with `count` small attachments. */
export function manyAttachments(to: string, count: number): Buffer {
  let body = '';
  for (let i = 0; i < count; i++) {
    body += `--X\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="a${i}.bin"\r\n\r\nAAAA\r\n`;
  }
  return Buffer.from(`${head(to, `attachments ${count}`, 'multipart/mixed; boundary="X"')}\r\n${body}--X--\r\n`);
}

/** A header block of about `bytes` bytes (many short header lines). */
export function hugeHeaderBlock(to: string, bytes: number): Buffer {
  const line = `X-Filler: ${'h'.repeat(60)}\r\n`;
  return Buffer.from(`${head(to, 'huge header', 'text/plain')}${line.repeat(Math.ceil(bytes / line.length))}\r\nbody\r\n`);
}
