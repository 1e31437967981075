// Accessible tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move between tabs.
import { type KeyboardEvent, type ReactNode, useRef } from "react";

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
}

export interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Korean name of the tab list for screen readers. */
  label: string;
  /** Prefix for tab and panel ids; pair each panel with <TabPanel idPrefix=… value=…>. */
  idPrefix: string;
  /** `sub` draws the smaller pill-shaped sub-tabs (e.g. the genre tabs of search). */
  variant?: "main" | "sub";
  className?: string;
}

export const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
export const panelId = (prefix: string, value: string) => `${prefix}-panel-${value}`;

export function Tabs<V extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  variant = "main",
  className = "",
}: TabsProps<V>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % items.length
        : event.key === "ArrowLeft"
          ? (index - 1 + items.length) % items.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : -1;
    const item = items[next];
    if (next < 0 || !item) return;
    event.preventDefault();
    onChange(item.value);
    refs.current[next]?.focus();
  }

  const main = variant === "main";
  return (
    <div
      role="tablist"
      aria-label={label}
      className={main ? `flex border-b border-gray-200 ${className}` : `flex gap-2 overflow-x-auto py-2 ${className}`}
    >
      {items.map((item, index) => {
        const selected = item.value === value;
        const look = main
          ? `flex-1 border-b-2 px-1 py-3 text-[15px] font-semibold whitespace-nowrap sm:px-3 ${selected ? "border-gray-900 text-gray-900" : "border-transparent text-gray-500 hover:text-gray-600"}`
          : `shrink-0 rounded-full border px-3 py-1.5 text-sm ${selected ? "border-gray-900 bg-gray-900 text-white" : "border-gray-200 bg-white text-gray-600"}`;
        return (
          <button
            key={item.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.value)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, item.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`${look} focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, value, children }: { idPrefix: string; value: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, value)} aria-labelledby={tabId(idPrefix, value)} tabIndex={0}>
      {children}
    </div>
  );
}
