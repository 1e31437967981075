// What other modules use of users.
export { avatarUrl, toFollowUser, toMe, toUserProfile } from "./mapper.js";
export { findUserById, findUserByLoginId, findUserByUsername, findUsersByIds, insertUser } from "./repository.js";
