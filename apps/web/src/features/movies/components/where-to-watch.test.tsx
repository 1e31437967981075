import type { Movie } from "@moviepedia/contract";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aMovie } from "../../../test/factories";
import { WhereToWatch } from "./where-to-watch";

const base = aMovie();

const withProviders = (watch_providers: Movie["watch_providers"]): Movie => ({ ...base, watch_providers });

describe("WhereToWatch", () => {
  it("lists subscription, rent and buy services with logos and credits JustWatch", () => {
    render(
      <WhereToWatch
        movie={withProviders({
          flatrate: [
            { provider_id: 8, name: "넷플릭스", logo_url: "/media/cache/w92/netflix.webp" },
            { provider_id: 97, name: "왓챠", logo_url: null },
            { provider_id: 8, name: "넷플릭스", logo_url: "/media/cache/w92/netflix.webp" },
          ],
          rent: [],
          buy: [{ provider_id: 3, name: "Google Play 무비", logo_url: "https://image.tmdb.org/t/p/w92/play.jpg" }],
        })}
      />,
    );
    const section = screen.getByRole("region", { name: "볼 수 있는 곳" });
    const subscription = within(section).getByRole("list", { name: "구독" });
    expect(
      within(subscription)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["넷플릭스", "왓왓챠"]);
    expect(within(section).queryByRole("list", { name: "대여" })).toBeNull();
    expect(within(section).getByRole("list", { name: "구매" }).querySelector("img")?.getAttribute("srcset")).toContain(
      "/w45/play.jpg 45w",
    );
    expect(within(section).getByRole("link", { name: "JustWatch 제공 정보" }).getAttribute("href")).toBe(
      "https://www.justwatch.com/kr",
    );
  });

  it("is hidden when no service offers the film (or nothing is known)", () => {
    const { container } = render(<WhereToWatch movie={withProviders({ flatrate: [], rent: [], buy: [] })} />);
    expect(container.innerHTML).toBe("");
  });
});
