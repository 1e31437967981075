import { MSG } from "@moviepedia/contract";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endSession, signInWithFetch } from "../test/session";
import { jsonResponse } from "../test/tokens";
import { Providers } from "./providers";
import { routes } from "./routes";

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonResponse(404, { code: "NOT_FOUND", detail: "" })),
  );
});
afterEach(endSession);

// Every route of SPEC §2 with the heading its page shows.
const ROUTES: [string, string][] = [
  ["/", "무비피디아"],
  ["/movies", "차트"],
  ["/movies/12", "영화 정보"],
  ["/movies/12/comments", "코멘트"],
  ["/comments/12/3", "코멘트"],
  ["/people/5", "인물 정보"],
  ["/login", "로그인"],
  ["/signup", "회원가입"],
  ["/profile/7", "프로필"],
  ["/profile/7/collections", "컬렉션"],
  ["/profile/7/collections/new?movie=12", "새 컬렉션"],
  ["/profile/7/reviews", "평가·코멘트"],
  ["/profile/7/followers", "팔로워"],
  ["/profile/7/followings", "팔로잉"],
  ["/profile/7/likes?selected=reviews", "좋아요"],
  ["/mypage/settings", "설정"],
  ["/mypage/settings/block", "차단한 사용자"],
  ["/monthly/2025-02", "월간 무비피디아"],
  ["/rating", "평가하기"],
  ["/news", "소식"],
  ["/search?query=괴물&category=movie", "검색"],
  ["/collections/4", "컬렉션"],
  ["/collections/4/edit", "컬렉션 수정"],
  ["/recommend", "추천"],
  ["/analysis", "취향 분석"],
  ["/about", "서비스 정보"],
  ["/oauth/kakao", "소셜 로그인"],
  ["/oauth/google", "소셜 로그인"],
];

describe("router", () => {
  it.each(ROUTES)("%s shows its page", async (path, heading) => {
    renderAt(path);
    // The first page of a run waits for its lazily loaded module's first transform: longer than findBy's 1 s on a
    // loaded machine.
    expect(await screen.findByRole("heading", { level: 1, name: heading }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("answers unknown paths with the Korean 404 page", async () => {
    renderAt("/no/such/page");
    expect(await screen.findByText(MSG.notFound)).toBeInTheDocument();
  });

  it("says the permanent placeholders are not offered", async () => {
    renderAt("/news");
    expect(await screen.findByText(/제공하지 않는 기능/)).toBeInTheDocument();
  });
});

describe("bottom navigation", () => {
  it("offers 로그인 to visitors and remembers where they were", async () => {
    const router = renderAt("/movies/12?tab=info");
    const nav = await screen.findByRole("navigation", { name: "주요 메뉴" });
    expect(within(nav).queryByText("마이페이지")).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole("link", { name: "로그인" }));
    expect(router.state.location.pathname).toBe("/login");
    expect(sessionStorage.getItem("returnPath")).toBe("/movies/12?tab=info");
  });

  it("offers 마이페이지 to a member whose id is known", async () => {
    await signInWithFetch(() => jsonResponse(404, { code: "NOT_FOUND", detail: "" }));
    renderAt("/");
    const nav = await screen.findByRole("navigation", { name: "주요 메뉴" });
    expect(within(nav).getByRole("link", { name: "마이페이지" })).toHaveAttribute("href", "/profile/7");
    expect(within(nav).queryByText("로그인")).not.toBeInTheDocument();
  });
});

describe("login-required overlay", () => {
  it("stops visitors at the member-only entries of home", async () => {
    const router = renderAt("/");
    await userEvent.click(await screen.findByRole("link", { name: /취향 분석/ }));
    const dialog = await screen.findByRole("dialog", { name: MSG.loginRequiredTitle });
    expect(router.state.location.pathname).toBe("/");
    expect(within(dialog).getByRole("button", { name: "닫기" })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "로그인" }));
    expect(router.state.location.pathname).toBe("/login");
    expect(sessionStorage.getItem("returnPath")).toBe("/");
  });

  it("closes with its close icon", async () => {
    renderAt("/");
    await userEvent.click(await screen.findByRole("link", { name: /추천/ }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "닫기" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
