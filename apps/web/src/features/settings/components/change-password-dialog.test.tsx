import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStore } from "../../../shared/lib/auth";
import { endSession, signInWithFetch } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { ChangePasswordDialog } from "./change-password-dialog";

type Call = [url: RequestInfo | URL, init?: RequestInit];

const changes = (mock: { mock: { calls: Call[] } }) =>
  mock.mock.calls.filter(([url, init]) => String(url) === "/api/users/me/password" && init?.method === "PATCH");

afterEach(endSession);

/** Sets the three fields (a change event each, as typing ends with) and submits. */
async function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("현재 비밀번호"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("새 비밀번호"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("새 비밀번호 확인"), { target: { value: confirm } });
  await userEvent.click(screen.getByRole("button", { name: "변경하기" }));
}

// The first render loads the dialog (Radix) and the auth store: generous on a busy machine.
describe("password change", { timeout: 15_000 }, () => {
  it("checks the fields before sending anything, in Korean", async () => {
    const mock = await signInWithFetch(() => new Response(null, { status: 204 }));
    render(<ChangePasswordDialog open onOpenChange={() => undefined} onChanged={() => undefined} />);
    await fill("", "abcdEFGH", "");
    expect(screen.getByText("비밀번호를 입력해 주세요.")).toBeInTheDocument();
    expect(screen.getByText(/영문·숫자·특수문자 중 2가지 이상을 조합해 주세요/)).toBeInTheDocument();
    await fill("old-pass1", "new-pass42", "new-pass43");
    expect(screen.getByText("새 비밀번호가 일치하지 않습니다.")).toBeInTheDocument();
    expect(changes(mock)).toHaveLength(0);
  });

  it("keeps the dialog open on a wrong current password", async () => {
    const mock = await signInWithFetch(() => jsonResponse(401, { code: "INVALID_CREDENTIALS", detail: "" }));
    const onChanged = vi.fn();
    render(<ChangePasswordDialog open onOpenChange={() => undefined} onChanged={onChanged} />);
    await fill("wrong-pass1", "new-pass42", "new-pass42");
    expect(await screen.findByText("비밀번호가 올바르지 않습니다.")).toBeInTheDocument();
    expect(JSON.parse(String(changes(mock)[0]?.[1]?.body))).toEqual({
      current_password: "wrong-pass1",
      new_password: "new-pass42",
    });
    expect(onChanged).not.toHaveBeenCalled();
    expect(authStore.getState().isLoggedIn).toBe(true);
  });

  it("sends the change, closes and reports success while staying signed in", async () => {
    const mock = await signInWithFetch(() => new Response(null, { status: 204 }));
    const onChanged = vi.fn();
    const onOpenChange = vi.fn();
    render(<ChangePasswordDialog open onOpenChange={onOpenChange} onChanged={onChanged} />);
    await fill("old-pass1", "new-pass42", "new-pass42");
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(changes(mock)).toHaveLength(1);
    expect(authStore.getState().isLoggedIn).toBe(true);
  });
});
