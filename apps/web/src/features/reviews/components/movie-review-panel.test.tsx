import { LOG, MSG } from "@moviepedia/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEYBOARD_COMMIT_DELAY_MS } from "../../../shared/ui/star-rating";
import { endSession, signIn } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { type FakeApi, fakeApi, renderWithProviders, review } from "../test/harness";
import { MovieReviewPanel } from "./movie-review-panel";

const MINE = "/api/reviews/movie/350/mine";
let api: FakeApi;
let stored: ReturnType<typeof review> | null;

/**
 * A server that keeps one review and applies PUT …/mine as the contract's partial upsert; with none, GET answers the
 * empty object (id 0), never a 404 (API.md §4.5).
 */
function serveMine() {
  api.on("GET", MINE, () =>
    jsonResponse(200, stored ?? review({ id: 0, rating: 0, status: "", content: "", spoiler: false })),
  );
  api.on("PUT", MINE, (body) => {
    const patch = Object.fromEntries(Object.entries(body as object).filter(([, v]) => v !== null));
    // An emptied review keeps its row and id, hidden: GET answers it as the empty object with that id.
    stored = review({ ...(stored ?? {}), ...patch });
    return jsonResponse(200, stored);
  });
  api.on("GET", "/api/recommend/predict/350", () => jsonResponse(200, { movie_id: 350, expected_rating: 4.2 }));
}

function renderPanel(onSaved = vi.fn()) {
  renderWithProviders(<MovieReviewPanel movieId={350} movieTitle="기생충" onSaved={onSaved} onMore={vi.fn()} />);
  return onSaved;
}

function half(star: number, side: "left" | "right"): Element {
  return document.querySelector(`[data-star="${star}"] [data-half="${side}"]`) as Element;
}

const puts = () => api.calls.filter((call) => call.method === "PUT").map((call) => call.body);

beforeEach(() => {
  stored = null;
  api = fakeApi();
  serveMine();
});
afterEach(endSession);

