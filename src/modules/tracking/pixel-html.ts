/** The 1x1 image tag of a pixel, as createTrackingPixel's `html` and as sendEmail inserts it. */
export function pixelImgTag(url: string): string {
  return `<img src="${escapeAttribute(url)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
}

/**
 * An HTML body with the pixel added: just before the last </body> when there is one (so
 * the result stays a valid document), else at the end.
 */
export function withPixel(html: string, tag: string): string {
  const close = html.toLowerCase().lastIndexOf('</body>');
  return close === -1 ? `${html}${tag}` : `${html.slice(0, close)}${tag}${html.slice(close)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
