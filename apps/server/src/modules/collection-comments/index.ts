// What other modules use of collection comments.
export type { CollectionCommentsService } from "./service.js";
