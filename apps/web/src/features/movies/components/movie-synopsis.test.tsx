import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aMovie } from "../../../test/factories";
import { MovieSynopsis } from "./movie-synopsis";

const movie = aMovie({ synopsis: "첫 줄\\n둘째 줄\n셋째 줄", tmdb_id: null, imdb_id: null });

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
