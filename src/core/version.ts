import { readFileSync } from 'node:fs';

/** The version in package.json (from src/ under tsx and from dist/ once built), 0.0.0 if unreadable. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}
