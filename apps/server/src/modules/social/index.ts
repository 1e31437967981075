// What other modules use of social.
export type { SocialService } from "./service.js";
