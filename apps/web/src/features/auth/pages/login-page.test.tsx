import { endpoints } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { aMe } from "../../../test/factories";
import { fakeServer } from "../../../test/fake-api";
import { endSession } from "../../../test/session";
import { makeToken } from "../../../test/tokens";
import { AUTH } from "../strings";
import LoginPage from "./login-page";

afterEach(endSession);

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "*", element: <p>다른 화면</p> },
    ],
    { initialEntries: ["/login"] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function submit() {
  await userEvent.type(screen.getByLabelText(AUTH.loginId), "movie.fan");
  await userEvent.type(screen.getByLabelText(AUTH.password), "abcd1234!");
  await userEvent.click(screen.getByRole("button", { name: AUTH.loginButton }));
}

describe("login page", () => {
  it("returns to the remembered path (home) once logged in", async () => {
    const token = makeToken(Math.floor(Date.now() / 1000) + 1800);
    fakeServer()
      .on(endpoints.auth.signin, () => ({ access_token: token, refresh_token: "r", user_id: 7 }))
      .on(endpoints.users.me, () => aMe());
    const router = renderLogin();
    await submit();
    await screen.findByText("다른 화면");
    expect(router.state.location.pathname).toBe("/");
  });

  it("does not send back a member who went elsewhere while the login was finishing", async () => {
    let release: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (release = resolve));
    const token = makeToken(Math.floor(Date.now() / 1000) + 1800);
    fakeServer()
      .on(endpoints.auth.signin, () => ({ access_token: token, refresh_token: "r", user_id: 7 }))
      .on(endpoints.users.me, async () => {
        await meAnswered;
        return aMe();
      });

    const router = renderLogin();
    await submit();
    // Signed in (the header would show the member) while the member is still being read: they click elsewhere.
    await router.navigate("/profile/7");
    await screen.findByText("다른 화면");
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe("/profile/7");
  });
});