describe("MovieReviewPanel for a member", () => {
  beforeEach(signIn);

  it("rates through PUT …/mine, shows 예상 별점 only while unrated, and refetches the movie", async () => {
    const onSaved = renderPanel();
    expect(await screen.findByText("4.2")).toBeInTheDocument();
    await userEvent.click(half(4, "left"));
    await waitFor(() => expect(puts()).toEqual([{ rating: 3.5 }]));
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "볼만해요");
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(screen.queryByText("예상 별점")).not.toBeInTheDocument();
    // The line's slot stays (empty), so the action row below does not move.
    const slot = document.querySelector('[data-slot="prediction"]');
    expect(slot).toBeInTheDocument();
    expect(slot).toHaveClass("h-6");
    expect(slot).toBeEmptyDOMElement();
    await userEvent.click(half(4, "left"));
    await waitFor(() => expect(puts()).toEqual([{ rating: 3.5 }, { rating: 0 }]));
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "평가하기");
  });

  it("saves arrow-key steps once: on Enter, after a pause, on blur; a click saves at once", async () => {
    renderPanel();
    const slider = screen.getByRole("slider");
    await waitFor(() => expect(slider).not.toHaveAttribute("aria-disabled"));
    slider.focus();
    for (let i = 0; i < 5; i++) fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider).toHaveAttribute("aria-valuetext", "부족해요");
    expect(puts()).toEqual([]);
    fireEvent.keyDown(slider, { key: "Enter" });
    await waitFor(() => expect(puts()).toEqual([{ rating: 2.5 }]));

    // A pause commits the settled value (real timers: the widget waits KEYBOARD_COMMIT_DELAY_MS).
    for (let i = 0; i < 3; i++) fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(puts()).toHaveLength(1);
    await waitFor(() => expect(puts()).toEqual([{ rating: 2.5 }, { rating: 4 }]), { timeout: 3000 });

    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    fireEvent.blur(slider);
    await waitFor(() => expect(puts()).toEqual([{ rating: 2.5 }, { rating: 4 }, { rating: 3.5 }]));

    await userEvent.click(half(5, "right"));
    await waitFor(() => expect(puts()).toHaveLength(4));
    expect(puts()[3]).toEqual({ rating: 5 });
    // Nothing else is pending: no late write follows.
    await new Promise((resolve) => setTimeout(resolve, KEYBOARD_COMMIT_DELAY_MS + 100));
    expect(puts()).toHaveLength(4);
  });

  it.each([
    ["none (id 0)", 0],
    ["a review its owner emptied (hidden, id kept)", 77],
  ])("treats the empty object — %s — as unrated and logs nothing", async (_label, id) => {
    const log = vi.spyOn(console, "error");
    stored = id === 0 ? null : review({ id, rating: 0, status: "", content: "", spoiler: false });
    renderPanel();
    expect(await screen.findByText("4.2")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("slider")).not.toHaveAttribute("aria-disabled"));
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "평가하기");
    expect(screen.getByRole("button", { name: "코멘트 남기기" })).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("toggles watch status: the active one clears, the other one switches", async () => {
    renderPanel();
    const want = await screen.findByRole("button", { name: "보고싶어요" });
    const watching = screen.getByRole("button", { name: "보는 중" });
    await waitFor(() => expect(screen.getByRole("slider")).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(want);
    expect(want).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(watching);
    expect(watching).toHaveAttribute("aria-pressed", "true");
    expect(want).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(watching);
    expect(watching).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(puts()).toEqual([{ status: "WatchList" }, { status: "Watching" }, { status: "" }]));
  });

  it("rolls a failed rating back, logs SPEC §8's line and tells the member in Korean", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    api.on("PUT", MINE, () => jsonResponse(500, { code: "INTERNAL_ERROR", detail: "boom" }));
    renderPanel();
    await waitFor(() => expect(screen.getByRole("slider")).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(half(5, "right"));
    expect(await screen.findByText(MSG.saveRatingFailed)).toBeInTheDocument();
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "평가하기");
    expect(log).toHaveBeenCalledWith(LOG.saveRating, expect.anything());
    log.mockRestore();
  });

  it("writes a spoiler comment in the modal, seeded with the text and cut with the counter", async () => {
    stored = review({ rating: 4, content: "처음 글" });
    renderPanel();
    expect(await screen.findByText("처음 글")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "코멘트 수정" }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText("코멘트 내용");
    expect(field).toHaveValue("처음 글");
    expect(within(dialog).getByText("4/10000")).toBeInTheDocument();
    await userEvent.type(field, " 더");
    await userEvent.click(within(dialog).getByLabelText("스포일러가 있어요"));
    await userEvent.click(within(dialog).getByRole("button", { name: "저장" }));
    await waitFor(() => expect(puts()).toEqual([{ content: "처음 글 더", spoiler: true }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("처음 글 더")).toBeInTheDocument();
  });

  it("keeps the modal open with the text when the comment could not be saved", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    api.on("PUT", MINE, () => jsonResponse(503, { code: "INTERNAL_ERROR", detail: "" }));
    renderPanel();
    await waitFor(() => expect(screen.getByRole("slider")).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(screen.getByRole("button", { name: "코멘트 남기기" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("코멘트 내용"), "좋았다");
    await userEvent.click(within(dialog).getByRole("button", { name: "저장" }));
    expect(await within(dialog).findByText(MSG.saveReviewFailed)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("코멘트 내용")).toHaveValue("좋았다");
    expect(log).toHaveBeenCalledWith(LOG.saveReview, expect.anything());
    log.mockRestore();
  });

  it("deletes the comment by emptying its text after confirming, keeping rating and status", async () => {
    stored = review({ rating: 4, status: "Watching", content: "지울 글" });
    renderPanel();
    await userEvent.click(await screen.findByRole("button", { name: "코멘트 삭제" }));
    const dialog = await screen.findByRole("dialog", { name: "코멘트 삭제" });
    await userEvent.click(within(dialog).getByRole("button", { name: "삭제" }));
    await waitFor(() => expect(puts()).toEqual([{ content: "", spoiler: false }]));
    expect(await screen.findByRole("button", { name: "코멘트 남기기" })).toBeInTheDocument();
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "재미있어요");
    expect(screen.getByRole("button", { name: "보는 중" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("MovieReviewPanel for a visitor", () => {
  it("shows the login overlay instead of rating, marking or commenting", async () => {
    renderPanel();
    await userEvent.click(half(3, "right"));
    expect(await screen.findByRole("dialog", { name: MSG.loginRequiredTitle })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "닫기" }));
    await userEvent.click(screen.getByRole("button", { name: "보고싶어요" }));
    expect(await screen.findByRole("dialog", { name: MSG.loginRequiredTitle })).toBeInTheDocument();
    expect(puts()).toEqual([]);
    expect(screen.getByRole("slider", { hidden: true })).toHaveAttribute("aria-valuetext", "평가하기");
  });
});
