#!/usr/bin/env bash
# Regenerates the screenshots of `link-router check --format html` in Docs/images: each mode's page on the shipped
# examples (Docs/Examples), rendered by headless Chromium at 1280 and 390 pixels wide, cropped to the content.
# Not run in CI. Needs chromium (`apt-get install -y chromium`) and a Python 3 with Pillow (`apt-get install -y
# python3-pil`) to crop them to the content and keep them small (without it, the shots keep the window's height).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product link-router "$@"
bin="$(swift build --show-bin-path "$@")/link-router"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
ex=Docs/Examples
py=python3
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import PIL' 2>/dev/null; then py=$candidate; break; fi
done
fingerprint=14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5

# Each check exits 1 on the examples (they have gaps): that is the page to show.
"$bin" check --aasa "$ex/apple-app-site-association" --routes "$ex/routes.json" --domain example.com \
    --app-id ABCDE12345.com.example.app --format html > "$out/check-aasa.html" || [ $? -eq 1 ]
"$bin" check --entitlements "$ex/App.entitlements" --info-plist "$ex/Info.plist" --routes "$ex/routes.json" \
    --aasa "example.com=$ex/apple-app-site-association" --format html > "$out/check-app.html" || [ $? -eq 1 ]
"$bin" check --manifest "$ex/AndroidManifest.xml" --define webHost=example.com --routes "$ex/routes.json" \
    --package com.example.app --fingerprint "$fingerprint" --assetlinks "example.com=$ex/assetlinks.json" \
    --format html > "$out/check-android.html" || [ $? -eq 1 ]
"$bin" check --entitlements "$ex/App.entitlements" --info-plist "$ex/Info.plist" \
    --aasa "example.com=$ex/apple-app-site-association" --routes "$ex/routes.json" \
    --manifest "$ex/AndroidManifest.xml" --define webHost=example.com --package com.example.app \
    --fingerprint "$fingerprint" --assetlinks "$ex/assetlinks.json" --format html > "$out/check-platforms.html" \
    || [ $? -eq 1 ]

for page in check-aasa check-app check-android check-platforms; do
    for width in 1280 390; do
        png="Docs/images/$page-$width.png"
        chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$png" \
            --window-size="$width,2400" "file://$out/$page.html" 2>/dev/null
        # Crop the white below the content, keep at most 2,400 pixels.
        "$py" - "$png" <<'PY' 2>/dev/null || true
import sys
from PIL import Image, ImageChops
path = sys.argv[1]
image = Image.open(path).convert("RGB")
box = ImageChops.difference(image, Image.new("RGB", image.size, (255, 255, 255))).getbbox()
if box:
    image = image.crop((0, 0, image.width, min(image.height, box[3] + 16)))
image.quantize(colors=64).save(path, optimize=True)
PY
    done
done
ls -l Docs/images/check-*.png
