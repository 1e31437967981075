// Pattern motifs of the drawn art, in a width × height box, drawn with one colour at low opacity.
import type { Motif } from "./art-style.js";

const f = (n: number) => n.toFixed(1);

export function motifSvg(motif: Motif, w: number, h: number, ink: string, rand: number[]): string {
  const op = (base: number) => `fill="${ink}" fill-opacity="${base.toFixed(2)}"`;
  const stroke = (base: number, width: number) =>
    `fill="none" stroke="${ink}" stroke-opacity="${base.toFixed(2)}" stroke-width="${width}"`;
  const cx = w * (0.2 + rand[8]! * 0.6);
  const cy = h * (0.15 + rand[9]! * 0.4);
  switch (motif) {
    case "rays": {
      let d = "";
      const n = 14;
      const r = Math.hypot(w, h);
      for (let i = 0; i < n; i++) {
        const a0 = (i / n) * Math.PI * 2;
        const a1 = a0 + Math.PI / n;
        d += `M${f(cx)} ${f(cy)}L${f(cx + Math.cos(a0) * r)} ${f(cy + Math.sin(a0) * r)}L${f(cx + Math.cos(a1) * r)} ${f(cy + Math.sin(a1) * r)}Z`;
      }
      return `<path d="${d}" ${op(0.16)}/>`;
    }
    case "stripes": {
      const step = Math.round(Math.min(w, h) / (6 + Math.floor(rand[10]! * 6)));
      const angle = [45, -45, 0, 90][Math.floor(rand[11]! * 4)]!;
      let d = "";
      const size = Math.hypot(w, h);
      for (let x = -size; x < size; x += step * 2) d += `M${x} ${-size}h${step}v${size * 3}h${-step}Z`;
      return `<path d="${d}" ${op(0.12)} transform="rotate(${angle} ${w / 2} ${h / 2})"/>`;
    }
    case "dots": {
      const step = Math.round(Math.min(w, h) / (8 + Math.floor(rand[10]! * 6)));
      const radius = step * (0.18 + rand[11]! * 0.15);
      let d = "";
      for (let y = step / 2; y < h; y += step)
        for (let x = step / 2; x < w; x += step)
          d += `M${f(x - radius)} ${f(y)}a${f(radius)} ${f(radius)} 0 1 0 ${f(radius * 2)} 0a${f(radius)} ${f(radius)} 0 1 0 ${f(-radius * 2)} 0`;
      return `<path d="${d}" ${op(0.2)}/>`;
    }
    case "rings": {
      let out = "";
      const step = Math.min(w, h) * 0.09;
      for (let i = 1; i <= 9; i++)
        out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(i * step)}" ${stroke(0.28 - i * 0.02, 2)}/>`;
      return out;
    }
    case "waves": {
      let out = "";
      const amp = h * 0.025;
      const step = h / 12;
      for (let y = h * 0.35; y < h; y += step) {
        let d = `M0 ${f(y)}`;
        for (let x = 0; x <= w; x += w / 4) d += `q${f(w / 16)} ${f(-amp)} ${f(w / 8)} 0t${f(w / 8)} 0`;
        out += `<path d="${d}" ${stroke(0.25, 2)}/>`;
      }
      return out;
    }
    case "grid": {
      const step = Math.round(Math.min(w, h) / 9);
      let d = "";
      for (let x = 0; x <= w; x += step) d += `M${x} 0V${h}`;
      for (let y = 0; y <= h; y += step) d += `M0 ${y}H${w}`;
      return `<path d="${d}" ${stroke(0.14, 1)}/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(Math.min(w, h) * 0.22)}" ${stroke(0.35, 3)}/>`;
    }
    case "shards": {
      let d = "";
      for (let i = 0; i < 5; i++) {
        const x = w * rand[12 + i]!;
        const y = h * rand[17 + i]!;
        const s = Math.min(w, h) * (0.2 + rand[22 + i]! * 0.4);
        d += `M${f(x)} ${f(y - s)}L${f(x + s * 0.35)} ${f(y + s * 0.6)}L${f(x - s * 0.3)} ${f(y + s * 0.2)}Z`;
      }
      return `<path d="${d}" ${op(0.16)}/>`;
    }
    case "stars": {
      let d = "";
      for (let i = 0; i < 18; i++) {
        const x = w * rand[(i * 2) % 32]!;
        const y = h * rand[(i * 2 + 1) % 32]! * 0.8;
        const s = 2 + rand[(i + 5) % 32]! * 5;
        d += `M${f(x)} ${f(y - s)}L${f(x + s * 0.3)} ${f(y - s * 0.3)}L${f(x + s)} ${f(y)}L${f(x + s * 0.3)} ${f(y + s * 0.3)}L${f(x)} ${f(y + s)}L${f(x - s * 0.3)} ${f(y + s * 0.3)}L${f(x - s)} ${f(y)}L${f(x - s * 0.3)} ${f(y - s * 0.3)}Z`;
      }
      return `<path d="${d}" ${op(0.55)}/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(Math.min(w, h) * 0.16)}" ${op(0.25)}/>`;
    }
  }
}
