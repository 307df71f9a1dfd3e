"""Deid Studio: de-identification of adverse drug reaction narratives, from Python.

    import deid
    d = deid.Deidentifier(mode="hybrid")          # or mode="rules"
    d.annotate(["Pt John Smith, 53 yo, seen 12/23/2020"])
    # [{"text": ..., "masked": "Pt [PATIENT], [AGE] [PATIENT], seen [DATE]",
    #   "spans": [{"start": 3, "end": 13, "tag": "NAME", "type": "PATIENT"}, ...], "error": None}]

    deid.annotate(texts, mode="hybrid")           # one cached Deidentifier per process (Spark/Dask)

The engine is the Rust `deid` crate (python/src/lib.rs is a thin PyO3 layer over it): spans and
masked text are exactly what `deid annotate --format jsonl` / `--format masked` write. Offsets
are Unicode code points, as Python's own string indices.

What this module adds (see python/README.md):
  * the model: `model_dir`, else $DEID_MODEL, else the model bundled in the wheel (deid/model/);
  * ONNX Runtime's shared library (hybrid mode): $ORT_DYLIB_PATH, else the `onnxruntime` wheel
    installed in this environment (onnxruntime/capi/libonnxruntime.so*, found without importing
    it; ORT_DYLIB_PATH is then set for this process so the engine loads that file);
  * `annotate`, which caches one Deidentifier per (process, settings).
Errors never contain narrative text.
"""

import glob
import importlib.util
import os
import threading

# ONNX Runtime's telemetry (on by default in its Linux builds since 1.29: a device id and event
# cache under ~/.cache/Microsoft, then uploads) is stopped only by this variable set before the
# library starts; the engine sets it too, but here it is set before any thread could read it.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

from . import _native  # noqa: E402
from ._native import DeidError

__all__ = ["Deidentifier", "DeidError", "annotate", "bundled_model_dir", "ort_library"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def bundled_model_dir():
    """The model shipped inside the wheel (deid/model/), or None when this build has none."""
    d = os.path.join(_HERE, "model")
    return d if os.path.isfile(os.path.join(d, "metadata.json")) else None


def _resolve_model_dir(model_dir):
    if model_dir is not None:
        return os.fspath(model_dir)
    env = os.environ.get("DEID_MODEL")
    if env:
        return env
    bundled = bundled_model_dir()
    if bundled is None:
        raise DeidError(
            "no model for mode=\"hybrid\": pass model_dir=, set DEID_MODEL, or install a wheel "
            "built by python/build.sh (it bundles models/deid-bilstm-v3); mode=\"rules\" needs none"
        )
    return bundled


def _version_key(path):
    tail = os.path.basename(path).split(".so")[-1].lstrip(".")
    return tuple(int(p) if p.isdigit() else -1 for p in tail.split(".") if p)


def ort_library():
    """The ONNX Runtime shared library the hybrid mode will load: $ORT_DYLIB_PATH, else the one
    in the `onnxruntime` wheel of this environment, else None (the engine then tries next to the
    Python executable and the checkout's vendor/onnxruntime/, and says what it looked at)."""
    env = os.environ.get("ORT_DYLIB_PATH")
    if env:
        return env
    try:
        spec = importlib.util.find_spec("onnxruntime")
    except (ImportError, ValueError):
        spec = None
    for root in (spec.submodule_search_locations or []) if spec else []:
        libs = [p for p in glob.glob(os.path.join(root, "capi", "libonnxruntime.so*"))
                if os.path.isfile(p)]
        if libs:
            return max(libs, key=_version_key)
    return None


def _ensure_ort_library():
    lib = ort_library()
    if lib and not os.environ.get("ORT_DYLIB_PATH"):
        # the engine reads ORT_DYLIB_PATH when it first loads a model (once per process)
        os.environ["ORT_DYLIB_PATH"] = lib
    return lib


_forked = False


def _after_fork():
    global _forked, _cache
    _forked = True
    _cache = {}


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def _cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class Deidentifier:
    """A loaded de-identifier. `mode`: "hybrid" (rules + BiLSTM, the default) or "rules".
    `model_dir`: the model folder (default $DEID_MODEL, else the bundled model). `lexicons_dir`:
    lexicons from a folder instead of the embedded ones. `threads`: threads per `annotate` call
    (default all cores; use 1 where Spark or Dask already runs one task per core). `provider`:
    "cpu" or "cuda" (falls back to the CPU; `description` says why).

    Pickling sends the settings, not the model: the copy loads its own on first use, so a
    Deidentifier captured in a Spark closure works on the executors."""

    def __init__(self, mode="hybrid", model_dir=None, lexicons_dir=None, threads=None,
                 provider="cpu"):
        if not isinstance(mode, str):
            raise TypeError(f"mode must be a str, not {type(mode).__name__}")
        if mode not in ("hybrid", "rules", "rules-only"):
            raise ValueError(f"unknown mode {mode!r}: use \"hybrid\" or \"rules\"")
        self._settings = dict(mode=mode, model_dir=model_dir, lexicons_dir=lexicons_dir,
                              threads=threads, provider=provider)
        hybrid = mode == "hybrid"
        self.model_dir = _resolve_model_dir(model_dir) if hybrid else None
        self.ort_library = _ensure_ort_library() if hybrid else None
        if threads is None and _forked:
            # rayon's global pool started before a fork has no threads in the child
            threads = _cores()
        self._native = _native.Deidentifier(
            mode, self.model_dir,
            None if lexicons_dir is None else os.fspath(lexicons_dir),
            threads, provider)

    @property
    def mode(self):
        """"hybrid" or "rules"."""
        return self._native.mode

    @property
    def description(self):
        """The model and where it runs, or "rules only"."""
        return self._native.description

    def annotate(self, texts):
        """De-identify a list (or tuple, or any iterable) of str. Returns one dict per text:
        {"text", "masked", "spans": [{"start", "end", "tag", "type"}], "error"}; offsets are
        code points. A text the engine fails on gets "error" (a message without its text),
        "masked" None and no spans; the others are unaffected. Raises TypeError for anything
        but str items, DeidError when the whole batch fails (ONNX Runtime)."""
        return self._native.annotate(texts)

    def __getstate__(self):
        return self._settings

    def __setstate__(self, settings):
        self.__init__(**settings)

    def __repr__(self):
        return f"deid.Deidentifier(mode={self.mode!r}: {self.description})"


_cache = {}
_cache_lock = threading.Lock()


def annotate(texts, mode="hybrid", model_dir=None, lexicons_dir=None, threads=None):
    """`Deidentifier(mode, model_dir, lexicons_dir, threads).annotate(texts)` with the
    Deidentifier loaded once per process and settings: call it per partition from Spark
    (mapPartitions, mapInPandas), Dask (map_partitions), Ray (map_batches) or pandas."""
    key = (mode, None if model_dir is None else os.fspath(model_dir),
           None if lexicons_dir is None else os.fspath(lexicons_dir), threads)
    d = _cache.get(key)
    if d is None:
        with _cache_lock:
            d = _cache.get(key)
            if d is None:
                d = Deidentifier(mode=mode, model_dir=model_dir, lexicons_dir=lexicons_dir,
                                 threads=threads)
                _cache[key] = d
    return d.annotate(texts)
