import type { Notification } from "@moviepedia/contract";
import { describe, expect, it } from "vitest";
import { notificationLink, notificationText } from "./notification-link";
import { relativeTime } from "./relative-time";

const actor = (id: number, username: string) => ({ id, username, profile_url: `/media/avatar/${id}.svg` });
const base: Notification = {
  id: 1,
  type: "review_like",
  actors: [actor(7, "윤도예")],
  actor_count: 13,
  target: { kind: "review", id: 40, movie_id: 12, collection_id: null, review_id: 40, excerpt: "좋은 영화" },
  created_at: "2026-03-02T10:00:00",
  read: false,
};

describe("notifications in the web app", () => {
  it("say who did what, grouping the others", () => {
    expect(notificationText(base)).toBe("윤도예 님 외 12명이 회원님의 코멘트를 좋아해요.");
    expect(notificationText({ ...base, type: "follow", actor_count: 1 })).toBe("윤도예 님이 회원님을 팔로우했어요.");
  });

  it("lead to the profile, the comment (at the reply) or the collection", () => {
    expect(notificationLink(base)).toBe("/comments/12/40");
    expect(notificationLink({ ...base, type: "follow", target: { ...base.target, kind: "user", id: 7 } })).toBe(
      "/profile/7",
    );
    expect(notificationLink({ ...base, type: "reply", target: { ...base.target, kind: "reply", id: 99 } })).toBe(
      "/comments/12/40#reply-99",
    );
    expect(
      notificationLink({
        ...base,
        type: "collection_comment",
        target: { kind: "collection_comment", id: 5, movie_id: null, collection_id: 3, review_id: null, excerpt: null },
      }),
    ).toBe("/collections/3#comment-5");
  });

  it("tell the time relative to now, then the Korea-time date", () => {
    const now = new Date("2026-03-02T10:00:00Z");
    expect(relativeTime("2026-03-02T09:59:30", now)).toBe("방금 전");
    expect(relativeTime("2026-03-02T09:15:00", now)).toBe("45분 전");
    expect(relativeTime("2026-03-01T22:00:00", now)).toBe("12시간 전");
    expect(relativeTime("2026-02-27T10:00:00", now)).toBe("3일 전");
    expect(relativeTime("2026-01-01T16:00:00", now)).toBe("2026년 1월 2일");
  });
});
