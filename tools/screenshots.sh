#!/usr/bin/env bash
# Renders smoke scenes under Xvfb with Mesa's lavapipe (a CPU Vulkan driver) and writes
# docs/screenshots/<scene>.png (each checked not blank by tools/check_png.py). The README
# uses them. With no scene named, renders the table's look (the full table, a Brawl close
# up, a model mid-move, the model's-eye view, the planner's 3D view) and then every screen.
# A scene this build of the game doesn't know is skipped with a message.
#
# Usage: tools/screenshots.sh [--release] [scene ...]
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
    scenes=(battle brawl mid-move eye-view planner-3d
        main-menu solo-setup team-builder deployment route-preview path-of-attack luck-prompt
        reaction-prompt results campaign-hub campaign-injury campaign-pairs one-off-setup
        one-off-builder planner coach two-vs-two lobby online-match modules security)
fi

target_dir="${CARGO_TARGET_DIR:-$root/target}"
if [[ -z "${SKIP_BUILD:-}" ]]; then
    cargo build -p redline --bin redline ${cargo_flags[@]+"${cargo_flags[@]}"}
fi

runtime_dir="$(mktemp -d)"
data_dir="$(mktemp -d)"
log="$(mktemp)"
trap 'rm -rf "$runtime_dir" "$data_dir" "$log"' EXIT
chmod 700 "$runtime_dir"
# A copy, so a later build into a shared target folder can't swap the game mid-run.
binary="$runtime_dir/redline"
cp "$target_dir/$profile/redline" "$binary"
# lavapipe: force the CPU Vulkan driver even if another ICD is installed.
icd="$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)"
export XDG_RUNTIME_DIR="$runtime_dir"
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
if [[ -n "$icd" ]]; then
    export VK_ICD_FILENAMES="$icd"
fi
export RUST_LOG="${RUST_LOG:-info,wgpu=error,naga=warn}"

mkdir -p docs/screenshots
failed=()
skipped=()
for scene in "${scenes[@]}"; do
    out="docs/screenshots/$scene.png"
    tmp="$data_dir/$scene.png"
    rm -f "$tmp"
    start=$(date +%s)
    status=0
    timeout 900 xvfb-run -a -s "-screen 0 1280x720x24" \
        "$binary" --smoke "$tmp" --scene "$scene" --data-dir "$data_dir" >"$log" 2>&1 || status=$?
    if grep -q "unknown scene '$scene'" "$log"; then
        echo "$scene: skipped, this build of the game has no such scene"
        skipped+=("$scene")
        continue
    fi
    if [[ $status -ne 0 || ! -s "$tmp" ]]; then
        tail -n 20 "$log" >&2
        echo "$scene: FAILED (exit $status)" >&2
        failed+=("$scene")
        continue
    fi
    python3 tools/check_png.py "$tmp"
    mv "$tmp" "$out"
    echo "$scene: $out in $(( $(date +%s) - start )) s"
done
if [[ ${#skipped[@]} -gt 0 ]]; then
    echo "skipped (unknown to this build): ${skipped[*]}"
fi
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "failed: ${failed[*]}" >&2
    exit 1
fi
