import type { ImportJob, Movie } from "@moviepedia/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { endSession, signInWithFetch } from "../../../test/session";
import { jsonResponse } from "../../../test/tokens";
import { DataImport } from "./data-import";

type Call = [url: RequestInfo | URL, init?: RequestInit];

const JOB: ImportJob = {
  id: 5,
  format: "letterboxd",
  status: "done",
  overwrite: false,
  total: 3,
  processed: 3,
  matched: 2,
  created: 2,
  updated: 0,
  skipped: 0,
  unmatched_count: 2,
  unmatched: [
    { file: null, line: 4, title: "Okja", year: 2017, reason: "not_found", rating: 3.5 },
    { file: "follows", line: 2, title: "old_friend", year: null, reason: "member_not_found", rating: null },
  ],
  created_at: "2026-11-26T03:00:00",
  finished_at: "2026-11-26T03:00:01",
};

const OKJA = { id: 31, title: "옥자", year: 2017 } as Movie;

afterEach(endSession);

function renderImport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DataImport />
    </QueryClientProvider>,
  );
}

describe("데이터 가져오기", { timeout: 15_000 }, () => {
  it("sends the file as its own type, follows the progress and offers hand matching for unmatched films", async () => {
    let polls = 0;
    const mock = await signInWithFetch((url, init) => {
      if (url.startsWith("/api/users/me/imports?")) return jsonResponse(202, { id: 5 });
      if (url === "/api/users/me/imports/5") {
        polls++;
        return jsonResponse(200, polls === 1 ? { ...JOB, status: "running", processed: 1 } : JOB);
      }
      if (url.startsWith("/api/search?")) return jsonResponse(200, { movies: [OKJA] });
      if (url === "/api/reviews/movie/31/mine" && init?.method === "PUT") return jsonResponse(200, {});
      return new Response(null, { status: 404 });
    });
    renderImport();
    const file = new File(["Date,Name,Year,Letterboxd URI,Rating\n"], "ratings.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("가져올 파일"), { target: { files: [file] } });
    await userEvent.click(screen.getByRole("button", { name: "가져오기" }));

    const post = mock.mock.calls.find(([url]: Call) => String(url).startsWith("/api/users/me/imports?"))!;
    expect(String(post[0])).toBe("/api/users/me/imports?format=letterboxd&name=ratings.csv");
    expect(post[1]?.method).toBe("POST");
    expect((post[1]?.headers as Record<string, string>)["Content-Type"]).toBe("text/csv");

    expect(await screen.findByRole("progressbar", { name: "가져오기 진행률" })).toBeInTheDocument();
    expect(await screen.findByText("가져오기를 마쳤어요.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    expect(screen.getByText(/찾은 작품 2 · 새로 추가 2 · 바뀜 0 · 그대로 0 · 못 찾음 2/)).toBeInTheDocument();
    expect(screen.getByText(/4번째 줄 · 작품을 찾지 못했어요 · 파일의 별점 3.5/)).toBeInTheDocument();
    // A follow of our export whose member is not here is reported, with nothing to find and rate by hand.
    expect(screen.getByText("follows 2번째 줄 · 이 사이트에서 회원을 찾지 못했어요")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "직접 찾기" })).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "직접 찾기" }));
    expect(screen.getByRole("searchbox", { name: "Okja 검색" })).toHaveValue("Okja");
    const stars = await screen.findByRole("slider", { name: "옥자 별점" });
    expect(stars).toBeInTheDocument();
    fireEvent.keyDown(stars, { key: "End" });
    await waitFor(() =>
      expect(
        mock.mock.calls.some(
          ([url, init]: Call) => String(url) === "/api/reviews/movie/31/mine" && init?.body === '{"rating":5}',
        ),
      ).toBe(true),
    );
  });

  it("says why a file was refused, in Korean", async () => {
    await signInWithFetch((url) =>
      url.startsWith("/api/users/me/imports?")
        ? jsonResponse(409, { detail: "busy", code: "IMPORT_RUNNING" })
        : new Response(null, { status: 404 }),
    );
    renderImport();
    await userEvent.click(screen.getByRole("button", { name: "가져오기" }));
    expect(screen.getByText("가져올 파일을 선택해 주세요.")).toBeInTheDocument();
    const file = new File(["{}"], "backup.json", { type: "application/json" });
    fireEvent.change(screen.getByLabelText("파일 형식"), { target: { value: "moviepedia" } });
    fireEvent.change(screen.getByLabelText("가져올 파일"), { target: { files: [file] } });
    await userEvent.click(screen.getByRole("button", { name: "가져오기" }));
    expect(await screen.findByText(/이미 진행 중인 가져오기가 있습니다/)).toBeInTheDocument();
  });
});
