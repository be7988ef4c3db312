import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';

export interface Async<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
  set: (update: (previous: T | undefined) => T | undefined) => void;
}

/** Loads `load()` whenever `deps` change; stale answers of an older call are dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): Async<T> {
  const [state, setState] = useState<{ data?: T; error: string | null; loading: boolean }>({ error: null, loading: true });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => mine === generation.current && setState({ data, error: null, loading: false }),
      (err: unknown) => mine === generation.current && setState((s) => ({ ...s, error: messageOf(err), loading: false })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(run, [run]);
  const set = useCallback((update: (previous: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: update(s.data) })), []);
  return { data: state.data, error: state.error, loading: state.loading, reload: run, set };
}

export const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/** Runs an action, reporting its failure in the toast line instead of losing it. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(action: () => Promise<unknown>, done?: string) {
      setBusy(true);
      try {
        await action();
        if (done) toast(done);
        return true;
      } catch (err) {
        toast(messageOf(err), true);
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

let showToast: ((text: string, error: boolean) => void) | null = null;
export const toast = (text: string, error = false) => showToast?.(text, error);

export function Toaster() {
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    showToast = (text, error) => {
      setMessage({ text, error });
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(null), error ? 6000 : 2500);
    };
    return () => {
      showToast = null;
    };
  }, []);
  return (
    <div class={`toast ${message ? 'show' : ''} ${message?.error ? 'error' : ''}`} role="status" aria-live="polite">
      {message?.text}
    </div>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  return (
    <button
      type="button"
      class="small"
      aria-label={`${label}: ${text}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast('Copied');
        } catch {
          toast('The browser refused clipboard access', true);
        }
      }}
    >
      {label}
    </button>
  );
}

export const ErrorBox = ({ error, retry }: { error: string; retry?: () => void }) => (
  <div class="error-box" role="alert">
    <span>{error}</span>
    {retry && <button type="button" class="small" onClick={retry}>Try again</button>}
  </div>
);

export const Empty = ({ children }: { children: ComponentChildren }) => <div class="empty">{children}</div>;

export const Loading = () => <div class="loading" aria-busy="true">Loading…</div>;

/** `atLeast`: the total is a lower bound (a search matching more than it counts exactly; README "Search"). */
export function Pager({ page, totalPages, onPage, atLeast = false }: { page: number; totalPages: number; onPage: (page: number) => void; atLeast?: boolean }) {
  if (totalPages <= 1) return null;
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" class="small" disabled={page === 0} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page + 1} of {totalPages}{atLeast ? '+' : ''}</span>
      <button type="button" class="small" disabled={page + 1 >= totalPages} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatTime = (iso: string | null | undefined) => (iso ? timeFormat.format(new Date(iso)) : '');

export function relativeTime(iso: string): string {
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}

/**
 * Hands the browser a file fetched with the key (a plain link could not send x-api-key): a blob
 * URL on a temporary link, revoked once the download has had time to start.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const formatBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/**
 * j/k and the arrow keys move between the rows of a list (elements with data-row), Enter
 * follows the focused row's link; `/` focuses the view's search box.
 */
export function useListKeys(container: { current: HTMLElement | null }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable]')) return;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('input[type=search]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
        return;
      }
      const down = event.key === 'j' || event.key === 'ArrowDown';
      const up = event.key === 'k' || event.key === 'ArrowUp';
      if (!down && !up) return;
      const rows = [...(container.current?.querySelectorAll<HTMLElement>('[data-row]') ?? [])];
      if (rows.length === 0) return;
      event.preventDefault();
      const index = rows.findIndex((row) => row === document.activeElement || row.contains(document.activeElement));
      const next = index < 0 ? 0 : Math.max(0, Math.min(rows.length - 1, index + (down ? 1 : -1)));
      rows[next]!.focus();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [container]);
}
