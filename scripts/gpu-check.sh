#!/bin/bash
# The CUDA path measured (issue 11): CPU and GPU decisions compared, then narratives/s, peak
# memory, GPU memory and GPU utilisation for rules-only, the hybrid on the CPU and on the GPU, and
# the convolutional model on the GPU, over a VAERS CSV repeated REP times (default 60).
#
#   scripts/gpu-check.sh [BIN] [CSV]      (BIN: target/release/deid; CSV: vaers-2021-01.csv)
#
# Needs the GPU build of ONNX Runtime: `./studio setup` on a machine with an NVIDIA GPU installs
# it (vendor/onnxruntime-gpu); or set ORT_DYLIB_PATH and LD_LIBRARY_PATH yourself. On the lent
# device machines (no registry; 64 MiB per transfer) the PyPI wheel's CUDA provider was carried
# with its kernels cut to the GPU's architecture (scripts/prune-fatbin.py) in two transfers.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${1:-$ROOT/target/release/deid}
CSV=${2:-$ROOT/../shared/data/vaers/vaers-2021-01.csv}
REP=${REP:-60}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
M=$ROOT/models/deid-bilstm-v3
C=$ROOT/models/deid-idcnn-64-v3
python3 - "$CSV" "$W/big.csv" "$REP" <<'P'
import csv, sys
csv.field_size_limit(10**9)
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8', errors='replace')))
w = csv.writer(open(sys.argv[2], 'w', newline=''))
w.writerow(rows[0])
for _ in range(int(sys.argv[3])):
    w.writerows(rows[1:])
print(f"{int(sys.argv[3]) * (len(rows) - 1)} narratives ({sys.argv[3]} x {len(rows) - 1})")
P
nvidia-smi -L 2>/dev/null; echo "cores: $(nproc)"
run() { # label, command...
  local l=$1; shift
  nvidia-smi --query-gpu=memory.used,utilization.gpu --format=csv,noheader,nounits -lms 100 \
    > "$W/gpu.$l" 2>/dev/null & local sampler=$!
  python3 - "$l" "$@" <<'P'
import resource, subprocess, sys, time
t = time.time()
r = subprocess.run(sys.argv[2:], stderr=subprocess.PIPE, text=True)
dt = time.time() - t
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{sys.argv[1]:<14} exit {r.returncode}  {dt:7.2f} s  peak RSS {peak:6.0f} MiB")
if r.returncode or "CUDA" in r.stderr:
    print("  " + r.stderr.strip()[-400:])
P
  kill $sampler 2>/dev/null; wait $sampler 2>/dev/null
  python3 - "$W/gpu.$l" <<'P'
import sys
v = [tuple(map(float, l.split(","))) for l in open(sys.argv[1]) if l.strip() and "N/A" not in l]
if v:
    print(f"  GPU memory max {max(m for m, _ in v):.0f} MiB, busy {sum(u for _, u in v) / len(v):.0f}% on average")
P
}
echo "== the same decisions on the CPU and the GPU? ($CSV)"
run cuda-once "$BIN" annotate --provider cuda --model "$M" --quiet --format jsonl --out "$W/cuda" "$CSV"
run cpu-once "$BIN" annotate --provider cpu --model "$M" --quiet --format jsonl --out "$W/cpu" "$CSV"
python3 - "$W/cpu" "$W/cuda" <<'P'
import glob, json, sys
a, b = ([json.loads(l) for l in open(glob.glob(d + "/*.jsonl")[0])] for d in sys.argv[1:])
diff = [(x, y) for x, y in zip(a, b) if x["spans"] != y["spans"]]
print(f"narratives whose spans differ: {len(diff)} of {len(a)}")
for x, y in diff[:5]:
    key = lambda s: (s["start"], s["end"], s["type"])
    print("  id", x.get("id"), "CPU only:", sorted(set(map(key, x["spans"])) - set(map(key, y["spans"]))),
          "GPU only:", sorted(set(map(key, y["spans"])) - set(map(key, x["spans"]))))
P
echo "== throughput (defaults, as a user runs them)"
run rules "$BIN" annotate --rules-only --quiet --format jsonl --out "$W/r" "$W/big.csv"
run hybrid-cpu "$BIN" annotate --provider cpu --model "$M" --quiet --format jsonl --out "$W/c" "$W/big.csv"
run hybrid-cuda "$BIN" annotate --provider cuda --model "$M" --quiet --format jsonl --out "$W/g" "$W/big.csv"
run idcnn-cuda "$BIN" annotate --provider cuda --model "$C" --quiet --format jsonl --out "$W/i" "$W/big.csv"
DEID_GPU_SESSIONS=1 run cuda-1-session "$BIN" annotate --provider cuda --model "$M" --quiet --format jsonl --out "$W/s" "$W/big.csv"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv 2>/dev/null
