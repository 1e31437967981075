// What other modules use of shared.
export { blocksAnyone, hasBlocked } from "./blocks.js";
export { notBlockedBy } from "./blocks-repository.js";
export { addLike, likedSet, markedSet, toggleLike, toggleLikeCounted } from "./likes.js";
