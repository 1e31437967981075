import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useInfiniteWindow } from "./use-infinite-window";

type Item = { id: number };

class FakeObserver {
  static all: FakeObserver[] = [];
  target: Element | null = null;
  live = true;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.live = false;
  }
}

/** The sentinel comes within reach, as the browser would report it. */
function scrollToBottom() {
  act(() => {
    for (const observer of FakeObserver.all.filter((o) => o.live && o.target)) {
      observer.callback([{ isIntersecting: true }]);
    }
  });
}

const ids = (from: number, to: number): Item[] => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i }));

function List({ fetchWindow }: { fetchWindow: (begin: number, end: number) => Promise<Item[] | null> }) {
  const list = useInfiniteWindow<Item>({ queryKey: ["test"], fetchWindow, pageSize: 10 });
  return (
    <div>
      {list.isLoading ? <p>loading</p> : null}
      {list.isError ? <p>error</p> : null}
      {list.isEmpty ? <p>empty</p> : null}
      <ul>
        {list.items.map((item) => (
          <li key={item.id}>{item.id}</li>
        ))}
      </ul>
      <p>{list.hasMore ? "more" : "end"}</p>
      <div ref={list.sentinelRef} />
    </div>
  );
}

function renderList(fetchWindow: (begin: number, end: number) => Promise<Item[] | null>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <List fetchWindow={fetchWindow} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe("useInfiniteWindow", () => {
  it("loads the next window near the bottom, de-duplicates by id and stops on a short page", async () => {
    const pages: Record<number, Item[]> = { 0: ids(1, 10), 10: ids(9, 18), 20: ids(19, 21) };
    const fetchWindow = vi.fn(async (begin: number, _end: number) => pages[begin] ?? []);
    renderList(fetchWindow);
    expect(await screen.findByText("10")).toBeInTheDocument();
    expect(FakeObserver.all.at(-1)?.options.rootMargin).toBe("0px 0px 100px 0px");

    scrollToBottom();
    expect(await screen.findByText("18")).toBeInTheDocument();
    scrollToBottom();
    expect(await screen.findByText("21")).toBeInTheDocument();
    expect(await screen.findByText("end")).toBeInTheDocument();

    scrollToBottom();
    expect(fetchWindow.mock.calls.map(([begin, end]) => [begin, end])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
    ]);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(
      ids(1, 21).map((item) => String(item.id)),
    );
  });

  it("stops at once when the first window is short", async () => {
    const fetchWindow = vi.fn(async () => ids(1, 3));
    renderList(fetchWindow);
    expect(await screen.findByText("end")).toBeInTheDocument();
    scrollToBottom();
    expect(fetchWindow).toHaveBeenCalledTimes(1);
  });

  it("reports an empty list", async () => {
    renderList(async () => []);
    expect(await screen.findByText("empty")).toBeInTheDocument();
  });

  it("reports a failed first window", async () => {
    renderList(async () => null);
    expect(await screen.findByText("error")).toBeInTheDocument();
  });
});
