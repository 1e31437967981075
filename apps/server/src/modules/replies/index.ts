// What other modules use of replies.
export type { RepliesService } from "./service.js";
