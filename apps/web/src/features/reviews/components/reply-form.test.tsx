import { MSG } from "@moviepedia/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { UI } from "../../../shared/ui/strings";
import { endSession, signIn } from "../../../test/session";
import { fakeApi, renderWithProviders } from "../test/harness";
import { ReplyForm } from "./reply-form";

afterEach(endSession);

describe("ReplyForm", () => {
  it("asks a visitor to log in before any typing: no text box, a prompt that opens the login overlay", async () => {
    const api = fakeApi();
    renderWithProviders(<ReplyForm reviewId={11} />);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: UI.loginToWrite }));
    expect(await screen.findByRole("dialog", { name: MSG.loginRequiredTitle })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("gives a member the text box with its counter", async () => {
    fakeApi();
    await signIn();
    renderWithProviders(<ReplyForm reviewId={11} />);
    expect(screen.getByRole("textbox", { name: "댓글 내용" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: UI.loginToWrite })).not.toBeInTheDocument();
  });
});
