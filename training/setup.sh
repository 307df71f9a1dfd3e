#!/usr/bin/env bash
# Create (or update) training/.venv with the pinned requirements. Idempotent: a venv whose
# installed requirements match training/requirements.txt is left alone.
# Needs python3 (>= 3.10) with the venv module (Debian: apt-get install python3-venv).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"
req="$here/requirements.txt"
stamp="$venv/.requirements.sha256"
py="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$py" -m venv "$venv"
fi
want="$(sha256sum "$req" | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$venv/bin/python" -c "import torch, numpy, onnx, onnxruntime, faker, phonenumbers, babel, holidays" 2>/dev/null; then
    echo "training/.venv is up to date"
    exit 0
fi
"$venv/bin/python" -m pip install --upgrade pip
"$venv/bin/python" -m pip install -r "$req"
echo "$want" > "$stamp"
echo "training/.venv ready: $("$venv/bin/python" -c 'import torch, onnxruntime; print("torch", torch.__version__, "onnxruntime", onnxruntime.__version__)')"
