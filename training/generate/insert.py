"""Putting surrogate PHI into a carrier narrative where real reports have it.

Strategies (several per document, 0-8 in all, none for ~10% of documents):

* header lines before the narrative ("Patient: ...", "Reporter: Dr ..., phone ..."),
* appositions after mentions the carrier already has ("the patient", "my husband",
  "the hospital", "the ER", "the pharmacy", "her PCP", "a contactable physician", "at work"),
* whole sentences between carrier sentences (templates below),
* sign-offs after the narrative,
* re-formatting a labelled carrier date into another format,
* hard negatives: sentences with lot numbers, doses, vitals, times, manufacturers, eponyms
  and reporter roles, which stay untagged (some mixed with real PHI).

Templates are plain strings with {KEY} slots; see Ctx.resolve for the keys.
"""

import re

from . import locallang, worldtext
from .frag import Doc, Frag
from .surrogates import COUNTRIES, FOREIGN_CITIES, ordinal  # noqa: F401

# ---------------------------------------------------------------------------------------
# Templates.  Pronoun/verb keys: S s P p o (She she Her her her / I I My my me),
# is has works lives (is/am ...).  Weights by repetition of a (weight, text) pair.
# ---------------------------------------------------------------------------------------

SENTENCES = [
    (6, "{S} was taken to {FAC} by ambulance."),
    (6, "{S} was seen at {HOSP} in {CITYST} on {DATE}."),
    (5, "{S} went to the ER at {HOSP} on {DATE}."),
    (4, "{S} was admitted to {HOSP} {RANGE}."),
    (5, "{S} received the vaccine at {FAC} on {DATE}."),
    (3, "The vaccine was given at {PHARM} in {CITY}."),
    (3, "{S} received the first dose on {DATE} and the second dose on {DATE}."),
    (4, "{RELC} drove {o} to urgent care."),
    (3, "{RELC} called 911 and {s} was transported to {HOSP}."),
    (3, "{S} {lives} with {REL} in {CITYST}."),
    (5, "{S} {is} a {PROF} at {ORG}."),
    (4, "{S} {works} as a {PROF}."),
    (2, "{S} {works} at {ORG} as a {PROF}."),
    (3, "{S} {is} a {AGE} {PROF}."),
    (2, "{S} {works} for {ORG}."),
    (2, "{P} {RELW} is a {PROF} and was also vaccinated."),
    (4, "{S} was evaluated by {DOC} on {DATE}."),
    (3, "{DOC} was notified and recommended Benadryl."),
    (3, "Follow up with {DOC} at {CLINIC} on {DATE}."),
    (3, "{P} PCP, {DOCS}, was informed on {WEEKDAY}."),
    (2, "{S} had COVID-19 in {MONTHYEAR}."),
    (2, "History of appendectomy in {YEAR}."),
    (2, "{S} had a similar reaction to the flu shot in {SEASON}."),
    (2, "{S} traveled to {COUNTRY} on {DATE} and returned on {DATE}."),
    (2, "{S} recently returned from {FCITY}."),
    (1, "{S} was on vacation at {OTHERLOC} when the symptoms started."),
    (3, "On {HOLIDAY} {s} developed a fever and chills."),
    (2, "Symptoms started on {HOLIDAY}."),
    (3, "On {WEEKDAY} {s} called {DOC}."),
    (2, "DOB: {DOB}."),
    (2, "{S} was born on {DOB}."),
    (3, "Patient {PAT} was monitored for 30 minutes."),
    (3, "{PATT} tolerated the first dose without problems."),
    (2, "{PATT} was given diphenhydramine 50 mg IM."),
    (2, "Address: {ADDR}."),
    (2, "{S} can be reached at {PHONE}."),
    (2, "Please call {p} {RELW} at {PHONE}."),
    (2, "Contact: {PHONE}, {EMAIL}."),
    (1, "The clinic fax number is {FAX}."),
    (2, "MRN: {MRN}."),
    (1, "{HOSP} medical record number {MRN}."),
    (2, "{HPLANS}."),
    (1, "Account # {ACCT}."),
    (1, "SSN {SSN}."),
    (3, "{IDNUM}."),
    (1, "This report is a follow-up to {IDNUM}."),
    (1, "Pacemaker serial number {DEV} was interrogated and showed normal function."),
    (1, "{S} uses an insulin pump (serial # {DEV})."),
    (1, "{S} had a minor car accident; license plate {VEH}."),
    (1, "Reporter license number {LIC}."),
    (1, "NPI {LIC}."),
    (1, "Patient portal username: {USER}."),
    (1, "{S} posted about the reaction on Facebook as @{USER}."),
    (1, "Form submitted from IP address {IP}."),
    (1, "More information at {URL}."),
    (1, "Biometric ID {BIO} on file."),
    (3, "Patient is a {AGE} {SEXW}."),
    (2, "{S} {is} {AGEIN}."),
    (2, "Age at vaccination: {AGEN}."),
    (2, "{RELAGEC} also received the vaccine and had similar symptoms."),
    (3, "Second dose scheduled for {DATE} at {FAC}."),
    (3, "{S} was discharged home on {DATE}."),
    (2, "{S} was transferred from {HOSP} to {FAC2}."),
    (2, "{S} {is} a resident of {NH} in {CITYST}."),
    (2, "Vaccinated at {SITE} on {DATE}."),
    (1, "{S} attends {ORG}."),
    (1, "{S} returned to work at {ORG} on {DATE}."),
    (2, "Labs drawn {DATE}: CBC within normal limits."),
    (2, "Seen in the ED {RANGE}."),
    (1, "{S} moved from {STATEN} to {CITYST} in {YEAR}."),
    (2, "{S} {lives} in {STATEN}."),
    (1, "{S} {lives} in {CITY} ({ZIPC})."),
    (2, "{S} was vaccinated at the {HEALTHDEPT}."),
    (2, "The event was reported to {DOC} at {HOSP}."),
    (2, "{S} was in {CITYST} visiting family {RANGE}."),
    (1, "Prior to the vaccine {s} was in {COUNTRY} for two weeks."),
    (2, "Symptoms resolved by {DATE}."),
    (1, "{S} had a booster on {DATE} at {PHARM}."),
]

