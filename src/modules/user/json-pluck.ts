import { badRequest } from '../../core/errors.js';

/**
 * The steps of a property path: `a.b[0].c`, `a.b.0.c` or a JSON Pointer (`/a/b/0/c`, RFC 6901,
 * `~1` for `/` and `~0` for `~`). An empty path is the whole document.
 */
export function pathSteps(path: string): string[] {
  if (path.startsWith('/')) return path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const steps: string[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) throw badRequest(`property '${path}' is not a path: use a.b[0].c, a.b.0.c or a JSON Pointer like /a/b/0/c`);
    if (match[1]) steps.push(match[1]);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) steps.push(index[1]!);
  }
  return steps.length === 1 && steps[0] === '' ? [] : steps;
}

/**
 * getJsonPropertyAsString: the value at `property` in `document` as text: a string as it is,
 * a number, boolean or null as JSON writes it, an object or array as its JSON. A path that
 * leads nowhere is a 400 naming the first missing step.
 */
export function pluckJsonProperty(document: unknown, property: string): string {
  let current: unknown = document;
  const walked: string[] = [];
  for (const step of pathSteps(property)) {
    walked.push(step);
    const has = Array.isArray(current)
      ? /^\d+$/.test(step) && Number(step) < current.length
      : current !== null && typeof current === 'object' && Object.prototype.hasOwnProperty.call(current, step);
    if (!has) throw badRequest(`property '${property}' not found in the JSON: nothing at '${walked.join('.')}'`);
    current = (current as Record<string, unknown>)[step];
  }
  return typeof current === 'string' ? current : JSON.stringify(current);
}
