// Public face of the profile feature for other features: member queries, relations and the member row.
export { fetchBlockedIds, fetchFollowers, fetchFollowings, fetchUserProfile, profileQueries } from "./api/profile-api";
export { fetchMoviesByIds, fetchMoviesByIdsOrNull } from "./api/movies-batch";
export { afterRelationChange, sendRelation, type RelationAction } from "./api/social-api";
export { MemberRow } from "./components/member-row";
