#!/usr/bin/env bash
# Renders every smoke scene under Xvfb with Mesa's lavapipe and writes
# docs/screenshots/<scene>.png (checked not blank by tools/check_png.py). The README uses
# them. Usage: tools/screenshots.sh [--release] [scene ...]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

profile=debug
cargo_flags=()
if [[ "${1:-}" == "--release" ]]; then
    profile=release
    cargo_flags+=(--release)
    shift
fi
scenes=("$@")
if [[ ${#scenes[@]} -eq 0 ]]; then
    scenes=(main-menu solo-setup team-builder deployment route-preview path-of-attack mid-move eye-view luck-prompt reaction-prompt results battle campaign-hub campaign-injury campaign-pairs one-off-setup one-off-builder planner coach two-vs-two lobby)
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
if [[ -z "${SKIP_BUILD:-}" ]]; then
    cargo build -p redline ${cargo_flags[@]+"${cargo_flags[@]}"}
fi
binary="$target_dir/$profile/redline"

runtime_dir="$(mktemp -d)"
data_dir="$(mktemp -d)"
trap 'rm -rf "$runtime_dir" "$data_dir"' EXIT
chmod 700 "$runtime_dir"
icd="$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)"
export XDG_RUNTIME_DIR="$runtime_dir"
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
if [[ -n "$icd" ]]; then
    export VK_ICD_FILENAMES="$icd"
fi
export RUST_LOG="${RUST_LOG:-info,wgpu=error,naga=warn}"

mkdir -p docs/screenshots
for scene in "${scenes[@]}"; do
    out="docs/screenshots/$scene.png"
    rm -f "$out"
    start=$(date +%s)
    timeout 300 xvfb-run -a -s "-screen 0 1280x720x24" \
        "$binary" --smoke "$out" --scene "$scene" --data-dir "$data_dir"
    echo "$scene: $(( $(date +%s) - start )) s"
    python3 tools/check_png.py "$out"
done
