// Public face of the profile feature: its pages (loaded lazily by the router) and member queries for other features.
export const profilePages = {
  profile: () => import("./pages/profile-page"),
  reviews: () => import("./pages/user-reviews-page"),
  followers: () => import("./pages/followers-page"),
  followings: () => import("./pages/followings-page"),
  likes: () => import("./pages/likes-page"),
};

export { fetchBlockedIds, fetchFollowers, fetchFollowings, fetchUserProfile, profileQueries } from "./api/profile-api";
export { fetchMoviesByIds, fetchMoviesByIdsOrNull } from "./api/movies-batch";
export { afterRelationChange, sendRelation, type RelationAction } from "./api/social-api";
export { MemberRow } from "./components/member-row";