FIRST_PERSON_ONLY = [
    (3, "My name is {PAT} and I am {AGE}."),
    (2, "I am a {PROF}."),
    (2, "I am a {AGE} {PROF} at {HOSP}."),
    (2, "My husband {FIRST} found me on the floor."),
    (2, "I was working my shift at {HOSP} when it started."),
    (1, "I teach at {ORG}."),
    (1, "You can email me at {EMAIL}."),
]

THIRD_PERSON_ONLY = [
    (3, "The patient, {PAT}, is a {AGE} {SEXW}."),
    (2, "{PATT} is a {PROF}."),
    (2, "Patient {PAT} ({AGEN} y/o) received dose 1 on {DATE}."),
    (2, "The patient's {RELW} reported that {s} was confused."),
]

HEADERS = [
    (4, ["Patient: {PAT}", "DOB: {DOB}", "MRN: {MRN}", "Age: {AGEN}", "Phone: {PHONE}", "Address: {ADDR}"]),
    (3, ["Reporter: {DOC}, {HOSP}", "Phone: {PHONE}", "Fax: {FAX}", "Email: {EMAIL}"]),
    (2, ["Re: {PAT}, DOB {DOB}"]),
    (2, ["{IDNUM}"]),
    (2, ["Name: {PAT}; Age: {AGEN}; Sex: {SEXL}"]),
    (1, ["Date of report: {DATE}", "Facility: {FAC}", "Reporter: {DOC}"]),
    (1, ["Case received on {DATE} from {DOC} ({PHONE})"]),
]

SIGNOFFS = [
    (3, "\n\nReported by: {DOC}\n{HOSP}\n{ADDR}\nPhone: {PHONE}"),
    (2, "\n\nReported by: {DOC}, {FAC}, {CITYST}. Phone {PHONE}, fax {FAX}."),
    (3, " Please call me at {PHONE} with any questions."),
    (2, " You can reach me at {EMAIL} or {PHONE}."),
    (2, "\nThank you,\n{PATFIRST}"),
    (2, " -- {DOC}, {CLINIC}, {CITYST}"),
    (2, "\nSubmitted {DATE} by {DOC}."),
    (2, "\nContact: {RELC} ({PHONE})"),
    (1, " Reporter email: {EMAIL}."),
    (1, "\n{PAT}\n{ADDR}"),
]

