import { STAR_LABELS } from "@moviepedia/contract";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEYBOARD_COMMIT_DELAY_MS, ratingForClick, ratingForKey, StarRating } from "./star-rating";

function Harness({
  initial = 0,
  onChange = vi.fn(),
  canRate,
}: {
  initial?: number;
  onChange?: (v: number) => void;
  canRate?: () => boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <StarRating
      value={value}
      label="기생충 별점 주기"
      canRate={canRate}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

function half(star: number, side: "left" | "right"): Element {
  const element = document.querySelector(`[data-star="${star}"] [data-half="${side}"]`);
  if (!element) throw new Error(`no ${side} half on star ${star}`);
  return element;
}

afterEach(() => vi.useRealTimers());

describe("ratingForClick", () => {
  it("gives x.5 on a left half, the whole star on a right half, and 0 for the current value", () => {
    expect(ratingForClick(0, 4, "left")).toBe(3.5);
    expect(ratingForClick(0, 4, "right")).toBe(4);
    expect(ratingForClick(0, 1, "left")).toBe(0.5);
    expect(ratingForClick(3.5, 4, "left")).toBe(0);
    expect(ratingForClick(4, 4, "right")).toBe(0);
    expect(ratingForClick(4, 4, "left")).toBe(3.5);
  });
});

describe("ratingForKey", () => {
  it("moves by half a star within 0…5, jumps with Home/End and clears with Delete, Backspace or 0", () => {
    expect(ratingForKey(3, "ArrowRight")).toBe(3.5);
    expect(ratingForKey(3, "ArrowUp")).toBe(3.5);
    expect(ratingForKey(5, "ArrowRight")).toBe(5);
    expect(ratingForKey(0.5, "ArrowLeft")).toBe(0);
    expect(ratingForKey(0, "ArrowDown")).toBe(0);
    expect(ratingForKey(3, "Home")).toBe(0.5);
    expect(ratingForKey(3, "End")).toBe(5);
    for (const key of ["Delete", "Backspace", "0"]) expect(ratingForKey(4, key)).toBe(0);
    expect(ratingForKey(4, "a")).toBeNull();
  });
});

describe("StarRating", () => {
  it("is a slider announcing the Korean label, 평가하기 when unrated", () => {
    render(<Harness />);
    const slider = screen.getByRole("slider", { name: "기생충 별점 주기" });
    expect(slider).toHaveAttribute("aria-valuenow", "0");
    expect(slider).toHaveAttribute("aria-valuetext", "평가하기");
  });

  it("rates 3.5 on the left half of the 4th star and clears it when clicked again", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const slider = screen.getByRole("slider");
    await userEvent.click(half(4, "left"));
    expect(onChange).toHaveBeenLastCalledWith(3.5);
    expect(slider).toHaveAttribute("aria-valuetext", "볼만해요");
    await userEvent.click(half(4, "left"));
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(slider).toHaveAttribute("aria-valuetext", "평가하기");
  });

  it("rates the whole star on a right half", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(half(5, "right"));
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "최고예요");
  });

  it("uses the ten labels of the contract", async () => {
    render(<Harness />);
    const slider = screen.getByRole("slider");
    for (let star = 1; star <= 5; star++) {
      for (const side of ["left", "right"] as const) {
        const value = side === "left" ? star - 0.5 : star;
        await userEvent.click(half(star, side));
        expect(slider).toHaveAttribute("aria-valuetext", STAR_LABELS[value.toFixed(1)]);
        await userEvent.click(half(star, side)); // back to 0 for the next one
      }
    }
  });

  it("commits keyboard changes once the member pauses, and on blur", () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<Harness initial={3} onChange={onChange} />);
    const slider = screen.getByRole("slider");
    slider.focus();
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider).toHaveAttribute("aria-valuetext", "재미있어요");
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(KEYBOARD_COMMIT_DELAY_MS));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(4);

    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    fireEvent.keyDown(slider, { key: "Enter" });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(3.5);

    fireEvent.keyDown(slider, { key: "End" });
    fireEvent.blur(slider);
    expect(onChange).toHaveBeenLastCalledWith(5);
    fireEvent.keyDown(slider, { key: "Delete" });
    act(() => vi.advanceTimersByTime(KEYBOARD_COMMIT_DELAY_MS));
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(slider).toHaveAttribute("aria-valuetext", "평가하기");
  });

  it("changes nothing when canRate refuses (visitors get the login overlay instead)", async () => {
    const onChange = vi.fn();
    const canRate = vi.fn(() => false);
    render(<Harness onChange={onChange} canRate={canRate} />);
    await userEvent.click(half(3, "right"));
    fireEvent.keyDown(screen.getByRole("slider"), { key: "ArrowRight" });
    expect(canRate).toHaveBeenCalledTimes(2);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("slider")).toHaveAttribute("aria-valuetext", "평가하기");
  });
});
