import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HiddenByBlockNote } from "./hidden-by-block-note";

describe("HiddenByBlockNote", () => {
  it("says how many items the reader's blocks leave out, once the list has ended", () => {
    const { rerender } = render(
      <HiddenByBlockNote total={5} shown={3} hasMore={false} blockedIds={[9]} kind="replies" />,
    );
    expect(screen.getByTestId("hidden-by-block")).toHaveTextContent("차단한 사용자의 댓글 2개는 목록에서 빠져 있어요.");
    rerender(<HiddenByBlockNote total={1200} shown={200} hasMore={false} blockedIds={[9]} kind="comments" />);
    expect(screen.getByTestId("hidden-by-block")).toHaveTextContent("코멘트 1,000개");
  });

  it("stays silent while more can load, when nothing is missing, or when the reader blocked nobody", () => {
    const cases = [
      { total: 5, shown: 3, hasMore: true, blockedIds: [9] },
      { total: 3, shown: 3, hasMore: false, blockedIds: [9] },
      { total: 5, shown: 3, hasMore: false, blockedIds: [] },
    ];
    for (const props of cases) {
      const { unmount } = render(<HiddenByBlockNote {...props} kind="comments" />);
      expect(screen.queryByTestId("hidden-by-block")).not.toBeInTheDocument();
      unmount();
    }
  });
});
