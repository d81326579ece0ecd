// The app icons that phones and desktops ask for when Hearth is installed (issue 14: web app manifest),
// drawn at build time from public/favicon.svg so there is one source picture and no binary in the
// repository: 192 and 512 px icons, a 512 px "maskable" one (the mark inside the safe zone on the brand
// colour, for launchers that crop to a circle or squircle) and the 180 px Apple touch icon (iPhones
// ignore the manifest's icons and want an opaque square).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The brand colour behind the maskable and Apple icons; the manifest's theme colour too. */
export const ICON_BACKGROUND = '#b4441f';

async function square(svg: Buffer, size: number, inset = 0): Promise<Buffer> {
  const inner = Math.round(size * (1 - 2 * inset));
  const mark = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
  if (inset === 0) return mark;
  return sharp({ create: { width: size, height: size, channels: 4, background: ICON_BACKGROUND } })
    .composite([{ input: mark, gravity: 'center' }])
    .png()
    .toBuffer();
}

export function appIcons(): Plugin {
  // Beside this file: Vite keeps import.meta.url pointing at the config's own sources when it bundles them.
  const favicon = fileURLToPath(new URL('./public/favicon.svg', import.meta.url));
  return {
    name: 'hearth-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = readFileSync(favicon);
      const icons: [string, number, number][] = [
        ['icons/icon-192.png', 192, 0],
        ['icons/icon-512.png', 512, 0],
        // The maskable safe zone is the middle 80%: the mark keeps a 10% margin on every side.
        ['icons/maskable-512.png', 512, 0.1],
        ['icons/apple-touch-icon.png', 180, 0.06],
      ];
      for (const [fileName, size, inset] of icons) {
        this.emitFile({ type: 'asset', fileName, source: await square(svg, size, inset) });
      }
    },
  };
}