NEGATIVES = [
    "Lot number: {LOT}.",
    "Lot # {LOT}, {DOSE} IM in the left deltoid.",
    "Vitals: BP {BP}, HR {HR}, RR {RR}, SpO2 {SAT}%, temp {TEMP}.",
    "BP was {BP} at {TIME}.",
    "{MANU} vaccine lot {LOT} given at {TIME}.",
    "History of {EPONYM}.",
    "Diagnosis: {EPONYM}.",
    "Reported by {ROLE}.",
    "This is a spontaneous report from {ROLE}.",
    "The physician assessed the event as non-serious.",
    "Per CDC guidance {s} was observed for 15 minutes.",
    "Took {DRUG} {MG} mg at {TIME} and again at {TIME2}.",
    "Temperature {TEMP} at {MILTIME}.",
    "Glucose {GLU} mg/dL, WBC {WBC}, troponin <0.01.",
    "{VAXNAME} dose 2 of 2.",
    "Dr. on call was paged and the nurse gave {DRUG}.",
    "The pharmacist reported the event to {MANU}.",
    "The ER physician prescribed {DRUG} {MG} mg for 5 days.",
    "{S} was given {DRUG} and {DRUG2} in the ER.",
    "Ruled out {EPONYM}.",
    "Second dose due in 21 days.",
    "Onset about 2 hours after vaccination; duration 3 days.",
    "NDC {NDC}.",
    "Follow-up with the neurologist in two weeks.",
    "{MANU} was notified; product complaint filed.",
    "Room {ROOM}, bed 2.",
]

MIXED_NEGATIVES = [
    "On {DATE} at {TIME}, {s} received {MANU} lot {LOT} ({DOSE}) at {FAC}.",
    "{DOC} diagnosed {EPONYM} on {DATE}.",
    "BP {BP} on arrival to {HOSP} on {DATE}.",
    "Per {ROLE}, {PAT} had {EPONYM} in {YEAR}.",
    "{MANU} ({VAXNAME}) lot {LOT} given {DATE} at {TIME} by {DOC}.",
]

EPONYMS = ["Bell's palsy", "Bell's Palsy", "Guillain-Barre syndrome", "Guillain-Barré syndrome", "GBS",
           "Parkinson's disease", "Hashimoto's thyroiditis", "Crohn's disease", "Raynaud's phenomenon",
           "Graves' disease", "Addison's disease", "Stevens-Johnson syndrome", "Epstein-Barr virus",
           "Lyme disease", "Sjogren's syndrome", "Meniere's disease", "Alzheimer's disease",
           "Hodgkin lymphoma", "Down syndrome", "Kawasaki disease", "Cushing's syndrome",
           "Barrett's esophagus", "Wolff-Parkinson-White syndrome", "Baker's cyst", "Ramsay Hunt syndrome",
           "Takotsubo cardiomyopathy", "Henoch-Schonlein purpura", "Tourette syndrome", "Behcet's disease"]
MANUS = ["Pfizer", "Pfizer-BioNTech", "PFIZER", "Moderna", "MODERNA", "Janssen", "Johnson & Johnson",
         "BioNTech", "AstraZeneca", "Novavax"]
VAXNAMES = ["BNT162B2", "BNT162b2", "mRNA-1273", "Ad26.COV2.S", "COVID-19 vaccine", "Comirnaty",
            "Spikevax", "Pfizer COVID-19 vaccine EUA"]
DRUGS = ["Benadryl", "Tylenol", "Motrin", "ibuprofen", "acetaminophen", "Zyrtec", "Pepcid",
         "prednisone", "EpiPen", "Solu-Medrol", "Claritin", "Allegra", "famotidine", "Decadron"]
ROLES = ["a consumer", "a contactable consumer", "the patient's physician", "a pharmacist",
         "a contactable nurse", "a nurse", "a contactable physician", "the reporter",
         "a health care professional", "a Pfizer sponsored program", "the vaccine administrator"]
SEXWORDS = {"F": ["female", "woman", "female", "F", "lady"], "M": ["male", "man", "male", "M", "gentleman"]}


def _weighted(rng, pairs):
    total = sum(w for w, _ in pairs)
    x = rng.random() * total
    for w, t in pairs:
        x -= w
        if x < 0:
            return t
    return pairs[-1][1]


SLOT = re.compile(r"\{([A-Za-z0-9]+)\}")


