import { MSG } from "@moviepedia/contract";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStore } from "../../../shared/lib/auth";
import { endSession } from "../../../test/session";
import { jsonResponse, makeToken, ME } from "../../../test/tokens";
import { AUTH } from "../strings";
import { LoginFormView } from "./login-form";
import { SignupFormView } from "./signup-form";

afterEach(endSession);

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe("login form", () => {
  it("shows SPEC §5's messages for an empty form", async () => {
    render(<LoginFormView onLoggedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText(MSG.loginIdInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordLength)).toBeInTheDocument();
    expect(screen.getByLabelText("아이디")).toHaveAttribute("aria-invalid", "true");
  });

  it("rejects an ID with other characters and a password over 20 characters", async () => {
    render(<LoginFormView onLoggedIn={vi.fn()} />);
    await fill("아이디", "영화팬123");
    await fill("비밀번호", "a".repeat(21));
    await userEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText(MSG.loginIdInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordLength)).toBeInTheDocument();
  });

  it("shows the login-failed message under the form", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(401, { code: "INVALID_CREDENTIALS", detail: "" })),
    );
    const onLoggedIn = vi.fn();
    render(<LoginFormView onLoggedIn={onLoggedIn} />);
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "wrongpass1");
    await userEvent.click(screen.getByRole("button", { name: "로그인" }));
    expect(await screen.findByText(MSG.loginFailed)).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it("logs in: keeps the tokens, fetches the member, then hands over", async () => {
    const token = makeToken(Math.floor(Date.now() / 1000) + 1800);
    const fetchMock = vi.fn(async (url: string) =>
      url === "/api/users/signin"
        ? jsonResponse(201, { access_token: token, refresh_token: "r", user_id: 7 })
        : jsonResponse(200, ME),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onLoggedIn = vi.fn();
    render(<LoginFormView onLoggedIn={onLoggedIn} />);
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "goodpass1");
    await userEvent.click(screen.getByRole("button", { name: "로그인" }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(["/api/users/signin", "/api/users/me"]);
    expect(localStorage.getItem("user_id")).toBe("7");
    expect(authStore.getState().user?.username).toBe("movie_fan");
  });
});

describe("signup form", () => {
  it("shows the rule of each field for an empty form", async () => {
    render(<SignupFormView onSignedUp={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText(MSG.usernameRule)).toBeInTheDocument();
    expect(screen.getByText(MSG.loginIdInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
  });

  it.each([
    ["a name that is too short", "이름", "ab", MSG.usernameRule],
    ["a name with a dot", "이름", "movie.fan", MSG.usernameRule],
    ["a name of jamo", "이름", "ㅁㅍㄷ", MSG.usernameRule],
    ["a name with a space", "이름", "영화 팬", MSG.usernameRule],
    ["an ID that is too short", "아이디", "abc", MSG.loginIdInvalid],
    ["an ID with a hyphen", "아이디", "movie-fan", MSG.loginIdInvalid],
    ["a password of one kind of character", "비밀번호", "abcdEFGH", MSG.passwordRule],
    ["a password with a space", "비밀번호", "abcd 1234", MSG.passwordRule],
    ["a password that is too short", "비밀번호", "ab12", MSG.passwordRule],
  ])("rejects %s", async (_case, label, value, message) => {
    render(<SignupFormView onSignedUp={vi.fn()} />);
    await fill("이름", "movie_fan");
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "abcd1234");
    await fill("비밀번호 확인", "abcd1234");
    await fill(label, value);
    if (label === "비밀번호") await fill("비밀번호 확인", value);
    await userEvent.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it.each([
    [409, "LOGIN_ID_TAKEN", MSG.signupDuplicate],
    [409, "USERNAME_TAKEN", MSG.signupDuplicate],
    [500, "INTERNAL_ERROR", MSG.signupFailed],
  ])("answers %s %s with its message", async (status, code, message) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(status, { code, detail: "" })),
    );
    const onSignedUp = vi.fn();
    render(<SignupFormView onSignedUp={onSignedUp} />);
    await fill("이름", "movie_fan");
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "abcd1234");
    await fill("비밀번호 확인", "abcd1234");
    await userEvent.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it("asks for the password twice and shows what was typed on request", async () => {
    render(<SignupFormView onSignedUp={vi.fn()} />);
    await fill("이름", "movie_fan");
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "abcd1234");
    await fill("비밀번호 확인", "abcd1243");
    await userEvent.click(screen.getByRole("button", { name: "가입하기" }));
    expect(await screen.findByText(AUTH.passwordMismatch)).toBeInTheDocument();
    const password = screen.getByLabelText("비밀번호");
    expect(password).toHaveAttribute("type", "password");
    const [toggle] = screen.getAllByRole("button", { name: AUTH.showPassword });
    await userEvent.click(toggle!);
    expect(password).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
  });

  it("sends the three fields and hands over on success", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, ME));
    vi.stubGlobal("fetch", fetchMock);
    const onSignedUp = vi.fn();
    render(<SignupFormView onSignedUp={onSignedUp} />);
    await fill("이름", "movie_fan");
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "abcd1234");
    await fill("비밀번호 확인", "abcd1234");
    await userEvent.click(screen.getByRole("button", { name: "가입하기" }));
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledWith("movie.fan"));
    const init = (fetchMock.mock.calls[0] as unknown[] | undefined)?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      username: "movie_fan",
      login_id: "movie.fan",
      login_password: "abcd1234",
    });
  });

  it("says that Korean names are allowed, and sends one", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, ME));
    vi.stubGlobal("fetch", fetchMock);
    const onSignedUp = vi.fn();
    render(<SignupFormView onSignedUp={onSignedUp} />);
    expect(screen.getByText(/한글, 영문, 숫자/)).toBeInTheDocument();
    await fill("이름", "영화팬_2");
    await fill("아이디", "movie.fan");
    await fill("비밀번호", "abcd1234");
    await fill("비밀번호 확인", "abcd1234");
    await userEvent.click(screen.getByRole("button", { name: "가입하기" }));
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledWith("movie.fan"));
    const init = (fetchMock.mock.calls[0] as unknown[] | undefined)?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toMatchObject({ username: "영화팬_2" });
  });
});
