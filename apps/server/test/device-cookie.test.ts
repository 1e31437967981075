// The known-device cookie (docs/security.md): only the exact value the server signed names a member.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deviceCookieUser, deviceCookieValue } from "../src/modules/auth/device-cookie.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("known-device cookie", () => {
  const secret = randomBytes(32);

  it("names the member it was signed for, and no one for another key, member or nonce", () => {
    const value = deviceCookieValue(secret, 42);
    expect(deviceCookieUser(secret, value)).toBe(42);
    expect(deviceCookieUser(randomBytes(32), value)).toBeNull();
    expect(deviceCookieUser(secret, value.replace(/^42\./, "43."))).toBeNull();
    const [id, nonce, mac] = value.split(".");
    const otherNonce = nonce!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
    expect(deviceCookieUser(secret, `${id}.${otherNonce}.${mac}`)).toBeNull();
    expect(deviceCookieUser(secret, undefined)).toBeNull();
    expect(deviceCookieUser(secret, "42.x.y")).toBeNull();
  });

  it("refuses every other spelling of the signature, those decoding to the same bytes included", () => {
    for (let round = 0; round < 20; round++) {
      const value = deviceCookieValue(secret, 7);
      const last = value.at(-1)!;
      const index = ALPHABET.indexOf(last);
      // The last of 43 characters carries 4 bits of the 32-byte HMAC and 2 unused ones: its 3 siblings decode alike.
      const siblings = [0, 1, 2, 3].map((low) => ALPHABET[(index & ~3) | low]!).filter((c) => c !== last);
      expect(siblings).toHaveLength(3);
      for (const c of siblings) {
        const spelled = value.slice(0, -1) + c;
        expect(Buffer.from(spelled.split(".")[2]!, "base64url")).toEqual(
          Buffer.from(value.split(".")[2]!, "base64url"),
        );
        expect(deviceCookieUser(secret, spelled)).toBeNull();
      }
    }
  });
});
