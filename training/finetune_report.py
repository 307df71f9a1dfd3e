"""Reports of `training.finetune`: the before/after table (held-out gold, replay validation, dev gold),
DIR/finetune-report.{md,json} and the fine-tuned model's MODEL_CARD.md."""
from __future__ import annotations

import json
from pathlib import Path

SETS = (("heldout", "held-out gold"), ("replay", "replay validation (synthetic)"), ("dev", "dev gold (report only)"))


def _cell(b: float | None, a: float | None) -> str:
    if b is None and a is None:
        return ""
    if b is None or a is None:
        return f"{b if b is not None else a:.4f}"
    return f"{b:.4f} -> {a:.4f} ({a - b:+.4f})"


def table_rows(before: dict, after: dict) -> tuple[list[str], list[list[str]]]:
    """Header and rows: overall recall/precision/F1, rules OR model recall, then per-category token recall."""
    sets = [(k, name) for k, name in SETS if before.get(k) and after.get(k)]
    header = ["metric (token level)"] + [f"{name}, {before[k]['documents']} docs: base -> fine-tuned" for k, name in sets]
    rows = []
    for label, get in (("PHI recall", lambda m: m["argmax"]["recall"]),
                       ("PHI precision", lambda m: m["argmax"]["precision"]),
                       ("PHI F1", lambda m: m["argmax"]["f1"]),
                       ("recall, rules OR model", lambda m: m["rules_or_model"]["recall"])):
        rows.append([label] + [_cell(get(before[k]), get(after[k])) for k, _ in sets])
    cats: dict[str, int] = {}
    for k, _ in sets:
        for c, m in before[k]["per_category"].items():
            cats[c] = cats.get(c, 0) + m["tokens"]
    for c in sorted(cats, key=lambda c: (-cats[c], c)):
        row = [f"{c} recall"]
        for k, _ in sets:
            b, a = before[k]["per_category"].get(c), after[k]["per_category"].get(c)
            row.append(f"{_cell(b['recall'], a['recall'])} n={b['tokens']}" if b and a else "")
        rows.append(row)
    return header, rows


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def before_after(before: dict, after: dict) -> str:
    return markdown_table(*table_rows(before, after))


def epochs_table(candidates: list[dict], selected: int) -> str:
    rows = []
    for c in candidates:
        rows.append([str(c["epoch"]) + (" (base)" if c["epoch"] == 0 else ""),
                     "" if c["loss"] is None else f"{c['loss']:.4f}",
                     "" if c["seconds"] is None else f"{c['seconds']:.0f}",
                     f"{c['heldout_recall']:.4f}", f"{c['heldout_precision']:.4f}", f"{c['heldout_f1']:.4f}",
                     f"{c['replay_recall']:.4f}" if "replay_recall" in c else "",
                     ("selected" if c["epoch"] == selected else "") + (f" not eligible: {c['why']}" if c.get("why") else "")])
    return markdown_table(["epoch", "loss", "s", "held-out R", "held-out P", "held-out F1", "replay R", ""], rows)


def _thr(t: dict) -> str:
    per = t.get("per_category") or {}
    r = lambda x: x if x is None else round(float(x), 4)  # noqa: E731 (float32 in metadata.json)
    s = f"low {r(t.get('low'))}, high {r(t.get('high'))}"
    if per:
        s += "; per category: " + ", ".join(f"{k} {r(v['low'])}/{r(v['high'])}" for k, v in sorted(per.items()))
    return s


def hybrid_table(cal: dict) -> str:
    """The hybrid on each calibration set (held-out gold first): HIPAA token recall and precision of the base
    model with its thresholds and of the fine-tuned model with the calibrated ones, the recall each set
    had to reach, and the all-PHI recall (held at the base's too)."""
    sets = cal.get("sets") or []
    cols = ("floor_per_set", "recall_per_set", "goal_per_set", "floor_precision_per_set", "precision_per_set")
    if not sets or any(len(cal.get(c) or []) != len(sets) for c in cols):
        return ""
    all_held = all(len(cal.get(c) or []) == len(sets) for c in ("all_floor_per_set", "all_recall_per_set"))
    rows = [[name, f"{cal['floor_per_set'][k]:.4f} -> {cal['recall_per_set'][k]:.4f}", f"{cal['goal_per_set'][k]:.4f}"]
            + ([f"{cal['all_floor_per_set'][k]:.4f} -> {cal['all_recall_per_set'][k]:.4f}"] if all_held else [])
            + [_cell(cal["floor_precision_per_set"][k], cal["precision_per_set"][k])]
            for k, name in enumerate(sets)]
    return markdown_table(["gold set (hybrid)", "HIPAA recall: base -> fine-tuned", "had to reach"]
                          + (["all-PHI recall: base -> fine-tuned"] if all_held else [])
                          + ["precision: base -> fine-tuned"], rows)


