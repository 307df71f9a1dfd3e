#!/usr/bin/env python3
"""Name probe: how many person-name words the engine leaves visible, per case.

Puts Faker names (the locales given) into template sentences of the kinds VAERS narratives use
("Pt X Y, 45,", "contactable consumer (X Y)", "from X Y (mother)", "nurse X Y", "she says X Y is"),
writes each sentence in mixed case, ALL CAPS or lower case, runs `deid annotate` on them and counts
the name words not fully masked. A development probe, not a gold set: the templates are few and
the figures say where names leak, not how often they do in real narratives.

    training/.venv/bin/python scripts/name-probe.py [--bin target/release/deid] [--seed 23]
        [--n 900] [--locales en_US,en_GB,es_ES,...] [-- extra deid flags]
"""
import argparse, csv, collections, json, os, random, re, subprocess, sys, tempfile

from faker import Faker

TEMPLATES = [
    "{F} {L} is a {A} year old female who received the Pfizer vaccine on 1/5/2021 and developed a rash.",
    "Patient {F} {L} ({A} yo) reported hives two hours after the second dose of Moderna.",
    "My husband {F} {L} got his shot at the pharmacy and had chills and fever that night.",
    "This is a spontaneous report from a contactable consumer ({F} {L}). A {A}-year-old female patient received BNT162B2.",
    "Pt {F} {L}, {A}, c/o headache and nausea after vaccine. Seen by Dr. {F2} {L2} at urgent care.",
    "Reported by {F} {L}, RN. The patient had syncope in the observation area and recovered.",
    "I, {F} {L}, had a sore arm and fatigue for three days after the vaccine, then felt fine.",
    "{F} {L} called on 2/2/21 to report that her daughter had a fever of 102 after the dose.",
    "Vaccine given by {F} {L} at the county clinic; patient fainted and was given juice and water.",
    "The patient's mother, {F} {L}, stated the child was crying for 3 hours after the shot.",
    "Contact {F} {L} at 555-201-3344 for follow up about the swelling of the left arm.",
    "Spoke with pt's wife {F} today; she says {F2} {L} is doing better but still tired and weak.",
    "Reporter: {F} {L}, pharmacist. The patient developed urticaria within 15 minutes of vaccination.",
    "Name: {F} {L}; DOB 03/04/1961; the patient had a fever and myalgia after the second dose.",
    "The vaccine was administered by nurse {F} {L} and the patient felt dizzy shortly after.",
    "Information was received from {F} {L} (mother) regarding her son who developed a rash.",
    "Pt's daughter {F} {L} states that her mother was confused for two days after the shot.",
    "{F} {L} was seen in the ER on 1/10/21 for chest pain and shortness of breath after dose 2.",
    "Case reported by {F} {L} of the county health department on behalf of the patient's family.",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/deid")
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--n", type=int, default=900)
    ap.add_argument("--locales", default="en_US,en_GB,es_ES,fr_FR,de_DE,it_IT,pt_BR,pl_PL,nl_NL,tr_TR")
    ap.add_argument("--show", type=int, default=10, help="missed examples to print per case")
    ap.add_argument("flags", nargs="*")
    a = ap.parse_args()
    fake = Faker(a.locales.split(","))
    Faker.seed(a.seed)
    rnd = random.Random(a.seed)
    rows = []
    for i in range(a.n):
        t = rnd.choice(TEMPLATES)
        F, L, F2, L2 = fake.first_name(), fake.last_name(), fake.first_name(), fake.last_name()
        text = t.format(F=F, L=L, F2=F2, L2=L2, A=rnd.randint(18, 90))
        names = [F, L] + ([F2] if "{F2}" in t else []) + ([L2] if "{L2}" in t else [])
        case = rnd.choice(["mixed", "caps", "lower"])
        if case == "caps":
            text, names = text.upper(), [n.upper() for n in names]
        elif case == "lower":
            text, names = text.lower(), [n.lower() for n in names]
        rows.append((f"P{i:04d}", text, names, case))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.csv")
        with open(src, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["id", "text"])
            w.writerows((r[0], r[1]) for r in rows)
        out = os.path.join(tmp, "out")
        subprocess.run([a.bin, "annotate", src, "--text-column", "text", "--format", "jsonl",
                        "--out", out, "--quiet", *a.flags], check=True, stdout=subprocess.DEVNULL)
        spans = {}
        for fn in os.listdir(out):
            with open(os.path.join(out, fn), encoding="utf-8") as fh:
                for line in fh:
                    d = json.loads(line)
                    spans[d["text"]] = [(s["start"], s["end"]) for s in d["spans"]]
    total, missed, examples = collections.Counter(), collections.Counter(), collections.defaultdict(list)
    for _, text, names, case in rows:
        sp = spans[text]
        for name in set(names):
            for word in re.finditer(r"\w+", name):
                for m in re.finditer(r"(?<!\w)" + re.escape(word.group()) + r"(?!\w)", text):
                    total[case] += 1
                    if not all(any(s <= i < e for s, e in sp) for i in range(m.start(), m.end())):
                        missed[case] += 1
                        examples[case].append((word.group(), text[:100]))
    print(f"{'case':6} {'words':>6} {'missed':>6} {'recall':>7}")
    for case in ("mixed", "caps", "lower"):
        if total[case]:
            print(f"{case:6} {total[case]:6d} {missed[case]:6d} {1 - missed[case] / total[case]:7.4f}")
    for case in ("mixed", "caps", "lower"):
        for word, text in examples[case][:a.show]:
            print(f"  {case}: {word!r} in {text!r}")


if __name__ == "__main__":
    sys.exit(main())
