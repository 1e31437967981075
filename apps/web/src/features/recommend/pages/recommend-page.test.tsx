import { LOG, MSG } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endSession, signInWithFetch } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import RecommendPage from "./recommend-page";

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RecommendPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const movie = (id: number, title: string, average_rating: number | null = null) => ({
  id,
  title,
  poster_url: `/media/poster/${id}.svg`,
  average_rating,
});

afterEach(endSession);

describe("recommendations page", () => {
  it("without a token shows the Korean message and logs SPEC §8's line", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderPage();
    expect(screen.getByText(MSG.noAccessToken)).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(LOG.noAccessToken);
  });

  it("shows both lists with posters, titles and expected ratings", async () => {
    const mock = await signInWithFetch((url) => {
      if (url.startsWith("/api/recommend/expect")) return jsonResponse(200, [{ movie_id: 3, expected_rating: 4.25 }]);
      if (url.startsWith("/api/recommend/difference")) return jsonResponse(200, [{ movie_id: 4, expected_rating: 3 }]);
      if (url === "/api/movies?ids=3") return jsonResponse(200, [movie(3, "기생충")]);
      if (url === "/api/movies?ids=4") return jsonResponse(200, [movie(4, "괴물", 2.2)]);
      return jsonResponse(404, { code: "NOT_FOUND", detail: "" });
    });
    renderPage();
    const expect1 = await screen.findByTestId("recommend-expect");
    expect(await within(expect1).findByText("기생충")).toBeInTheDocument();
    expect(within(expect1).getByText("예상 ★ 4.3")).toBeInTheDocument();
    expect(within(expect1).getByRole("link", { name: /기생충/ })).toHaveAttribute("href", "/movies/3");
    const difference = screen.getByTestId("recommend-difference");
    expect(await within(difference).findByText("예상 ★ 3.0")).toBeInTheDocument();
    expect(within(difference).getByRole("heading", { name: "평균보다 내 취향" })).toBeInTheDocument();
    // Why it is there: the prediction (3.0) minus the film's average (2.2); the expect list says no such thing.
    expect(within(difference).getByText("평균보다 +0.8")).toBeInTheDocument();
    expect(within(expect1).queryByText(/평균보다/)).toBeNull();
    expect(mock.mock.calls.filter(([url]) => String(url).startsWith("/api/recommend/"))).toHaveLength(2);
  });

  it("says the recommendations failed, logging SPEC §8's line", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await signInWithFetch(() => jsonResponse(500, { code: "INTERNAL_ERROR", detail: "" }));
    renderPage();
    await waitFor(() => expect(screen.getAllByText(MSG.recommendationsFailed)).toHaveLength(2));
    expect(log).toHaveBeenCalledWith(LOG.recommendations, expect.anything());
  });
});
