import { MSG } from "@moviepedia/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/lib/api";
import { initialValues, serverErrors, toRequest, validate } from "./profile-form";

const me = { username: "movie_fan", status_message: null, profile_url: "/media/avatar/7.svg?v=12345678" };

describe("profile edit form", () => {
  it("starts from the member's values, leaving generated art out of the URL field", () => {
    expect(initialValues(me)).toEqual({ username: "movie_fan", statusMessage: "", avatarUrl: "" });
    expect(initialValues({ ...me, profile_url: "https://img.example/a.png" }).avatarUrl).toBe(
      "https://img.example/a.png",
    );
  });

  it("checks the username rule (the current name is exempt), the 100-character status and https URLs", () => {
    // Hangul syllables are allowed (API.md §3.1, revision 2), also typed decomposed (NFD); jamo and spaces are not.
    expect(validate({ username: "영화팬", statusMessage: "", avatarUrl: "" }, "movie_fan")).toEqual({});
    expect(validate({ username: "영화팬".normalize("NFD"), statusMessage: "", avatarUrl: "" }, "movie_fan")).toEqual(
      {},
    );
    for (const name of ["ㅇㅎㅍ", "영화 팬", "映画ファン", "영화\u200b팬"]) {
      expect(validate({ username: name, statusMessage: "", avatarUrl: "" }, "movie_fan").username).toBe(
        MSG.usernameRule,
      );
    }
    expect(validate({ username: "영 화", statusMessage: "", avatarUrl: "" }, "영 화")).toEqual({});
    expect(
      validate({ username: "movie_fan", statusMessage: "가".repeat(101), avatarUrl: "" }, "movie_fan"),
    ).toHaveProperty("statusMessage");
    expect(
      validate({ username: "movie_fan", statusMessage: "", avatarUrl: "http://a.b/c.png" }, "movie_fan"),
    ).toHaveProperty("avatarUrl");
    expect(validate({ username: "movie_fan", statusMessage: "", avatarUrl: "https://a.b/c.png" }, "movie_fan")).toEqual(
      {},
    );
  });

  it("sends null to clear the status message and the picture", () => {
    expect(toRequest({ username: "movie_fan", statusMessage: "  ", avatarUrl: " " }, "https://a.b/me.png")).toEqual({
      username: "movie_fan",
      status_message: null,
      profile_url: null,
    });
  });

  it("leaves the picture alone when its address was not touched (an uploaded picture shows no address)", () => {
    expect(toRequest({ username: "movie_fan", statusMessage: "", avatarUrl: "" })).toEqual({
      username: "movie_fan",
      status_message: null,
    });
    expect(
      toRequest({ username: "movie_fan", statusMessage: "", avatarUrl: "https://a.b/new.png" }, "https://a.b/me.png"),
    ).toHaveProperty("profile_url", "https://a.b/new.png");
  });

  it("puts the server's refusals on the right field in Korean", () => {
    expect(serverErrors(new ApiError(409, "USERNAME_TAKEN", ""))).toEqual({ username: "이미 사용 중인 이름입니다." });
    expect(serverErrors(new ApiError(400, "TEXT_TOO_LONG", ""))).toHaveProperty("statusMessage");
    expect(serverErrors(new ApiError(400, "INVALID_FIELD", ""))).toEqual({ form: "입력값이 올바르지 않습니다." });
    expect(serverErrors(new ApiError(0, "NETWORK_ERROR", ""))).toEqual({ form: "프로필을 저장하지 못했습니다." });
  });
});
