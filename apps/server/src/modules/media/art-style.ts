// How a film's drawn art looks: a mood per genre (hues, lightness, motif), a treatment per decade (paper and serif
// type for the classics, bold colour fields for the 80s and 90s, gradients and geometry after), and a layout, all
// picked deterministically from a hash of the film, so a shelf of drawn posters varies like a real one.
import { createHash } from "node:crypto";

export type Motif = "rays" | "stripes" | "dots" | "rings" | "waves" | "grid" | "shards" | "stars";
export type Era = "classic" | "retro" | "modern";
export type Layout = "center" | "bottom" | "top" | "band";

interface Mood {
  /** Base hues (one is picked per film) and whether the ground is dark. */
  hues: number[];
  dark: boolean;
  motifs: Motif[];
}

/** By the film's first genre that has a mood; 드라마 is the default. */
const MOODS: Record<string, Mood> = {
  공포: { hues: [355, 10, 280], dark: true, motifs: ["shards", "rings"] },
  스릴러: { hues: [200, 350, 220], dark: true, motifs: ["shards", "grid", "stripes"] },
  미스터리: { hues: [250, 210], dark: true, motifs: ["rings", "grid"] },
  범죄: { hues: [0, 45, 210], dark: true, motifs: ["stripes", "grid"] },
  느와르: { hues: [45, 0], dark: true, motifs: ["stripes", "shards"] },
  액션: { hues: [18, 200, 35], dark: true, motifs: ["rays", "shards", "stripes"] },
  전쟁: { hues: [80, 35, 20], dark: true, motifs: ["stripes", "rays"] },
  SF: { hues: [185, 265, 215], dark: true, motifs: ["grid", "rings", "stars"] },
  판타지: { hues: [275, 300, 160], dark: true, motifs: ["stars", "rings"] },
  모험: { hues: [30, 170, 50], dark: false, motifs: ["rays", "waves"] },
  로맨스: { hues: [340, 15, 320], dark: false, motifs: ["dots", "waves"] },
  코미디: { hues: [48, 28, 190], dark: false, motifs: ["dots", "rays", "stripes"] },
  애니메이션: { hues: [195, 45, 330, 140], dark: false, motifs: ["dots", "stars", "waves"] },
  가족: { hues: [40, 140, 200], dark: false, motifs: ["dots", "waves"] },
  뮤지컬: { hues: [320, 45], dark: false, motifs: ["rays", "dots"] },
  음악: { hues: [300, 190], dark: false, motifs: ["waves", "rings"] },
  역사: { hues: [30, 15, 45], dark: false, motifs: ["stripes", "rings"] },
  전기: { hues: [25, 210], dark: false, motifs: ["stripes", "grid"] },
  스포츠: { hues: [210, 5, 140], dark: false, motifs: ["stripes", "rays"] },
  드라마: { hues: [25, 200, 150, 350, 220], dark: false, motifs: ["waves", "rings", "stripes", "dots"] },
};

export interface ArtStyle {
  era: Era;
  layout: Layout;
  motif: Motif;
  /** Ground, its darker or lighter partner, the motif's colour, the title's colour, the credits' colour. */
  ground: string;
  ground2: string;
  ink: string;
  title: string;
  credit: string;
  /** Values 0–1 for positions and sizes. */
  rand: number[];
  serif: boolean;
}

export function hashBytes(seed: string): number[] {
  return [...createHash("sha256").update(seed).digest()].map((b) => b / 255);
}

function pick<T>(list: readonly T[], r: number): T {
  return list[Math.min(list.length - 1, Math.floor(r * list.length))]!;
}

export function eraOf(year: number): Era {
  if (year < 1980) return "classic";
  if (year < 2000) return "retro";
  return "modern";
}

export function artStyle(seed: string, year: number, genres: readonly string[]): ArtStyle {
  const rand = hashBytes(seed);
  const mood = genres.map((genre) => MOODS[genre]).find(Boolean) ?? MOODS["드라마"]!;
  const era = eraOf(year);
  const hue = (pick(mood.hues, rand[0]!) + Math.round((rand[1]! - 0.5) * 30) + 360) % 360;
  const motif = pick(mood.motifs, rand[2]!);
  const layouts: Layout[] =
    era === "classic" ? ["center", "band"] : era === "retro" ? ["band", "bottom", "top"] : ["bottom", "top", "center"];
  const layout = pick(layouts, rand[3]!);
  if (era === "classic") {
    // Paper, one printed ink and a serif title, like a reissued classic.
    return {
      era,
      layout,
      motif,
      rand,
      serif: true,
      ground: `hsl(${40 + Math.round(rand[4]! * 10)} 38% 88%)`,
      ground2: `hsl(40 30% 80%)`,
      ink: `hsl(${hue} 45% 38%)`,
      title: `hsl(${hue} 40% 20%)`,
      credit: "hsl(30 15% 30%)",
    };
  }
  const light = !mood.dark && rand[5]! < 0.6;
  if (era === "retro") {
    return {
      era,
      layout,
      motif,
      rand,
      serif: false,
      ground: light ? `hsl(${hue} 70% 58%)` : `hsl(${hue} 55% 22%)`,
      ground2: light ? `hsl(${(hue + 30) % 360} 75% 48%)` : `hsl(${(hue + 20) % 360} 60% 12%)`,
      ink: `hsl(${(hue + 180) % 360} 80% ${light ? 88 : 62}%)`,
      title: light ? "hsl(0 0% 100%)" : `hsl(${(hue + 180) % 360} 90% 80%)`,
      credit: "hsl(0 0% 100% / 0.8)",
    };
  }
  return {
    era,
    layout,
    motif,
    rand,
    serif: rand[6]! < 0.25,
    ground: light ? `hsl(${hue} 45% 86%)` : `hsl(${hue} 50% 28%)`,
    ground2: light ? `hsl(${(hue + 25) % 360} 55% 72%)` : `hsl(${(hue + 30) % 360} 55% 10%)`,
    ink: light ? `hsl(${hue} 55% 40%)` : `hsl(${(hue + 160) % 360} 70% 70%)`,
    title: light ? `hsl(${hue} 55% 16%)` : "hsl(0 0% 100%)",
    credit: light ? `hsl(${hue} 25% 25%)` : "hsl(0 0% 100% / 0.78)",
  };
}
