#!/usr/bin/env bash
# The .deb as a user gets it: installs the newest target/release/bundle/deb/*.deb on this machine
# (dpkg, as root), starts the installed /usr/bin/deid-studio under a virtual display with an empty
# home, and checks that it works from its own files: the window's process runs, the database is
# created in ~/.local/share/deid-studio and the bundled demo corpus is imported and pre-annotated
# by the bundled model on the bundled ONNX Runtime (hybrid). Then it removes the package again.
#   scripts/test-deb.sh            (./studio test runs it after ./studio package)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "test-deb: installing a .deb needs root (dpkg -i); run ./studio test as root, as CI does" >&2; exit 1; }
deb=$(ls -t target/release/bundle/deb/*.deb 2>/dev/null | head -1 || true)
[ -n "$deb" ] || { echo "test-deb: no .deb in target/release/bundle/deb (run ./studio package)" >&2; exit 1; }
echo "test-deb: installing $deb"
dpkg -i "$deb" >/dev/null
trap 'dpkg -r deid-studio >/dev/null 2>&1 || true' EXIT
res="/usr/lib/Deid Studio"
for f in /usr/bin/deid-studio "$res/models/deid-bilstm-v3/model.onnx" "$res/onnxruntime/libonnxruntime.so" "$res/data/demo/vaers-demo.csv"; do
  [ -e "$f" ] || { echo "test-deb: the package lacks $f" >&2; exit 1; }
done
home=$(mktemp -d)
log="$home/app.log"
# a clean environment: nothing from the checkout (no DEID_*, no ORT_DYLIB_PATH); a process group
# of its own, so that stopping it stops the app too, not only xvfb-run (the app outlived it, still
# running from a removed package)
env -i PATH=/usr/bin:/bin HOME="$home" setsid xvfb-run -a -s "-screen 0 1280x800x24" /usr/bin/deid-studio >"$log" 2>&1 &
pid=$!
db="$home/.local/share/deid-studio/annotations.db"
ok=""
for _ in $(seq 1 180); do
  if [ -f "$db" ] && python3 - "$db" <<'PY' 2>/dev/null
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
n = c.execute("SELECT COUNT(*) FROM document").fetchone()[0]
modes = {m for (m,) in c.execute("SELECT DISTINCT mode FROM pre_annotation")}
sys.exit(0 if n == 399 and modes == {"hybrid"} else 1)
PY
  then ok=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
kill -TERM -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
for _ in $(seq 1 20); do pgrep -g "$pid" >/dev/null || break; sleep 0.5; done
if pgrep -g "$pid" >/dev/null; then
  kill -KILL -- "-$pid" 2>/dev/null || true
  echo "test-deb: the installed app did not stop on SIGTERM; killed" >&2
fi
if [ -z "$ok" ]; then
  echo "test-deb: the installed app did not import the demo corpus with the bundled model; its output:" >&2
  cat "$log" >&2
  exit 1
fi
grep -q "engine deid-bilstm-v3" "$log" || { echo "test-deb: the engine line is missing:" >&2; cat "$log" >&2; exit 1; }
echo "test-deb: installed, started, the demo corpus (399 narratives) pre-annotated by the bundled hybrid engine: $(grep -m1 'engine' "$log")"
rm -rf "$home"
