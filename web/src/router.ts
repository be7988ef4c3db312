import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (#/inboxes/<id>): the dashboard's own paths can never collide with the API's,
 * which share the same origin and prefixes (/inboxes, /emails, ...).
 */
export function currentPath(): string {
  return location.hash.replace(/^#/, '') || '/';
}

export function useRoute(): string[] {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const onChange = () => setPath(currentPath());
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return path.split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
}

export const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;

export function navigate(...parts: string[]) {
  location.hash = href(...parts);
}
