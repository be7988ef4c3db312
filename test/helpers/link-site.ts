import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5b2a0e10000000049454e44ae426082',
  'hex',
);

export interface LinkSite { server: http.Server; base: string; close(): void }

/** A local site for link and image checks: /ok and /logo.png answer, anything else is a 404. */
export async function startLinkSite(): Promise<LinkSite> {
  const server = http.createServer((req, res) => {
    if (req.url === '/ok') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    else if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Everything an email audit should find wrong, on a site that answers (`a` is its base URL). */
export const faultyHtml = (a: string) => '<html><head></head><body>\n'
  + `<table><tr><td><a href="${a}/ok">click here</a></td></tr></table>\n`
  + `<a href="${a}/missing">Order history</a>\n<img src="${a}/logo.png">\n`
  + '<p style="color:#999999;background-color:#ffffff">Fine print</p>\n<p>Please see the attached invoice.</p></body></html>';

/** The same message with every fault mended. */
export const mendedHtml = (a: string) => '<!DOCTYPE html><html lang="en"><head><title>Your order</title></head><body>\n'
  + `<table role="presentation"><tr><td><a href="${a}/ok">Your orders</a></td></tr></table>\n`
  + `<img src="${a}/logo.png" alt="Shop logo">\n<p style="color:#333333;background-color:#ffffff">Fine print</p></body></html>`;
