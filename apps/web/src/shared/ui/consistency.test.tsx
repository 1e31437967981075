// Source-wide rules of issue 20 (#13, #14) that no single component test can hold:
// - the app tells people things with its own toast and asks with its own ConfirmDialog: no alert(), confirm() or
//   prompt() (they block the page, look foreign and cannot be styled);
// - one like icon: the heart of shared/ui/like-icon.tsx, for every likeable thing;
// - one date format: timestamps are shown only through shared/lib/time.ts.
import { render } from "@testing-library/react";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LikeIcon } from "./like-icon";

const SRC = path.resolve(import.meta.dirname, "../..");

function sources(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Source files (relative to src/) whose code, comments removed, matches `pattern`. */
function offenders(pattern: RegExp, except: string[] = []): string[] {
  return sources()
    .map((file) => path.relative(SRC, file))
    .filter((file) => !except.includes(file))
    .filter((file) =>
      pattern.test(
        readFileSync(path.join(SRC, file), "utf8")
          .replace(/\/\/.*$/gm, "")
          .replace(/\/\*[\s\S]*?\*\//g, ""),
      ),
    );
}

describe("across the web sources", () => {
  it("no browser dialog is ever opened", () => {
    expect(sources().length).toBeGreaterThan(50);
    expect(
      offenders(/(?<![\w.])(?:window\.)?(?:alert|prompt)\(|window\.confirm\(|(?<![\w.]|function |void )confirm\(/),
    ).toEqual([]);
  });

  it("the heart is the only like icon", () => {
    expect(offenders(/\bThumbsUp\b|\bHeart\b/, ["shared/ui/like-icon.tsx"])).toEqual([]);
  });

  it("dates are formatted only by shared/lib/time.ts", () => {
    expect(
      offenders(/Intl\.DateTimeFormat|toLocaleDateString|toLocaleTimeString|getFullYear\(\)/, ["shared/lib/time.ts"]),
    ).toEqual([]);
  });
});

describe("LikeIcon", () => {
  it("is the heart, filled once liked", () => {
    const { container, rerender } = render(<LikeIcon />);
    const icon = () => container.querySelector('[data-icon="like"]');
    expect(icon()).toHaveClass("lucide-heart");
    expect(icon()).not.toHaveClass("fill-accent");
    rerender(<LikeIcon liked />);
    expect(icon()).toHaveClass("fill-accent");
    const { container: alone } = render(<LikeIcon liked size={22} />);
    expect(alone.querySelector("svg")).toHaveAttribute("width", "22");
  });
});
