/**
 * A QR code as an SVG path, drawn from lean-qr's module grid: no canvas, no data URL and no
 * inline style, so it renders under the strictest Content-Security-Policy.
 */
import { generate } from 'lean-qr/nano';

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** One path of every dark module, joined into horizontal runs to keep it short. */
  d: string;
}

export function qrPath(text: string): QrPath {
  const code = generate(text);
  let d = '';
  for (let y = 0; y < code.size; y++) {
    let x = 0;
    while (x < code.size) {
      if (!code.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < code.size && code.get(x, y)) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: code.size, d };
}
