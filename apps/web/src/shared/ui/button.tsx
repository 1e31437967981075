// Buttons and button-looking links in the product's style (accent pink for the main action).
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent text-white hover:bg-[#e8265f] active:bg-[#d11f55]",
  secondary: "border border-gray-300 bg-white text-gray-900 hover:bg-gray-50",
  ghost: "text-gray-700 hover:bg-gray-100",
  danger: "bg-red-600 text-white hover:bg-red-700",
};
const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-[15px]",
  lg: "h-12 px-5 text-base",
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
}

export function buttonClass({ variant = "primary", size = "md", block = false }: ButtonStyle = {}): string {
  return [
    "inline-flex items-center justify-center gap-1.5 rounded-lg font-semibold transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
    "disabled:cursor-not-allowed disabled:opacity-45",
    VARIANTS[variant],
    SIZES[size],
    block ? "w-full" : "",
  ].join(" ");
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  children: ReactNode;
}

export function Button({ variant, size, block, className = "", type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={`${buttonClass({ variant, size, block })} ${className}`} {...rest} />;
}

export function LinkButton({ variant, size, block, className = "", ...rest }: LinkProps & ButtonStyle) {
  return <Link className={`${buttonClass({ variant, size, block })} ${className}`} {...rest} />;
}
