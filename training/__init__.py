"""Training pipeline package (see training/README.md)."""
import os

# ONNX Runtime (export parity checks, fine-tune selection) uploads telemetry from its Linux builds
# since 1.29 unless this is set before it starts: nothing about the training data leaves the
# machine either.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"
