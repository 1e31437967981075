import type { UserProfile } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginRequiredProvider } from "../../../shared/ui/login-required";
import { endSession, signInWithFetch } from "../../../test/session";
import { jsonResponse, ME } from "../../../test/tokens";
import { relationButtons } from "../lib/relation-buttons";
import { RelationActions } from "./relation-actions";

const OTHER: UserProfile = {
  ...ME,
  id: 9,
  user_id: 9,
  username: "other_fan",
  follower_count: 3,
};

function renderActions(profile: UserProfile, myId: number | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginRequiredProvider>
          <RelationActions profile={profile} myId={myId} />
        </LoginRequiredProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(endSession);

describe("relationButtons (SPEC §4 hiding rules)", () => {
  it.each([
    [false, false, { follow: true, block: true }],
    [true, false, { follow: true, block: false }],
    [false, true, { follow: false, block: true }],
    [true, true, { follow: false, block: true }],
  ])("following=%s blocked=%s", (isFollowing, isBlocked, expected) => {
    expect(relationButtons({ is_following: isFollowing, is_blocked: isBlocked })).toEqual(expected);
  });
});

describe("RelationActions", () => {
  it("offers follow and block to a stranger", () => {
    renderActions(OTHER, null);
    expect(screen.getByRole("button", { name: "팔로우" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "차단" })).toBeInTheDocument();
  });

  it("hides block while following", () => {
    renderActions({ ...OTHER, is_following: true }, 7);
    expect(screen.getByRole("button", { name: "other_fan님 팔로우 취소" })).toHaveTextContent("팔로잉");
    expect(screen.queryByRole("button", { name: "차단" })).not.toBeInTheDocument();
  });

  it("hides follow while blocked and offers 차단 해제", () => {
    renderActions({ ...OTHER, is_blocked: true }, 7);
    expect(screen.queryByRole("button", { name: "팔로우" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "차단 해제" })).toBeInTheDocument();
  });

  it("shows visitors the login-required overlay instead of following", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, {}));
    vi.stubGlobal("fetch", fetchMock);
    renderActions(OTHER, null);
    await userEvent.click(screen.getByRole("button", { name: "팔로우" }));
    expect(await screen.findByRole("dialog", { name: "로그인이 필요한 기능이에요" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks before blocking, then sends the block", async () => {
    // Every request but the member's own record.
    const answer = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(201, { user_id: 9, blocked: true }));
    await signInWithFetch(answer);
    renderActions(OTHER, 7);
    await userEvent.click(screen.getByRole("button", { name: "차단" }));
    const dialog = await screen.findByRole("dialog", { name: "차단하기" });
    expect(answer).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "차단" }));
    await waitFor(() => expect(answer).toHaveBeenCalled());
    const [url, init] = answer.mock.calls[0] ?? [];
    expect(url).toBe("/api/users/block/9");
    expect(init?.method).toBe("POST");
  });
});