def thresholds_text(r: dict) -> list[str]:
    th, cal = r["thresholds"], r["thresholds"]["calibration"]
    lines = [f"- Start: the base model's thresholds, copied from {r['base']['name']}/metadata.json: {_thr(th['base'])}."]
    if cal["status"] == "calibrated":
        others = len(cal.get("sets") or [None]) - 1
        lines.append(f"- Then `deid calibrate --target-recall {cal['target_recall']} --no-worse-than "
                     f"{r['base']['name']} --global-only` ({cal.get('recall_kind', 'hipaa')} token recall) on the "
                     f"{r['heldout']['documents']} held-out documents and {others} more gold set(s): on each set the "
                     f"target, or where {r['base']['name']} stays below it there, {r['base']['name']}'s own recall, "
                     "HIPAA and all-PHI (every category); "
                     f"at that, the best precision (all sets together {cal.get('precision', float('nan')):.4f}). "
                     "The hybrid per set, base with its thresholds -> fine-tuned with these:")
        lines += ["", hybrid_table(cal), ""]
    else:
        lines.append(f"- Calibration did not run or failed ({cal.get('error', 'skipped')}); "
                     "the base model's thresholds are kept unchanged.")
    lines.append(f"- Final: {_thr(th['final'])}.")
    return lines


def report_markdown(r: dict) -> str:
    lines = [f"# Fine-tuning report: {r['name']}", "",
             f"{r['base']['name']} fine-tuned on {r['gold']['train_documents']} reviewed gold documents from "
             f"`{r['gold']['xml']}`; {r['heldout']['documents']} held out ({r['heldout']['how']}).", "",
             "## Before / after (token level; PHI = argmax != SAFE; model alone unless noted)", "",
             r["table"], "", "## Candidates (epoch 0 is the base model)", "",
             epochs_table(r["candidates"], r["selected_epoch"]), "",
             f"Selection: {r['selection']}. Stopped: {r['stopped']}.", "", "## Thresholds", ""]
    lines += thresholds_text(r)
    lines += ["", f"Time: {r['seconds']['total']:.0f} s in all ({r['seconds']['training']:.0f} s training and "
                  f"selection) on {r['threads']} threads.", ""]
    return "\n".join(lines)


def model_card(r: dict, meta: dict) -> str:
    b, g, h, rp = r["base"], r["gold"], r["heldout"], r["replay"]
    src = rp["source"]
    if rp["train_documents"]:
        how = (f"drawn from `{src['train_file']}`" if src.get("kind") == "existing featurized JSONL"
               else f"generated now by `training.generate`, seed {src.get('seed')}, carriers "
                    + ", ".join(f"`{Path(c).name}`" for c in src.get("carriers") or [])
                    + (" with the base model's own mix of carriers, document styles and countries"
                       if src.get("base_distribution") else ""))
        replay = (f"- Replay against forgetting: {rp['train_documents']} synthetic documents from the base model's "
                  f"training distribution ({how}), {rp['ratio']} per gold training document, mixed into every epoch"
                  + (f", their words trained toward the base model's probabilities as well as their labels "
                     f"(distillation, weight {rp['distill']:g})" if rp.get("distill")
                     else f" ({rp['distillation']})" if rp.get("distillation") else "")
                  + f"; {rp['valid_documents']} further synthetic documents measure forgetting (replay validation).")
    else:
        replay = f"- No replay data ({src.get('error') or src.get('reason')}): forgetting was not guarded against."
    t = meta["training"]
    lines = [
        f"# {r['name']} {meta['version']}", "",
        f"Fine-tuned from **{b['name']}** on **{g['train_documents']} reviewed gold documents** from `{g['xml']}` "
        f"({g['documents']} documents in all, {h['documents']} held out). Same architecture (BiLSTM variation "
        f"{meta['variation']}), vocabularies and labels as the base model, so it is a drop-in replacement.", "",
        "## Data", "",
        f"- Fine-tuning: {g['train_documents']} reviewed gold documents ({g['train_tokens']} tokens), i2b2 XML "
        f"featurized with `deid featurize`.",
        f"- Held out: {h['documents']} documents ({h['how']}), never trained on; they chose the model (the base and "
        "every epoch were candidates) and calibrated the thresholds, so the held-out figures below are optimistic. "
        "Judge the model on newly reviewed documents.",
        replay,
        f"- Base model: {b['name']}, trained on {b.get('documents')} documents (`{b.get('train_file')}`"
        + (f", synthetic narratives from `{b['generator']}`" if b.get("generator") else "")
        + "); see its model card.", "",
        "## Training", "",
        f"- Adam, lr {t['optimizer']['lr']}, the base model's class weights, seed {t.get('seed')}; "
        f"{t.get('epochs_run')} epoch(s) run, epoch {r['selected_epoch']} selected ({r['stopped']}).",
        f"- Selection: {r['selection']}.",
        f"- Time: {r['seconds']['total']:.0f} s in all, {r['seconds']['training']:.0f} s training and selection, "
        f"on {r['threads']} CPU threads.", "",
        "## Thresholds (adaptive-threshold rule, P(SAFE))", "",
    ] + thresholds_text(r) + [
        "", "## Before / after", "", r["table"], "", "## Limits", "",
        f"- {h['documents']} held-out documents are a small sample: a difference of a few tokens moves recall.",
        "- Everything the base model card says about its limits still holds (English VAERS-style narratives; "
        "tokens and features must come from the same `deid` featurizer version).",
        ("- parity.json (the ONNX parity fixture) holds the tokens of held-out reviewed documents: do not share "
         "this directory outside the place where the reviewed documents may be kept." if r["parity_is_gold"] else
         "- No text of the reviewed documents is stored in this directory (parity.json: " + r["parity_source"]
         + "); the report names the held-out files."), ""]
    return "\n".join(lines)


def write_json(path, r: dict):
    path.write_text(json.dumps(r, indent=1, ensure_ascii=False, default=float))
