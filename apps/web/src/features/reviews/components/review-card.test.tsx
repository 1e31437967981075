import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endSession, signIn } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { type FakeApi, fakeApi, renderWithProviders, review } from "../test/harness";
import { ReviewCard } from "./review-card";

let api: FakeApi;
const other = (overrides: Record<string, unknown> = {}) =>
  review({ id: 21, user_id: 99, user_name: "다른사람", content: "범인은 집사였다", ...overrides });

beforeEach(() => {
  api = fakeApi();
});
afterEach(endSession);

describe("ReviewCard", () => {
  it("hides a spoiler behind its notice until 보기", async () => {
    renderWithProviders(<ReviewCard review={other({ spoiler: true, rating: 4.5 })} />);
    expect(screen.getByText("스포일러가 있어요")).toBeInTheDocument();
    expect(screen.queryByText("범인은 집사였다")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "보기" }));
    expect(screen.getByText("범인은 집사였다")).toBeInTheDocument();
    expect(screen.getByText("4.5")).toBeInTheDocument();
  });

  it("shows 평가 전 with the status label when the author has not rated", () => {
    renderWithProviders(<ReviewCard review={other({ status: "WatchList" })} />);
    expect(screen.getByText("평가 전")).toBeInTheDocument();
    expect(screen.getByText("보고싶어요")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "코멘트 자세히 보기" })).toHaveAttribute("href", "/comments/350/21");
    expect(screen.getByRole("link", { name: "다른사람의 프로필" })).toHaveAttribute("href", "/profile/99");
  });

  it("shows the date in Korea time", () => {
    renderWithProviders(<ReviewCard review={other({ created_at: "2025-01-31T16:30:00" })} />);
    expect(screen.getByText("2025년 2월 1일")).toBeInTheDocument();
  });

  it("toggles a like at once and quietly rolls it back when the server fails", async () => {
    await signIn();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail = () => {};
    api.on(
      "PATCH",
      "/api/reviews/like/21",
      () =>
        new Promise<Response>((resolve) => {
          fail = () => resolve(jsonResponse(500, { code: "INTERNAL_ERROR", detail: "" }));
        }),
    );
    renderWithProviders(<ReviewCard review={other({ likes_count: 3 })} />);
    const like = screen.getByRole("button", { name: "좋아요 3" });
    await userEvent.click(like);
    expect(like).toHaveAttribute("aria-pressed", "true");
    expect(like).toHaveAccessibleName("좋아요 4");
    // The app's one like icon: the heart, filled while liked.
    expect(like.querySelector('[data-icon="like"]')).toHaveClass("lucide-heart", "fill-accent");
    await waitFor(() => expect(api.calls.some((call) => call.method === "PATCH")).toBe(true));
    fail();
    await waitFor(() => expect(like).toHaveAttribute("aria-pressed", "false"));
    expect(like).toHaveAccessibleName("좋아요 3");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    log.mockRestore();
  });
});
