// Uploaded avatars (docs/media.md): decoded with sharp under a pixel limit, squared to 256 px WebP without any of the
// upload's metadata (EXIF: camera, place, time), and stored under MEDIA_DIR/avatars/ by a name that holds the member's
// id and a hash of the picture, so a new picture gets a new URL and every cache can keep the old one forever.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AVATAR_MAX_PIXELS, AVATAR_SIZE } from "@moviepedia/contract";
import type { Metadata } from "sharp";
import { loadSharp } from "../../lib/sharp.js";
import { ApiError } from "../../http/errors.js";

const WEBP_QUALITY = 82;
const AVATAR_URL = /^\/media\/avatars\/([0-9]{1,10}-[0-9a-f]{16}\.webp)$/;
const AVATAR_FILE = /^[0-9]{1,10}-[0-9a-f]{16}\.webp$/;

export const invalidImage = () =>
  new ApiError("INVALID_IMAGE", "The body is not a JPEG, PNG or WebP image that can be read.");
const tooManyPixels = () => new ApiError("BODY_TOO_LARGE", "The image is larger than 40 megapixels.");

/** sharp's failure → our answer: its pixel limit is 413 (sharp checks it from the header, before decoding). */
function refusal(error: unknown): ApiError {
  return /pixel limit/i.test((error as Error).message) ? tooManyPixels() : invalidImage();
}

/** The container format by its first bytes; anything else (SVG, GIF, HEIC, text) is refused before decoding. */
export function sniffImageType(bytes: Buffer): "jpeg" | "png" | "webp" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "webp";
  }
  return null;
}

/**
 * The stored avatar: upright (EXIF orientation applied), centre-cropped to a square, 256 px, WebP, no metadata.
 * Not an image → 400 INVALID_IMAGE; more than 40 megapixels (a decompression bomb among them) → 413.
 */
export async function encodeAvatar(upload: Buffer): Promise<Buffer> {
  const type = sniffImageType(upload);
  if (type === null) throw invalidImage();
  const sharp = await loadSharp();
  const image = sharp(upload, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error" });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (metadata.format !== type) throw invalidImage();
  // Also checked here, from the header, before any pixel is decoded: a small file declaring a huge picture never
  // expands in memory.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > AVATAR_MAX_PIXELS) throw tooManyPixels();
  try {
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw refusal(error);
  }
}

export class AvatarStore {
  constructor(private readonly dir: string) {}

  /** Stores the encoded avatar of `userId`; returns its URL on this origin. */
  async save(userId: number, webp: Buffer): Promise<string> {
    const file = `${userId}-${createHash("sha256").update(webp).digest("hex").slice(0, 16)}.webp`;
    await fs.mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `${file}.tmp-${randomBytes(4).toString("hex")}`);
    await fs.writeFile(temporary, webp);
    await fs.rename(temporary, path.join(this.dir, file));
    return `/media/avatars/${file}`;
  }

  /** Removes the file behind a stored `profile_url` if it is one of ours; other URLs are left alone. */
  async remove(url: string | null): Promise<void> {
    const match = url === null ? null : AVATAR_URL.exec(url);
    if (match) await fs.rm(path.join(this.dir, match[1]!), { force: true });
  }

  /** Whether `url` is an uploaded avatar's. */
  owns(url: string | null): boolean {
    return url !== null && AVATAR_URL.test(url);
  }

  /** The bytes of an avatar file, or null (unknown, or not a name we hand out). */
  async read(file: string): Promise<Buffer | null> {
    if (!AVATAR_FILE.test(file)) return null;
    return fs.readFile(path.join(this.dir, file)).catch(() => null);
  }
}
