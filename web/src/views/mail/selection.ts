import { useRef, useState } from 'preact/hooks';

/**
 * Checkbox selection over a page of rows: a click toggles one row, a shift-click sets every row
 * between it and the last one clicked to the clicked row's new state, as mail clients do.
 */
export function useSelection(ids: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const anchor = useRef<string | null>(null);
  const visible = selected.size === 0 ? selected : new Set(ids.filter((id) => selected.has(id)));

  return {
    selected: visible,
    isSelected: (id: string) => visible.has(id),
    toggle(id: string, shiftKey: boolean) {
      const next = new Set(visible);
      const on = !visible.has(id);
      const from = anchor.current === null ? -1 : ids.indexOf(anchor.current);
      const to = ids.indexOf(id);
      const range = shiftKey && from >= 0 && to >= 0 ? ids.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
      for (const each of range) {
        if (on) next.add(each);
        else next.delete(each);
      }
      anchor.current = id;
      setSelected(next);
    },
    allSelected: ids.length > 0 && ids.every((id) => visible.has(id)),
    setAll(on: boolean) {
      setSelected(on ? new Set(ids) : new Set());
    },
    clear() {
      anchor.current = null;
      setSelected(new Set());
    },
  };
}
