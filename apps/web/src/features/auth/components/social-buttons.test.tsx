import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { authQueries } from "../api/auth-api";
import { SocialLogin } from "./social-buttons";

afterEach(() => vi.unstubAllGlobals());

function renderWith(providers: { kakao: boolean; google: boolean }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => jsonResponse(200, providers)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <SocialLogin />
    </QueryClientProvider>,
  );
  return { view, client };
}

describe("social login section", () => {
  it("shows only configured providers, and a tip naming them", async () => {
    renderWith({ kakao: true, google: false });
    expect(await screen.findByRole("link", { name: "카카오로 로그인" })).toHaveAttribute("href", "/api/auth/kakao");
    expect(screen.queryByText(/구글/)).toBeNull();
    expect(screen.getByText(/^카카오 계정으로도 로그인할 수 있어요/)).toBeInTheDocument();
    expect(screen.queryByText(/왓챠|사용할 수 없음/)).toBeNull();
  });

  it("names both when both are configured", async () => {
    renderWith({ kakao: true, google: true });
    expect(await screen.findByRole("link", { name: "구글로 로그인" })).toHaveAttribute("href", "/api/auth/google");
    expect(screen.getByText(/^카카오나 구글 계정으로도/)).toBeInTheDocument();
  });

  it("renders nothing when no provider is configured", async () => {
    const { view, client } = renderWith({ kakao: false, google: false });
    await waitFor(() => expect(client.getQueryData(authQueries.providers().queryKey)).toBeDefined());
    expect(view.container).toBeEmptyDOMElement();
  });
});
