"""A persona from one of the world's countries: the same interface as surrogates.Persona, with
names, places, phones, identifiers and dates in that country's forms (world.py, worldids.py,
worlddates.py, worldtext.py).  Every surrogate of the document follows the persona's country, so a
Swedish patient has a Swedish street, postcode, phone number, personnummer and case id.
"""

import datetime
import re

from . import worldids as W
from . import worldtext as T
from .frag import Frag
from .surrogates import Persona
from .world import COUNTRIES, script_of
from .worlddates import EN_MON, EN_MONTH, DateFormats, date_text

ENGLISH_LANGS = ("en",)


class IntlPersona(Persona):
    """What one document says about a patient from country CC (never the US: that is Persona)."""

    def __init__(self, src, rng, world, cc, sex="U", age=None, vax_date=None, shorthand=False):
        self.src = src
        self.rng = rng
        self.world = world
        self.cc = cc
        self.conf = COUNTRIES[cc]
        self.lang = self.conf["lang"]
        self.date_loc = self.conf["babel"]
        self.shorthand = shorthand
        self.formats = {}
        self.sex = sex if sex in ("F", "M") else rng.choice("FM")
        self.age_years = age
        self.vax_date = vax_date or datetime.date(2020, 12, 14) + datetime.timedelta(days=rng.randrange(0, 90))
        self.p = world.person(cc, self.sex, rng)
        self.first, self.middle, self.last = self.p["first"], self.p["middle"], self.p["last"]
        if not self.middle:
            self.middle = world.person(cc, self.sex, rng, loc=self.p["loc"], latin=self.p["latin"])["first"]
        prefix, city = world.city(cc, rng, latin=script_of(self.last) == "LATIN")
        self.city_prefix = prefix
        self.place = (city, world.region(cc), world.postcode(cc, rng), "")
        self.casing = rng.choices(["title", "upper", "lower"], [0.9, 0.06, 0.04])[0]
        self._cache = {}
        self.count("name_script", script_of(self.last + self.first))

    def count(self, kind, key):
        k = f"{kind}:{key}"
        self.formats[k] = self.formats.get(k, 0) + 1

    # -- names ---------------------------------------------------------------------------
    def nm(self, s):
        return self.case(s)

    def latin(self):
        return self.p["latin"] or script_of(self.last) == "LATIN"

    def full_name(self, first, last, middle=""):
        p = self.p
        if p["order"] == "lf":
            return f"{last}{first}" if not p["spaced"] and script_of(last) != "LATIN" else f"{last} {first}"
        if p["order"] == "ru" and middle and self.rng.random() < 0.5:
            return f"{last} {first} {middle}"
        return f"{first} {last}"

    def other_person(self, sex=None):
        sex = sex or self.rng.choice("FM")
        latin = self.p["latin"] if self.rng.random() < 0.9 else None
        q = self.world.person(self.cc, sex, self.rng, latin=latin)
        return self.nm(q["first"]), self.nm(q["last"])

    def patient_name(self, allow_initials=True):
        r = self.rng
        f, m, l = self.nm(self.first), self.nm(self.middle), self.nm(self.last)
        lat = self.latin()
        k = r.random()
        if k < 0.42:
            s = self.full_name(f, l, m if self.p["order"] == "ru" else "")
        elif k < 0.52:
            s = f
        elif k < 0.58:
            s = f"{l}, {f}" if lat else self.full_name(f, l)
        elif k < 0.64 and lat:
            s = f"{f[0]}. {l}"
        elif k < 0.69 and self.p["order"] == "ru":
            s = f"{l} {f[0]}. {m[0]}." if m else f"{l} {f[0]}."
        elif k < 0.74 and lat:
            s = f"{l.upper()} {f}"  # "ODEGARD Bjorn": family name in capitals
        elif allow_initials and k < 0.84 and lat:
            s = f"{f[0]}.{l[0]}." if r.random() < 0.6 else f"{f[0]}{l[0]}".upper()
        else:
            s = self.full_name(f, l)
        return Frag().phi(s, "PATIENT")

    def patient_titled(self):
        r = self.rng
        fem, male = T.PATIENT_TITLES.get(self.lang, T.PATIENT_TITLES["en"]) if r.random() < 0.7 else T.PATIENT_TITLES["en"]
        title = r.choice(fem if self.sex == "F" else male)
        if self.casing == "upper":
            title = title.upper()
        who = self.nm(self.last) if r.random() < 0.6 else self.full_name(self.nm(self.first), self.nm(self.last))
        return Frag(title + " ").phi(who, "PATIENT")

    def relative(self, poss="her"):
        r = self.rng
        sex = r.choice("FM")
        from .surrogates import RELATIVES_F, RELATIVES_M
        rel = r.choice(RELATIVES_F if sex == "F" else RELATIVES_M)
        f, l = self.other_person(sex)
        if r.random() < 0.6 and rel not in ("friend", "neighbor", "caregiver", "partner") and \
                script_of(f) == script_of(self.last):
            l = self.nm(self.last)
        k = r.random()
        if k < 0.5:
            return Frag(f"{poss} {rel} ").phi(f, "PATIENT")
        if k < 0.8:
            return Frag(f"{poss} {rel} ").phi(self.full_name(f, l), "PATIENT")
        return Frag(f"{poss} {rel}, ").phi(self.full_name(f, l), "PATIENT").add(",")

    def doctor(self, short_ok=True, role=True):
        r = self.rng
        f, l = self.other_person()
        titles = T.DOCTOR_TITLES.get(self.lang, T.DOCTOR_TITLES["en"]) if r.random() < 0.65 else T.DOCTOR_TITLES["en"]
        dr = r.choice(titles)
        if self.casing == "upper":
            dr = dr.upper()
        lat = script_of(l) == "LATIN"
        k = r.random()
        if k < 0.4:
            return Frag(dr + " ").phi(self.full_name(f, l), "DOCTOR")
        if k < 0.6 and short_ok:
            return Frag(dr + " ").phi(l, "DOCTOR")
        if k < 0.7 and lat:
            return Frag(dr + " ").phi(f"{f[0]}. {l}", "DOCTOR")
        if k < 0.8 and lat:
            return Frag().phi(self.full_name(f, l), "DOCTOR").add(", " + r.choice(T.CREDENTIALS))
        if k < 0.88 and role:
            return Frag(r.choice(["GP ", "nurse ", "pharmacist ", "consultant "])).phi(self.full_name(f, l), "DOCTOR")
        return Frag().phi(self.full_name(f, l), "DOCTOR")

    def username(self):
        r = self.rng
        f = self.world.ascii_name(self.first, self.p["loc"]) or "user"
        l = self.world.ascii_name(self.last, self.p["loc"]) or "x"
        return r.choice([f"{f[0]}{l}", f"{f}.{l}", f"{f}_{l}", f"{f}{l}{r.randint(1, 99)}", f"{l}{f[0]}{r.randint(1, 9)}"])

    def profession(self):
        def make():
            j = self.world.job(self.cc, self.rng) if self.rng.random() < 0.35 else None
            if j:
                self.count("profession", "faker_local")
                return j
            from .surrogates import PROFESSIONS
            return self.rng.choice(PROFESSIONS)
        return self.once("prof", make)

    # -- places ----------------------------------------------------------------------------
    def _pick(self, table, **kw):
        r = self.rng
        pats = table.get(self.lang) or table["en"]
        if self.lang != "en" and (r.random() < 0.2 or script_of(self.place[0]) != script_of(re.sub(r"\{\w+\}", "", pats[0]))):
            pats = table["en"]
        last = self.other_person()[1]
        saints = T.SAINTS.get(self.lang) or T.SAINTS["en"]
        return r.choice(pats).format(city=self.case(self.place[0]), last=last, saint=r.choice(saints),
                                     n=r.randint(1, 68), **kw)

    def hospital(self):
        return self.case(self.once("hosp", lambda: self._pick(T.HOSPITALS)))

    def clinic(self):
        return self.case(self._pick(T.CLINICS))

    def pharmacy(self):
        return self.case(self._pick(T.PHARMACIES))

    def nursing_home(self):
        return self.case(self._pick(T.NURSING))

    def vax_site(self):
        return Frag().phi(self.case(self._pick(T.VAX_SITES)), "HOSPITAL")

    def health_dept(self):
        return Frag().phi(self.hospital() if self.rng.random() < 0.3 else self.clinic(), "HOSPITAL")

    def organization(self):
        r = self.rng
        c = self.world.company(self.cc, r) if r.random() < 0.75 else None
        if not c:
            c = (T.UNIVERSITIES.get(self.lang) or T.UNIVERSITIES["en"]).format(city=self.place[0])
        return Frag().phi(self.case(c), "ORGANIZATION")

    def state_name(self, code):
        return self.case(code or self.place[0])

    def region_frag(self):
        """The region (STATE) where the country has them in Faker, else the country (COUNTRY)."""
        if self.place[1]:
            return Frag().phi(self.case(self.place[1]), "STATE")
        loc = self.date_loc if self.rng.random() < 0.3 else None
        return Frag().phi(self.case(self.world.country_name(self.cc, loc)), "COUNTRY")

    def city_state(self):
        return self.case(self.place[0]), self.place[1], self.place[2]

    def _city(self, fr):
        if self.city_prefix:
            fr.add(self.city_prefix)
        return fr.phi(self.case(self.place[0]), "CITY")

    def _country_tail(self, fr):
        if self.rng.random() < 0.15:
            loc = self.date_loc if self.rng.random() < 0.5 else None
            fr.add(self.rng.choice([", ", "\n", " "])).phi(self.case(self.world.country_name(self.cc, loc)), "COUNTRY")
        return fr

    def street(self):
        return self.case(self.world.street(self.cc, self.rng))

    def address(self, with_street=True):
        """The country's address layout with STREET, ZIP, CITY, STATE (region) spans."""
        r = self.rng
        lay = self.conf["layout"]
        self.count("address", lay)
        city, region, pc = self.place[0], self.place[1], self.place[2]
        sep = r.choice([", ", ", ", "\n"])
        fr = Frag()
        if lay == "cjk":
            full = self.street()
            if self.cc == "JP":
                return fr.add("〒").phi(pc, "ZIP").add(r.choice([" ", "\n"])).phi(full, "STREET")
            if self.cc == "KR":
                return fr.phi(full, "STREET").add(" (").phi(pc, "ZIP").add(")") if r.random() < 0.6 else fr.phi(full, "STREET")
            return fr.phi(full, "STREET").add(" ").phi(pc, "ZIP") if r.random() < 0.5 else fr.phi(full, "STREET")
        if lay == "ru" and r.random() < 0.5:  # "101000, г. Москва, ул. Ленина, д. 5"
            fr.phi(pc, "ZIP").add(", ")
            self._city(fr)
            if with_street:
                fr.add(", ").phi(self.street(), "STREET")
            return self._country_tail(fr)
        if with_street:
            fr.phi(self.street(), "STREET").add(sep)
        if lay in ("gb", "ie", "cz", "in"):  # city then postcode
            self._city(fr)
            if lay == "ie" and region and r.random() < 0.5:
                fr.add(", Co. ").phi(self.case(region), "STATE")
            fr.add(r.choice([", ", " ", "\n"]) if lay != "in" else r.choice([" - ", ", ", " "])).phi(pc, "ZIP")
        elif lay in ("au", "ca"):
            self._city(fr)
            st = self._region_abbr() or region
            if st:
                fr.add(", " if lay == "ca" else " ").phi(st, "STATE")
            fr.add(r.choice([" ", "  "])).phi(pc, "ZIP")
        elif lay == "br":
            self._city(fr)
            if region:
                fr.add(r.choice([" - ", "/"])).phi(region, "STATE")
            fr.add(r.choice([", CEP ", ", ", " "])).phi(pc, "ZIP")
        elif lay == "mx":
            fr.add(r.choice(["C.P. ", "CP ", ""])).phi(pc, "ZIP").add(" ")
            self._city(fr)
            if region:
                fr.add(", ").phi(self.case(region), "STATE")
        elif lay == "gr":
            fr.add(r.choice(["", "ΤΚ ", "Τ.Κ. "])).phi(pc, "ZIP").add(" ")
            self._city(fr)
        else:  # "zc": "Schillerstraße 7, 80331 München"; Italy adds "(MI)"
            fr.phi(pc, "ZIP").add(" ")
            self._city(fr)
            if lay == "it" and r.random() < 0.6:
                ab = self._region_abbr()
                if ab:
                    fr.add(" (").phi(ab, "STATE").add(")")
            elif region and r.random() < 0.2:
                fr.add(", ").phi(self.case(region), "STATE")
        return self._country_tail(fr)

    def _region_abbr(self):
        f = self.world.fk(self.conf["addr"]) if self.conf["addr"] else None
        for m in ("state_abbr", "province_abbr", "estado_sigla"):
            if f is not None and hasattr(f, m):
                try:
                    return getattr(f, m)()
                except (AttributeError, TypeError):
                    return ""
        return ""

    def city_st(self):
        r = self.rng
        fr = self._city(Frag())
        k = r.random()
        if k < 0.3 and self.place[1]:
            fr.add(", ").phi(self.case(self.place[1]), "STATE")
        elif k < 0.6:
            loc = self.date_loc if r.random() < 0.4 else None
            fr.add(", ").phi(self.case(self.world.country_name(self.cc, loc)), "COUNTRY")
        return fr

    def country(self, home=False):
        r = self.rng
        cc = self.cc if home else r.choice(self.world.countries)
        loc = self.date_loc if r.random() < 0.3 else None
        return Frag().phi(self.case(self.world.country_name(cc, loc)), "COUNTRY")

    # -- contacts ---------------------------------------------------------------------------
    def phone(self, area=None):
        s, fmt = self.world.phone(self.cc, self.rng, kind="mobile" if self.rng.random() < 0.6 else "fixed")
        self.count("phone", fmt)
        return s

    def email(self):
        r = self.rng
        if r.random() < 0.4:
            f, l = self.other_person()
        else:
            f, l = self.first, self.last
        f = self.world.ascii_name(f, self.p["loc"]) or "info"
        l = self.world.ascii_name(l, self.p["loc"]) or "mail"
        user = r.choice([f"{f}.{l}", f"{f[0]}{l}", f"{f}{l}{r.randint(1, 99)}", f"{l}.{f}", f"{f}_{l}"])
        return f"{user}@{self.world.email_domain(self.cc, r)}"

    def url(self):
        r = self.rng
        city = self.world.ascii_name(self.place[0], self.p["loc"]) or "klinik"
        tld = self.cc.lower() if self.cc != "GB" else "co.uk"
        return r.choice([f"www.{city}-hospital.{tld}", f"https://www.{city}.{tld}/vaccination", f"{city}health.{tld}"])

    # -- identifiers --------------------------------------------------------------------------
    def ssn(self):
        dob = self.some_date("dob")
        return W.national_id(self.world, self.cc, self.rng, dob, self.sex, (self.first, self.last))

    def mrn(self):
        return W.mrn_value(self.rng, self.cc)

    def healthplan_label(self):
        r = self.rng
        return r.choice([W.HEALTHPLAN_LABELS.get(self.cc, "Insurance no."), "Insurance no. ", "Health insurance ID: ",
                         "EHIC "]).rstrip() + r.choice([" ", ": "])

    def healthplan(self):
        return W.healthplan_id(self.world, self.cc, self.rng, self.some_date("dob"), self.sex)

    def idnum(self):
        self.count("idnum", "case_id")
        return W.case_id(self.cc, self.rng, self.lang, None if self.ref_year >= 2020 else self.vax_date.year)

    # -- dates --------------------------------------------------------------------------------
    def some_date(self, kind="event"):
        if kind == "dob":  # one birth date per persona (mostly), the one its national ID encodes
            return self.once("dob", lambda: Persona.some_date(self, "dob"))
        return Persona.some_date(self, kind)

    def date_text(self, d=None, kind="event", style=None):
        r = self.rng
        d = d or self.some_date(kind)
        st = None
        if style == "Weekday":
            st = "weekday"
            if r.random() < 0.6 or self.lang in ENGLISH_LANGS:
                self.count("date", "weekday:en")
                return ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][d.weekday()]
        elif style in ("Month yyyy", "MonYYYY"):
            if r.random() < 0.5:
                self.count("date", "en_Month_y")
                return f"{EN_MONTH[d.month - 1]} {d.year}" if style == "Month yyyy" else f"{EN_MON[d.month - 1]}{d.year}"
            st = "babel_my"
        elif style == "Month":
            if r.random() < 0.5:
                self.count("date", "en_month")
                return EN_MONTH[d.month - 1]
            st = "month"
        elif self.shorthand and r.random() < 0.35:
            st = "shorthand"
        text, key = date_text(d, self.date_loc, r, st)
        self.count("date", key)
        return self.case(text) if self.casing == "upper" else text

    def month_word(self, m, abbr=None):
        df = DateFormats.get(self.date_loc)
        if self.rng.random() < 0.5:
            return EN_MON[m - 1] if abbr else EN_MONTH[m - 1]
        return df.month_abbr[m - 1] if abbr else df.month_wide[m - 1]

    def date_range(self):
        """Two DATE spans in the persona's forms: '12.03.2021 - 15.03.2021', 'from 3 March to 5 March 2021'."""
        r = self.rng
        d1 = self.some_date()
        d2 = d1 + datetime.timedelta(days=r.randint(1, 9))
        k = r.random()
        if k < 0.3 and d1.month == d2.month and self.lang not in ("zh", "ja", "ko", "hu"):  # "12.-15.03.2021"
            sep = r.choice([".", ""]) if self.lang in ("de", "da", "no", "fi", "cs", "pl") else ""
            rest, key = date_text(d2, self.date_loc, r, "num")
            self.count("date", "range_" + key)
            return Frag(r.choice(["", "from ", "on "])).phi(f"{d1.day:02d}", "DATE").add(sep + r.choice(["-", "–", " - "])).phi(rest, "DATE")
        style = r.choice(["num", "babel_long", "iso", "en_long", "dash_MON"])
        a, key = date_text(d1, self.date_loc, r, style)
        b, _ = date_text(d2, self.date_loc, r, style)
        self.count("date", "range_" + key)
        pre = r.choice(["from ", "", "between "])
        conn = " and " if pre == "between " else r.choice([" to ", " - ", " until ", "–"])
        return Frag(pre).phi(a, "DATE").add(conn).phi(b, "DATE")

    def holiday(self):
        r = self.rng
        pool = T.HOLIDAYS["*"] + T.HOLIDAYS.get(self.lang, []) * 2
        if self.cc in ("IN",):
            pool += T.HOLIDAYS["hi"] * 2
        if self.cc in ("SA", "AE", "EG", "DZ", "PK", "ID", "TR"):
            pool += T.HOLIDAYS["ar"] * 2
        h = r.choice(pool)
        if self.casing == "upper":
            h = h.upper()
        return Frag().phi(h, "DATE")

    # -- local-language header lines (used by the "header" strategy) ---------------------------
    def local_headers(self):
        r = self.rng
        lang = self.lang if self.lang in T.LABELS else "en"
        name, dob, tel, addr, mail, rep = T.LABELS[lang]
        colon = r.choice(["：", ": "]) if lang in ("ja", "zh") else r.choice([": ", ": ", " ", ":"])
        ssnl = r.choice(W.SSN_LABELS.get(self.cc, ["ID"]))
        mrnl = r.choice(W.MRN_LABELS.get(lang, []) + W.MRN_LABELS["en"])

        def line(label, key):
            return _esc(label) + colon + key
        forms = [
            [line(r.choice(name), "{PAT}"), line(r.choice(dob), "{DOB}"), line(ssnl, "{SSN}"), line(r.choice(tel), "{PHONE}"),
             line(r.choice(addr), "{ADDR}")],
            [line(r.choice(rep), "{DOC}"), "{HOSP}", line(r.choice(tel), "{PHONE}"), line(r.choice(mail), "{EMAIL}")],
            [line(r.choice(name), "{PAT}") + ", " + _esc(r.choice(dob)) + " {DOB}", line(mrnl, "{MRN}")],
            [line(ssnl, "{SSN}"), line(r.choice(dob), "{DOB}")],
            [line(mrnl, "{MRN}"), line(r.choice(name), "{PAT}"), line(r.choice(addr), "{ADDR}")],
            ["{IDNUM}", line(r.choice(rep), "{DOC}") + " ({PHONE})"],
        ]
        if self.cc in W.HEALTHPLAN_LABELS:
            forms.append([line(W.HEALTHPLAN_LABELS[self.cc], "{HPLAN}"), line(r.choice(name), "{PAT}")])
        self.count("header", lang)
        return r.choice(forms)


def _esc(s):
    return s.replace("{", "(").replace("}", ")")


def make_persona(src, world, cc, rng, **kw):
    """Persona for 'US', IntlPersona for any other country of the world table."""
    if cc == "US" or world is None:
        kw.pop("shorthand", None)
        return Persona(src, rng, **kw)
    return IntlPersona(src, rng, world, cc, **kw)

