import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { authStore } from "../../../shared/lib/auth";
import { Toaster } from "../../../shared/ui/toast";
import { endSession, signInWithFetch } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { DeleteAccountDialog } from "./delete-account-dialog";

function renderDialog(loginType: "local" | "kakao") {
  const router = createMemoryRouter(
    [
      { path: "/", element: <h1>홈 화면</h1> },
      {
        path: "/mypage/settings",
        element: <DeleteAccountDialog open onOpenChange={() => undefined} loginType={loginType} />,
      },
    ],
    { initialEntries: ["/mypage/settings"] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return router;
}

type Call = [url: RequestInfo | URL, init?: RequestInit];

const deletes = (mock: { mock: { calls: Call[] } }) =>
  mock.mock.calls.filter(([url, init]) => String(url) === "/api/users/me" && init?.method === "DELETE");

afterEach(endSession);

describe("account deletion", () => {
  it("keeps the dialog open with a Korean message on a wrong password", async () => {
    const mock = await signInWithFetch(() => jsonResponse(401, { code: "INVALID_CREDENTIALS", detail: "" }));
    renderDialog("local");
    await userEvent.type(screen.getByLabelText("비밀번호 확인"), "wrong-pass1");
    await userEvent.click(screen.getByRole("button", { name: "탈퇴하기" }));
    expect(await screen.findByText("비밀번호가 올바르지 않습니다.")).toBeInTheDocument();
    expect(JSON.parse(String(deletes(mock)[0]?.[1]?.body))).toEqual({ login_password: "wrong-pass1" });
    expect(authStore.getState().isLoggedIn).toBe(true);
  });

  it("ends the session and goes home with a notice after deletion", async () => {
    const mock = await signInWithFetch(() => new Response(null, { status: 204 }));
    const router = renderDialog("kakao");
    expect(screen.queryByLabelText("비밀번호 확인")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "탈퇴하기" }));
    expect(await screen.findByRole("heading", { name: "홈 화면" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(deletes(mock)[0]?.[1]?.body).toBeUndefined();
    expect(authStore.getState().isLoggedIn).toBe(false);
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("회원 탈퇴가 완료되었습니다");
  });
});
