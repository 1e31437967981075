import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { cutToCodePoints } from "../lib/text";
import { ConfirmDialog } from "./confirm-dialog";
import { Tabs } from "./tabs";
import { TextAreaWithCounter } from "./text-area-with-counter";

function Counter({ max }: { max: number }) {
  const [value, setValue] = useState("");
  return <TextAreaWithCounter label="코멘트" value={value} onChange={setValue} max={max} />;
}

describe("TextAreaWithCounter", () => {
  it("counts code points and cuts the text at the limit", async () => {
    render(<Counter max={5} />);
    const field = screen.getByLabelText("코멘트");
    await userEvent.type(field, "영화😀좋아요");
    expect(field).toHaveValue("영화😀좋아");
    expect(screen.getByText("5/5")).toBeInTheDocument();
  });

  it("never splits an emoji", () => {
    expect(cutToCodePoints("ab😀c", 3)).toBe("ab😀");
    expect(cutToCodePoints("ab😀c", 2)).toBe("ab");
    expect(cutToCodePoints("abc", 10)).toBe("abc");
  });
});

describe("ConfirmDialog", () => {
  it("runs the action on 확인 and closes; 취소 only closes", async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog open onOpenChange={onOpenChange} title="삭제" message="삭제하시겠어요?" onConfirm={onConfirm} />,
    );
    expect(screen.getByRole("dialog", { name: "삭제" })).toHaveAccessibleDescription("삭제하시겠어요?");
    await userEvent.click(screen.getByRole("button", { name: "취소" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole("button", { name: "확인" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe("Dialog focus", () => {
  function Opener() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          열기
        </button>
        <ConfirmDialog open={open} onOpenChange={setOpen} title="확인" message="계속할까요?" onConfirm={vi.fn()} />
      </>
    );
  }

  it("traps focus inside and returns it to the opener on Escape", async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole("button", { name: "열기" }));
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "열기" })).toHaveFocus();
  });
});

describe("Tabs", () => {
  function Demo() {
    const [value, setValue] = useState<"movie" | "person" | "user">("movie");
    const items = [
      { value: "movie", label: "영화" },
      { value: "person", label: "인물" },
      { value: "user", label: "유저" },
    ] as const;
    return <Tabs items={items} value={value} onChange={setValue} label="검색 분류" idPrefix="t" />;
  }

  it("moves selection with the arrow keys", async () => {
    render(<Demo />);
    const movie = screen.getByRole("tab", { name: "영화" });
    expect(movie).toHaveAttribute("aria-selected", "true");
    movie.focus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "유저" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "유저" })).toHaveFocus();
    await userEvent.keyboard("{Home}");
    expect(movie).toHaveAttribute("aria-selected", "true");
  });
});
