#!/usr/bin/env bash
# Exports a starter table with `redline-cli layout export` and renders what a player would print
# or share: the PDF's first page (the overview) and a 1:1 tile through poppler's pdftoppm, and
# the PNG top-down picture. Writes docs/screenshots/planner-pdf-overview.png,
# planner-pdf-tile.png and planner-topdown.png; the README shows them.
# Usage: tools/planner-screenshots.sh [LAYOUT] (default pier_nine)
# Needs pdftoppm (Debian's poppler-utils); installed here when missing and run as root.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
layout="${1:-pier_nine}"

if ! command -v pdftoppm >/dev/null; then
    if [[ "$(id -u)" -eq 0 ]]; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null
    else
        echo "pdftoppm is missing: apt-get install poppler-utils" >&2
        exit 2
    fi
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
cargo build -p redline-cli
cli="$target_dir/debug/redline-cli"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$cli" layout export "$layout" --pdf "$work/table.pdf" --paper a4 --png "$work/topdown.png" --ppi 24

mkdir -p docs/screenshots
pdftoppm -f 1 -l 1 -r 90 -png -singlefile "$work/table.pdf" docs/screenshots/planner-pdf-overview
pdftoppm -f 2 -l 2 -r 60 -png -singlefile "$work/table.pdf" docs/screenshots/planner-pdf-tile
cp "$work/topdown.png" docs/screenshots/planner-topdown.png
for f in planner-pdf-overview planner-pdf-tile planner-topdown; do
    python3 tools/check_png.py "docs/screenshots/$f.png"
done
echo "Wrote docs/screenshots/planner-pdf-overview.png, planner-pdf-tile.png, planner-topdown.png"
