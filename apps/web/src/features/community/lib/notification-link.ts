// Where a notification leads (issue #21): the follower's profile, the comment page (at the reply), the collection.
import type { Notification } from "@moviepedia/contract";
import { COMMUNITY } from "../strings";

export function notificationLink(n: Notification): string {
  const { target } = n;
  switch (target.kind) {
    case "user":
      return `/profile/${target.id}`;
    case "review":
      return `/comments/${target.movie_id}/${target.id}`;
    case "reply":
      return `/comments/${target.movie_id}/${target.review_id}#reply-${target.id}`;
    case "collection":
      return `/collections/${target.id}`;
    case "collection_comment":
      return `/collections/${target.collection_id}#comment-${target.id}`;
  }
}

const ACTION: Record<Notification["type"], string> = {
  follow: COMMUNITY.follow,
  review_like: COMMUNITY.reviewLike,
  reply: COMMUNITY.reply,
  reply_like: COMMUNITY.replyLike,
  collection_like: COMMUNITY.collectionLike,
  collection_comment: COMMUNITY.collectionComment,
  collection_comment_like: COMMUNITY.collectionCommentLike,
};

/** "윤도예 님 외 12명이 회원님의 코멘트를 좋아해요." */
export function notificationText(n: Notification): string {
  const first = n.actors[0]?.username ?? "";
  return `${COMMUNITY.others(first, Math.max(0, n.actor_count - 1))} ${ACTION[n.type]}`;
}
