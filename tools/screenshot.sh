#!/usr/bin/env bash
# Builds the game and runs its smoke mode under Xvfb with Mesa's lavapipe (a CPU Vulkan
# driver), writing docs/screenshot.png. The smoke mode itself refuses a blank frame
# (fewer than 9 distinct colours); this script checks the PNG again with python3's zlib.
#
# Usage: tools/screenshot.sh [--release] [out.png]
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
out="${1:-docs/screenshot.png}"
out="$(realpath -m "$out")"

target_dir="${CARGO_TARGET_DIR:-$root/target}"
cargo build -p redline "${cargo_flags[@]}"
binary="$target_dir/$profile/redline"

runtime_dir="$(mktemp -d)"
trap 'rm -rf "$runtime_dir"' EXIT
chmod 700 "$runtime_dir"

# lavapipe: force the CPU Vulkan driver even if another ICD is installed.
icd="$(ls /usr/share/vulkan/icd.d/lvp_icd*.json 2>/dev/null | head -n1 || true)"
export XDG_RUNTIME_DIR="$runtime_dir"
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
if [[ -n "$icd" ]]; then
    export VK_ICD_FILENAMES="$icd"
fi
export RUST_LOG="${RUST_LOG:-info,wgpu=error,naga=warn}"

rm -f "$out"
start=$(date +%s)
xvfb-run -a -s "-screen 0 1280x720x24" "$binary" --smoke "$out"
echo "smoke run: $(( $(date +%s) - start )) s"

python3 - "$out" <<'PY'
"""Decode the PNG with zlib alone and fail if it has 8 colours or fewer."""
import struct, sys, zlib

path = sys.argv[1]
data = open(path, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
pos, chunks, idat = 8, {}, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour_type = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
channels = {2: 3, 6: 4}.get(colour_type)
assert depth == 8 and channels, f"unexpected PNG format (depth {depth}, type {colour_type})"
raw, stride, prev = zlib.decompress(idat), width * channels, bytearray(width * channels)
colours = set()
for row in range(height):
    start = row * (stride + 1)
    kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b, c = prev[i], prev[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + a) & 255
        elif kind == 2: line[i] = (line[i] + b) & 255
        elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if row % 4 == 0:
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, channels * 4))
    prev = line
print(f"{path}: {width}x{height}, {len(colours)}+ distinct colours (sampled)")
if len(colours) <= 8:
    sys.exit(f"{path} looks blank")
PY
