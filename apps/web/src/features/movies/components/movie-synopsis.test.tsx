import type { Movie } from "@moviepedia/contract";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MovieSynopsis } from "./movie-synopsis";

const movie: Movie = {
  id: 350,
  title: "기생충",
  original_title: "Parasite",
  year: 2019,
  genres: ["드라마"],
  countries: ["한국"],
  running_time: 132,
  grade: "15세 이상 관람가",
  synopsis: "첫 줄\\n둘째 줄\n셋째 줄",
  poster_url: "/media/poster/350.svg",
  backdrop_url: "/media/backdrop/350.svg",
  average_rating: 3.7,
  ratings_count: 29,
  reviews_count: 9,
  participants: [],
  tmdb_id: null,
  imdb_id: null,
  kobis_code: null,
  watch_providers: { flatrate: [], buy: [], rent: [] },
};

describe("MovieSynopsis", () => {
  it("shows literal \\n and real newlines as line breaks, never the backslash", () => {
    render(<MovieSynopsis movie={movie} />);
    const synopsis = screen.getByTestId("synopsis");
    expect(synopsis.querySelectorAll("br")).toHaveLength(2);
    expect(synopsis.textContent).toBe("첫 줄둘째 줄셋째 줄");
    expect(synopsis.textContent).not.toContain("\\");
  });

  it("lists original title, running time and grade", () => {
    render(<MovieSynopsis movie={movie} />);
    expect(screen.getByText("Parasite")).toBeInTheDocument();
    expect(screen.getByText("2시간 12분")).toBeInTheDocument();
    expect(screen.getByText("15세 이상 관람가")).toBeInTheDocument();
  });
});