class Ctx:
    """Resolves template slots for one document."""

    def __init__(self, persona, rng, first_person, upper):
        self.P = persona
        self.rng = rng
        self.first = first_person
        self.upper = upper

    def pron(self, key):
        if self.first:
            return {"S": "I", "s": "I", "P": "My", "p": "my", "o": "me", "is": "am", "has": "have",
                    "works": "work", "lives": "live"}[key]
        f = self.P.sex == "F"
        return {"S": "She" if f else "He", "s": "she" if f else "he", "P": "Her" if f else "His",
                "p": "her" if f else "his", "o": "her" if f else "him", "is": "is", "has": "has",
                "works": "works", "lives": "lives"}[key]

    def resolve(self, key):
        P, r = self.P, self.rng
        if key in ("S", "s", "P", "p", "o", "is", "has", "works", "lives"):
            return Frag(self.pron(key))
        if key == "PAT":
            return P.patient_name()
        if key == "PATT":
            return P.patient_titled()
        if key in ("FIRST", "PATFIRST"):
            return Frag().phi(P.nm(P.first), "PATIENT")
        if key == "REL":
            return P.relative(self.pron("p"))
        if key == "RELC":
            return P.relative(self.pron("P"))
        if key == "RELW":  # a relation word followed by a name: "husband John"
            fr = P.relative("x")
            fr.parts[0] = (fr.parts[0][0][2:], None)
            return fr
        if key == "RELAGEC":
            return P.relative_with_age(self.pron("P"))
        if key == "DOC":
            return P.doctor()
        if key == "DOCS":
            f, l = P.other_person()
            return Frag(r.choice(["Dr. ", "Dr ", "Dr. "])).phi(l, "DOCTOR")
        if key == "FAC":
            return P.care_facility()
        if key == "FAC2":
            fr = P.care_facility()
            return fr
        if key == "HOSP":
            return Frag().phi(P.hospital(), "HOSPITAL")
        if key == "PHARM":
            return Frag().phi(P.pharmacy(), "HOSPITAL")
        if key == "CLINIC":
            return Frag().phi(P.clinic(), "HOSPITAL")
        if key == "NH":
            return Frag().phi(P.nursing_home(), "HOSPITAL")
        if key == "SITE":
            return P.vax_site()
        if key == "HEALTHDEPT":
            if hasattr(P, "health_dept"):
                return P.health_dept()
            name = r.choice([P.nm(P.src.surname(r)) + " County", P.case(P.place[0]) + " City",
                             P.case(P.place[0]) + " County"])
            return Frag().phi(P.case(name + r.choice([" Health Department", " Public Health", " Department of Health"])), "HOSPITAL")
        if key == "ORG":
            return P.organization()
        if key == "ADDR":
            return P.address(with_street=r.random() < 0.85)
        if key == "CITYST":
            return P.city_st()
        if key == "CITY":
            return Frag().phi(P.case(P.place[0]), "CITY")
        if key == "STATEN" and hasattr(P, "region_frag"):
            return P.region_frag()
        if key == "STATEN":
            return Frag().phi(P.state_name(P.place[1]) if r.random() < 0.8 else P.place[1], "STATE")
        if key == "ZIPC":
            return Frag().phi(P.place[2], "ZIP")
        if key == "COUNTRY":
            return P.country(home=r.random() < 0.15)
        if key == "FCITY":
            city, country = r.choice(FOREIGN_CITIES)
            return Frag().phi(P.case(city), "CITY").add(", ").phi(P.case(country), "COUNTRY")
        if key == "OTHERLOC":
            return P.other_location()
        if key == "PHONE":
            return Frag().phi(P.phone(), "PHONE")
        if key == "FAX":
            return Frag().phi(P.phone(), "FAX")
        if key == "EMAIL":
            return Frag().phi(P.email(), "EMAIL")
        if key == "URL":
            return Frag().phi(P.url(), "URL")
        if key == "IP":
            return Frag().phi(P.ip(), "IPADDR")
        if key == "USER":
            return Frag().phi(P.username(), "USERNAME")
        if key == "SSN":
            return Frag().phi(P.ssn(), "SSN")
        if key == "MRN":
            return Frag().phi(P.mrn(), "MEDICALRECORD")
        if key == "HPLANS":
            pre = P.healthplan_label() if hasattr(P, "healthplan_label") else \
                r.choice(["Medicare ID ", "Medicaid # ", "Insurance member ID ", "BCBS ID ",
                          "Health plan ID: ", "Aetna member # ", "UnitedHealthcare ID ", "Humana ID "])
            return Frag(pre).phi(P.healthplan(), "HEALTHPLAN")
        if key == "ACCT":
            return Frag().phi(P.account(), "ACCOUNT")
        if key == "LIC":
            return Frag().phi(P.license(), "LICENSE")
        if key == "VEH":
            return Frag().phi(P.vehicle(), "VEHICLE")
        if key == "DEV":
            return Frag().phi(P.device(), "DEVICE")
        if key == "BIO":
            return Frag().phi(P.bioid(), "BIOID")
        if key == "IDNUM":
            return P.idnum()
        if key == "PROF":
            prof = P.profession()
            return Frag().phi(prof.upper() if P.casing == "upper" else prof, "PROFESSION")
        if key == "AGE":
            return P.age(poss=self.pron("p"))
        if key == "AGEN":
            return Frag().phi(str(P.age_value()), "AGE")
        if key == "AGEIN":
            a = P.age_value()
            dec = max(2, min(9, a // 10)) * 10
            return Frag(f"in {self.pron('p')} " + r.choice(["", "", "early ", "late ", "mid-"])).phi(f"{dec}s", "AGE")
        if key == "SEXW":
            return Frag(r.choice(SEXWORDS[P.sex]))
        if key == "SEXL":
            return Frag(P.sex)
        if key == "DATE":
            return P.date()
        if key == "DOB":
            return P.date(kind="dob", style=r.choice(["mm/dd/yyyy", "m/d/yyyy", "m/d/yy", "Month d, yyyy",
                                                      "DDMonYYYY", "yyyy-mm-dd", "mm-dd-yyyy"]))
        if key == "RANGE":
            return P.date_range()
        if key == "HOLIDAY":
            return P.holiday()
        if key == "WEEKDAY":
            return P.date(style="Weekday")
        if key == "MONTHYEAR":
            return P.date(style=r.choice(["Month yyyy", "MonYYYY", "Month"]))
        if key == "YEAR":
            return P.year()
        if key == "SEASON":
            return P.season()
        # ---- hard negatives: never tagged
        if key == "LOT":
            return Frag(r.choice([f"E{r.choice('HKLJNW')}{P.digits(4)}", f"0{P.digits(2)}{r.choice('ABCDEFGHJKLM')}{P.digits(2)}A",
                                  f"{P.digits(7)}", f"{r.choice('EFP')}{P.letters(1)}{P.digits(4)}"]))
        if key == "DOSE":
            return Frag(r.choice(["0.3 mL", "0.5 mL", "0.25 mL", "0.3ml", "30 mcg", "100 mcg", "0.5ml"]))
        if key == "BP":
            return Frag(f"{r.randint(90, 200)}/{r.randint(50, 120)}")
        if key in ("HR", "RR", "SAT", "GLU", "MG", "ROOM"):
            lo, hi = {"HR": (45, 150), "RR": (12, 30), "SAT": (85, 100), "GLU": (60, 400),
                      "MG": (25, 1000), "ROOM": (1, 40)}[key]
            return Frag(str(r.randint(lo, hi)))
        if key == "WBC":
            return Frag(f"{r.randint(3, 20)}.{r.randint(0, 9)}")
        if key == "TEMP":
            return Frag(r.choice([f"{r.randint(97, 104)}.{r.randint(0, 9)}F", f"{r.randint(36, 40)}.{r.randint(0, 9)} C",
                                  f"{r.randint(98, 103)}.{r.randint(0, 9)}"]))
        if key in ("TIME", "TIME2"):
            h, m = r.randint(1, 12), r.choice([0, 15, 30, 45, r.randint(0, 59)])
            return Frag(r.choice([f"{h}:{m:02d} pm", f"{h}:{m:02d} AM", f"{h}:{m:02d}PM", f"{h}pm", f"{h} am",
                                  f"{h}:{m:02d}"]))
        if key == "MILTIME":
            return Frag(f"{r.randint(0, 23):02d}{r.choice([0, 15, 30, 45]):02d}")
        if key == "MANU":
            return Frag(r.choice(MANUS))
        if key == "VAXNAME":
            return Frag(r.choice(VAXNAMES))
        if key == "EPONYM":
            return Frag(r.choice(EPONYMS))
        if key in ("DRUG", "DRUG2"):
            return Frag(r.choice(DRUGS))
        if key == "ROLE":
            return Frag(r.choice(ROLES))
        if key == "NDC":
            return Frag(f"{P.digits(5)}-{P.digits(4)}-{P.digits(1)}")
        fr = worldtext.resolve_extra(key, self)
        if fr is None:
            raise KeyError(key)
        return fr

    def render(self, template):
        fr = Frag()
        pos = 0
        for m in SLOT.finditer(template):
            fr.add(template[pos:m.start()])
            fr.add(self.resolve(m.group(1)))
            pos = m.end()
        fr.add(template[pos:])
        if self.upper:
            fr.map_text(str.upper)
        return fr


# ---------------------------------------------------------------------------------------
# Insertion sites in the carrier
# ---------------------------------------------------------------------------------------

SENT_BOUNDARY = re.compile(r"(?<=[.;!?])[ \t]+(?=[A-Z0-9\"(])|\n+")

APPOS = [
    ("patient", re.compile(r"\b[Tt]he (?:patient|pt)\b(?!'s)")),
    ("relative", re.compile(r"\b(?:[Mm]y|[Hh]er|[Hh]is) (?:husband|wife|son|daughter|mother|father|mom|dad|sister|brother|"
                            r"grandmother|grandfather|friend|partner|boyfriend|girlfriend|fiance|aunt|uncle)\b(?![-'’])")),
    ("hospital", re.compile(r"\b(?:[Tt]he|[Aa]n?) (?:hospital|emergency room|emergency department|ER|ED|medical center)\b")),
    ("clinic", re.compile(r"\b(?:[Tt]he|[Aa]n?) (?:urgent care|clinic|walk-in clinic|doctor's office)\b")),
    ("pharmacy", re.compile(r"\b(?:[Tt]he|[Aa]) pharmacy\b")),
    ("nursing", re.compile(r"\b(?:[Tt]he|[Aa]) (?:nursing home|nursing facility|assisted living(?: facility)?|long term care facility|LTC facility)\b")),
    ("site", re.compile(r"\b(?:[Tt]he|[Aa]) (?:vaccination|vaccine) (?:site|clinic|center|event)\b")),
    ("doctor", re.compile(r"\b(?:[Mm]y|[Hh]er|[Hh]is|[Tt]he patient's) (?:doctor|physician|PCP|primary care physician|primary care provider|"
                          r"cardiologist|neurologist|dermatologist|allergist|oncologist|pediatrician|rheumatologist|provider|nurse practitioner)\b(?![-'’])")),
    ("reporter", re.compile(r"\b(?:[Aa]|[Tt]he) contactable (?:physician|nurse|pharmacist|other health ?care professional|health care professional)\b")),
    ("work", re.compile(r"\b(?:at|from) work\b")),
]


def _appos_frag(kind, ctx, match_text):
    """(frag, mode) with mode 'after' (insert after the match) or 'replace'."""
    P, r = ctx.P, ctx.rng
    if kind == "patient":
        name = P.patient_name() if r.random() < 0.7 else P.patient_titled()
        k = r.random()
        if k < 0.5:
            return Frag(", ").add(name).add(","), "after"
        if k < 0.8:
            return Frag(" (").add(name).add(")"), "after"
        return Frag(" ").add(name), "after"
    if kind == "relative":
        f, l = P.other_person()
        k = r.random()
        if k < 0.55:
            return Frag(" ").phi(f, "PATIENT"), "after"
        if k < 0.8:
            return Frag(", ").phi(P.full_name(f, P.nm(P.last)), "PATIENT").add(","), "after"
        return Frag(" (").phi(f, "PATIENT").add(")"), "after"
    if kind == "doctor":
        doc = P.doctor()
        k = r.random()
        if k < 0.45:
            return Frag(", ").add(doc).add(","), "after"
        if k < 0.75:
            return Frag(" ").add(doc), "after"
        return Frag(" (").add(doc).add(")"), "after"
    if kind == "reporter":
        doc = P.doctor(role=False)
        return (Frag(" (").add(doc).add(")") if r.random() < 0.5 else Frag(", ").add(doc).add(",")), "after"
    if kind == "work":
        return Frag(" at ").add(P.organization()), "after"
    fac = {"hospital": lambda: Frag().phi(P.hospital(), "HOSPITAL"),
           "clinic": lambda: Frag().phi(P.clinic(), "HOSPITAL"),
           "pharmacy": lambda: Frag().phi(P.pharmacy(), "HOSPITAL"),
           "nursing": lambda: Frag().phi(P.nursing_home(), "HOSPITAL"),
           "site": P.vax_site}[kind]()
    k = r.random()
    if k < 0.4:
        return fac, "replace"
    if k < 0.6:
        return Frag(" (").add(fac).add(")"), "after"
    if k < 0.8:
        return Frag(" at ").add(fac) if kind in ("hospital",) else Frag(", ").add(fac).add(","), "after"
    return Frag(", ").add(fac).add(","), "after"


def find_appositions(doc):
    sites = []
    for kind, rx in APPOS:
        for m in rx.finditer(doc.text):
            # not right before a span: "my partner [Luara]" must not become "my partner Ana Luara"
            if doc.free_range(m.start(), m.end()) and doc.free_range(m.end(), m.end() + 3):
                sites.append((m.start(), m.end(), kind))
    return sites


ABBREV_END = re.compile(r"(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|St|Sr|Sra|Prof|Mme|M|Fr|Hr|Sig|Dott|Dra|Jr|No|Nr|ul|dr|lek|MUDr|"
                        r"[A-Z]|[Dd]hr|[Mm]evr|Pr|Co|vs|approx|Apt|ca)\.$")


def sentence_sites(doc):
    sites = [0]
    for m in SENT_BOUNDARY.finditer(doc.text):
        if m.end() < len(doc.text) and not ABBREV_END.search(doc.text, max(0, m.start() - 8), m.start()):
            sites.append(m.end())
    sites.append(len(doc.text))
    return [s for s in sites if doc.free_at(s)]


def is_upper_text(text):
    letters = [c for c in text if c.isalpha()]
    return len(letters) > 20 and sum(c.isupper() for c in letters) > 0.8 * len(letters)


def first_person(text):
    first = len(re.findall(r"\b(?:I|my|me|I'm|myself)\b", text))
    third = len(re.findall(r"\b(?:[Tt]he patient|[Pp]t|[Ss]he|[Hh]e|[Hh]er|[Hh]is)\b", text))
    return first > third


def guess_sex(text, sex):
    if sex in ("F", "M"):
        return sex
    f = len(re.findall(r"\b(?:[Ss]he|[Hh]er|female|woman)\b", text))
    m = len(re.findall(r"\b(?:[Hh]e|[Hh]is|[Hh]im|male|man)\b", text))
    return "F" if f > m else "M" if m > f else "U"


# ---------------------------------------------------------------------------------------
# One document
# ---------------------------------------------------------------------------------------

N_INSERT_WEIGHTS = [(10, 0), (14, 1), (17, 2), (16, 3), (13, 4), (10, 5), (8, 6), (6, 7), (6, 8)]
# share of international documents given untagged sentences in their language (--local-text;
# off by default: see the generator README for what a model trained with 0.6 did)
LOCAL_TEXT_P = 0.0
# the document styles that may get it (--local-text-styles; empty: every style)
LOCAL_TEXT_STYLES = frozenset()
STRATEGIES = [(48, "sentence"), (20, "appos"), (10, "header"), (10, "signoff"), (8, "redate"), (4, "range")]


def insert_sentence(doc, ctx, frag, state=None):
    lo = (state or {}).get("head", 0)
    hi = len(doc.text) - (state or {}).get("tail", 0)
    sites = [s for s in sentence_sites(doc) if lo <= s <= hi] or [hi]
    pos = ctx.rng.choice(sites)
    if pos == len(doc.text):
        sep = ctx.rng.choice([" ", " ", "  ", "\n"]) if doc.text else ""
        return doc.insert(pos, Frag(sep).add(frag))
    if pos > 0 and doc.text[pos - 1] == "\n":
        return doc.insert(pos, Frag(frag).add(ctx.rng.choice([" ", "\n"])))
    return doc.insert(pos, Frag(frag).add(" " if ctx.rng.random() < 0.85 else "  "))


def _local_headers(ctx):
    """Header lines with the persona's local field labels ("Geb.: ...", "Personnummer: ..."), 60%."""
    if hasattr(ctx.P, "local_headers") and ctx.rng.random() < 0.6:
        return ctx.P.local_headers()
    return None


def apply_strategy(doc, ctx, strat, state):
    r = ctx.rng
    if strat == "header" and not state.get("header"):
        lines = _local_headers(ctx) or _weighted(r, HEADERS)
        keep = [lines[0]] + [x for x in lines[1:] if r.random() < 0.5]
        sep = "\n" if r.random() < 0.75 else "; "
        fr = Frag()
        for i, line in enumerate(keep):
            if i:
                fr.add(sep)
            fr.add(ctx.render(line))
        fr.add(r.choice(["\n", "\n\n", "\n"]))
        if doc.insert(0, fr):
            state["header"] = True
            state["head"] = len(fr.text)
            return "header"
        return False
    if strat == "signoff" and not state.get("signoff"):
        fr = ctx.render(_weighted(r, SIGNOFFS))
        if doc.insert(len(doc.text), fr):
            state["signoff"] = True
            state["tail"] = len(fr.text)
            return "signoff"
        return False
    if strat == "appos":
        sites = [s for s in find_appositions(doc) if (s[0], s[2]) not in state.setdefault("appos", set())]
        if sites:
            s, e, kind = r.choice(sites)
            frag, mode = _appos_frag(kind, ctx, doc.text[s:e])
            if ctx.upper:
                frag.map_text(str.upper)
            state["appos"].add((s, kind))
            ok = doc.replace(s, e, frag) if mode == "replace" else doc.insert(e, frag)
            return "appos" if ok else False
    if strat == "redate":
        dates = [sp for sp in doc.spans if sp[2] == "DATE" and sp[3] == "carrier"
                 and re.search(r"\d", doc.text[sp[0]:sp[1]])]
        if dates:
            sp = r.choice(dates)
            fr = ctx.P.date()
            if ctx.upper:
                fr.map_text(str.upper)
            if doc.replace(sp[0], sp[1], fr, origin="redate"):
                return "redate"
    if strat == "range":
        fr = ctx.render(r.choice(["{S} was hospitalized {RANGE}.", "Symptoms lasted {RANGE}.",
                                  "{S} was off work {RANGE}.", "Fever {RANGE}, resolved after Tylenol."]))
        return "range" if insert_sentence(doc, ctx, fr, state) else False
    # default: a sentence
    used = state.setdefault("used", set())
    pool = [(w, t) for w, t in SENTENCES + (FIRST_PERSON_ONLY if ctx.first else THIRD_PERSON_ONLY) if t not in used]
    t = _weighted(r, pool)
    used.add(t)
    return "sentence" if insert_sentence(doc, ctx, ctx.render(t), state) else False


def build(carrier_doc, persona, rng, first, upper, stats, style=None):
    """Insert surrogates into CARRIER_DOC (a Doc); returns it.  STATS counts strategies."""
    ctx = Ctx(persona, rng, first, upper)
    doc = carrier_doc
    n = _weighted(rng, [(w, k) for w, k in N_INSERT_WEIGHTS])
    state = {}
    done = 0
    tries = 0
    while done < n and tries < 4 * n + 4:
        tries += 1
        strat = _weighted(rng, STRATEGIES)
        applied = apply_strategy(doc, ctx, strat, state)
        if applied:
            done += 1
            stats[applied] = stats.get(applied, 0) + 1
    # hard negatives, not counted as insertions
    if rng.random() < 0.35:
        for _ in range(rng.choice([1, 1, 2])):
            k = rng.random()
            t = rng.choice(NEGATIVES) if k < 0.5 else rng.choice(worldtext.WORLD_NEGATIVES) if k < 0.8 else \
                rng.choice(MIXED_NEGATIVES)
            if insert_sentence(doc, ctx, ctx.render(t), state):
                stats["negative"] = stats.get("negative", 0) + 1
    # untagged sentences in an international persona's language (locallang.py): without them every
    # foreign word in training is PHI, and the model masks "de", "años", "Jahre" everywhere
    lang = getattr(ctx.P, "lang", None)
    style_ok = not LOCAL_TEXT_STYLES or style in LOCAL_TEXT_STYLES
    if lang and style_ok and locallang.has_local_text(lang) and rng.random() < LOCAL_TEXT_P:
        for _ in range(rng.choice([1, 1, 2, 3])):
            if insert_sentence(doc, ctx, locallang.local_sentence(ctx.P, rng, ctx.upper), state):
                stats["local_text"] = stats.get("local_text", 0) + 1
    return doc
