#!/usr/bin/env python3
"""Renders the app icon (assets/icons/troef-icon.svg) to the PNG sizes the bundles need.

Writes, under assets/icons/:
  icon-{32,128,256,512,1024}.png          for Dioxus.toml's bundle.icon (dx's desktop bundles);
  android/mipmap-*/ic_launcher.png         the Android launcher icon per screen density (48 to 192 px);
  ios/AppIcon-{120,152,167,180,1024}.png   iPhone, iPad and App Store sizes, opaque (Apple rejects
                                           an alpha channel in app icons).
dx 0.7.10 does not copy these into the Android or iOS project itself; docs/mobile.md says where they go.

Needs the PyPI packages cairosvg (and the system's libcairo) and Pillow:
  pip install cairosvg pillow && python3 scripts/make-icons.py
"""

import io
from pathlib import Path

import cairosvg
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "assets" / "icons"
SOURCE = ICONS / "troef-icon.svg"

DESKTOP_SIZES = [32, 128, 256, 512, 1024]
# Android launcher icon sizes: 48 dp at each density bucket.
ANDROID_DENSITIES = {"mdpi": 48, "hdpi": 72, "xhdpi": 96, "xxhdpi": 144, "xxxhdpi": 192}
IOS_SIZES = [120, 152, 167, 180, 1024]


def render(size: int) -> Image.Image:
    png = cairosvg.svg2png(url=str(SOURCE), output_width=size, output_height=size)
    return Image.open(io.BytesIO(png))


def save(image: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # No timestamps or text chunks, so re-running the script leaves the files byte for byte alike.
    image.save(path, format="PNG", optimize=True)
    print(f"wrote {path.relative_to(ROOT)} ({image.width} px)")


def main() -> None:
    for size in DESKTOP_SIZES:
        save(render(size), ICONS / f"icon-{size}.png")
    for density, size in ANDROID_DENSITIES.items():
        save(render(size), ICONS / "android" / f"mipmap-{density}" / "ic_launcher.png")
    for size in IOS_SIZES:
        save(render(size).convert("RGB"), ICONS / "ios" / f"AppIcon-{size}.png")


if __name__ == "__main__":
    main()
