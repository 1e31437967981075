import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LoginRequiredProvider } from "../../../shared/ui/login-required";
import { endSession, signIn } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { type FakeApi, fakeApi, review } from "../test/harness";
import MovieCommentsPage from "./movie-comments-page";

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(endSession);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/movies/350/comments"]}>
        <LoginRequiredProvider>
          <Routes>
            <Route path="/movies/:movieId/comments" element={<MovieCommentsPage />} />
          </Routes>
        </LoginRequiredProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe("MovieCommentsPage", () => {
  it("keeps a like when the list's next window, asked for before the like's answer, lands after it", async () => {
    await signIn();
    let liked = false;
    const firstWindow = () =>
      Array.from({ length: 10 }, (_, i) =>
        review({ id: 21 + i, user_id: 99, user_name: `작성자${i}`, content: `코멘트 ${i}` }),
      ).map((r) => (r.id === 21 && liked ? { ...r, like: true, likes_count: 1 } : r));
    let releaseSecond: (() => void) | null = null;
    let secondWindows = 0;
    api.on("GET", "/api/reviews/movie/350", (_body, url) => {
      if (url.searchParams.get("begin") === "0") return jsonResponse(200, firstWindow());
      secondWindows++;
      // The first ask for the second window is held until the like has been answered.
      if (secondWindows > 1) return jsonResponse(200, []);
      return new Promise<Response>((resolve) => {
        releaseSecond = () => resolve(jsonResponse(200, []));
      });
    });
    api.on("GET", "/api/movies/350", () => jsonResponse(200, { id: 350, title: "테스트 영화", year: 2020 }));
    api.on("PATCH", "/api/reviews/like/21", () => {
      liked = true;
      return jsonResponse(200, { ...firstWindow()[0], like: true, likes_count: 1 });
    });

    const client = renderPage();
    const card = await screen.findByRole("article", { name: "작성자0의 코멘트" });
    await waitFor(() => expect(releaseSecond).not.toBeNull());
    await userEvent.click(within(card).getByRole("button", { name: "좋아요 0" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "PATCH")).toBe(true));
    const current = () => within(screen.getByRole("article", { name: "작성자0의 코멘트" }));
    await waitFor(() => expect(current().getByRole("button", { name: "좋아요 1" })).toBeInTheDocument());

    releaseSecond!();
    // Once nothing is being read any more, the cached list and the card hold the server's answer.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const cached = client.getQueriesData<{ pages: { id: number; like: boolean }[][] }>({
      queryKey: ["reviews", "movie", 350, "list"],
    });
    expect(cached.flatMap(([, data]) => data?.pages.flat() ?? []).find((r) => r.id === 21)).toMatchObject({
      like: true,
      likes_count: 1,
    });
    await waitFor(() =>
      expect(current().getByRole("button", { name: "좋아요 1" })).toHaveAttribute("aria-pressed", "true"),
    );
  });
});
