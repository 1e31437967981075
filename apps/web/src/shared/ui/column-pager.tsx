// A horizontal pager of columns, N items stacked per column (SPEC §9: cast and crew 3 per page, a person's movies
// 3 per column). Columns snap while swiping; the arrow buttons page one column at a time for mouse and keyboard.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { IconButton } from "./icon-button";
import { UI } from "./strings";

/** Splits `items` into consecutive groups of `size` (the last may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let index = 0; index < items.length; index += size) groups.push(items.slice(index, index + size));
  return groups;
}

export interface ColumnPagerProps<T> {
  items: readonly T[];
  perColumn: number;
  /** Korean name of the pager (the section title) for the arrow buttons and screen readers. */
  label: string;
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Rendered left of the arrows (usually the section heading). */
  header?: ReactNode;
}

export function ColumnPager<T>({ items, perColumn, label, getKey, renderItem, header }: ColumnPagerProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const columns = chunk(items, perColumn);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    setEdges({ atStart: element.scrollLeft <= 1, atEnd: element.scrollLeft >= max - 1 });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure, items.length]);

  function page(direction: 1 | -1) {
    const element = scroller.current;
    const column = element?.querySelector<HTMLElement>("[data-column]");
    if (!element || !column) return;
    element.scrollBy({ left: direction * (column.offsetWidth + 12), behavior: "smooth" });
  }

  const pageable = columns.length > 1;
  return (
    <div>
      <div className="flex items-center justify-between gap-2 px-4 pb-2">
        <div className="min-w-0 flex-1">{header}</div>
        {pageable ? (
          <div className="flex shrink-0 gap-1">
            <IconButton label={UI.previousPage(label)} disabled={edges.atStart} onClick={() => page(-1)}>
              <ChevronLeft aria-hidden size={20} />
            </IconButton>
            <IconButton label={UI.nextPage(label)} disabled={edges.atEnd} onClick={() => page(1)}>
              <ChevronRight aria-hidden size={20} />
            </IconButton>
          </div>
        ) : null}
      </div>
      <div
        ref={scroller}
        onScroll={measure}
        className="relative flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none]"
      >
        {columns.map((column, index) => (
          <ul
            key={getKey(column[0] as T)}
            data-column={index}
            aria-label={UI.pageOf(index + 1, columns.length)}
            className={`flex shrink-0 snap-start flex-col ${pageable ? "w-[85%] sm:w-[calc(50%-6px)]" : "w-full"}`}
          >
            {column.map((item) => (
              <li key={getKey(item)}>{renderItem(item)}</li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}
