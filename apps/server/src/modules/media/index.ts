// What other modules use of media: uploaded avatars (encoding, storage) for the users module.
export { AvatarStore, encodeAvatar, invalidImage } from "./avatars.js";
