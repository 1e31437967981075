import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { endSession, signInWithFetch } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { parseLikesTab } from "../lib/likes-tab";
import LikesPage from "./likes-page";

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/profile/:userId/likes", Component: LikesPage },
      { path: "/profile/:userId", element: <h1>프로필 화면</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const PERSON = {
  id: 5,
  name: "봉준호",
  roles: ["감독"],
  profile_url: "/media/person/5.svg",
  biography: null,
  likes_count: 1,
  like: true,
};

afterEach(endSession);

describe("likes page", () => {
  it("reads the selected tab, defaulting to participants", () => {
    expect(parseLikesTab(null)).toBe("participants");
    expect(parseLikesTab("bogus")).toBe("participants");
    expect(parseLikesTab("collections")).toBe("collections");
    expect(parseLikesTab("reviews")).toBe("reviews");
  });

  it("redirects another member's likes to their profile", async () => {
    await signInWithFetch(() => jsonResponse(200, []));
    const router = renderAt("/profile/8/likes?selected=reviews");
    expect(await screen.findByRole("heading", { name: "프로필 화면" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile/8");
  });

  it("shows one's own liked people by default and switches tabs through the URL", async () => {
    const mock = await signInWithFetch((url) =>
      url.startsWith("/api/users/likes_participant") ? jsonResponse(200, [PERSON]) : jsonResponse(200, []),
    );
    const router = renderAt("/profile/7/likes");
    expect(await screen.findByText("봉준호")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "인물" })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(screen.getByRole("tab", { name: "컬렉션" }));
    expect(await screen.findByText("좋아한 컬렉션이 없어요.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?selected=collections");
    // Cards show four posters: only those are embedded (movies_limit, API.md §4.0).
    expect(
      mock.mock.calls.some(([url]) => String(url) === "/api/users/likes_collection?begin=0&end=10&movies_limit=4"),
    ).toBe(true);
  });

  it("asks visitors to log in", async () => {
    renderAt("/profile/7/likes");
    expect(await screen.findByRole("heading", { level: 1, name: "좋아요" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "로그인" })).toBeInTheDocument();
  });
});
