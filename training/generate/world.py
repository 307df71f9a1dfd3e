"""The world's surrogate PHI: names, places, phone numbers and e-mail per country.

Sources (all pinned in training/requirements.txt, recorded in the manifest):

* Faker (MIT): person names by locale (diacritics, particles, patronymics, native scripts and
  the romanized Japanese/Chinese names), street addresses in local order, postcodes, cities,
  regions, companies, jobs, e-mail domains, and Faker's own transliteration table
  (faker.decode.unidecode) for Latin renderings of Cyrillic, Greek and Devanagari names.
* phonenumbers (Apache-2.0, Google libphonenumber metadata): valid mobile and fixed-line
  numbers per region, formatted E.164 / international / national / "00" prefix; its geocoder
  descriptions are the city pool where Faker's city names are invented ("Port Nataliebury").
* babel (BSD-3-Clause, CLDR): country names per language (dates are in worlddates.py).

Determinism: one Faker instance per locale, re-seeded with Faker.seed_instance at its first use
in every document (World.begin); Faker's global random state is never touched.  Numbers that do
not come from Faker come from the document's own random.Random.
"""

import random
import re
import sys
import unicodedata

try:
    import babel
    import faker
    import phonenumbers as pn
    from babel import Locale
    from faker import Faker
    from faker.decode import unidecode
    from phonenumbers import PhoneNumberFormat as PNF
    from phonenumbers import PhoneNumberType as PNT
    MISSING = None
except ImportError as e:  # the US-only generator (--intl-fraction 0) runs on the standard library alone
    MISSING = e

# ---------------------------------------------------------------------------------------
# The countries.  w: share among international documents (rough VigiBase volume);
# people: Faker locales for names with weights; latin: probability that a non-Latin-script
# person is written in Latin letters; addr: Faker address locale (None: street built from the
# country's surnames); city: "faker" or "geo" (phonenumbers geocoder pool); region: Faker method
# for a region (STATE); layout: postcode/city order; babel: locale for dates and country names;
# lang: hospital/label language (intl.py, worldids.py); order "lf": family name first.
# ---------------------------------------------------------------------------------------

def _c(w, people, babel_loc, lang, addr=None, city="faker", region="administrative_unit", layout="zc",
       latin=0.0, order="fl", street=None):
    return dict(w=w, people=people, babel=babel_loc, lang=lang, addr=addr, city=city, region=region,
                layout=layout, latin=latin, order=order, street=street)


COUNTRIES = {
    "GB": _c(8, [("en_GB", 1)], "en_GB", "en", "en_GB", city="geo", region="county", layout="gb"),
    "IE": _c(1.5, [("en_IE", 3), ("ga_IE", 2)], "en_IE", "en", "en_IE", city="geo", region="county", layout="ie"),
    "DE": _c(7, [("de_DE", 1)], "de_DE", "de", "de_DE"),
    "AT": _c(2, [("de_AT", 1)], "de_AT", "de", "de_AT"),
    "CH": _c(2, [("de_CH", 3), ("fr_CH", 1)], "de_CH", "de", "de_CH"),
    "FR": _c(6, [("fr_FR", 1)], "fr_FR", "fr", "fr_FR", city="geo", region="region"),
    "BE": _c(2, [("nl_BE", 1), ("fr_BE", 1)], "nl_BE", "nl", "nl_BE"),
    "NL": _c(4, [("nl_NL", 1)], "nl_NL", "nl", "nl_NL"),
    "SE": _c(3, [("sv_SE", 1)], "sv_SE", "sv", "sv_SE"),
    "NO": _c(2, [("no_NO", 1)], "nb_NO", "no", "no_NO", city="geo", region=None),
    "DK": _c(2, [("da_DK", 1)], "da_DK", "da", "da_DK"),
    "FI": _c(2, [("fi_FI", 1)], "fi_FI", "fi", "fi_FI"),
    "ES": _c(4, [("es_ES", 1)], "es_ES", "es", "es_ES", region="autonomous_community"),
    "PT": _c(2, [("pt_PT", 1)], "pt_PT", "pt", "pt_PT"),
    "IT": _c(5, [("it_IT", 1)], "it_IT", "it", "it_IT", layout="it"),
    "PL": _c(3, [("pl_PL", 1)], "pl_PL", "pl", "pl_PL"),
    "CZ": _c(2, [("cs_CZ", 1)], "cs_CZ", "cs", "cs_CZ"),
    "GR": _c(1.5, [("el_GR", 1)], "el_GR", "el", "el_GR", latin=0.35, layout="gr"),
    "RO": _c(1, [("ro_RO", 1)], "ro_RO", "ro", "ro_RO"),
    "HU": _c(1, [("hu_HU", 1)], "hu_HU", "hu", "hu_HU", order="lf"),
    "HR": _c(0.7, [("hr_HR", 1)], "hr_HR", "hr", "hr_HR"),
    "BG": _c(0.6, [("bg_BG", 1)], "bg_BG", "bg", None, city="geo", region=None, latin=0.35, street="ул. {s} {n}"),
    "TR": _c(1.5, [("tr_TR", 1)], "tr_TR", "tr", None, city="geo", region=None, street="{s} Cad. No: {n}"),
    "RU": _c(2, [("ru_RU", 1)], "ru_RU", "ru", "ru_RU", latin=0.35, layout="ru", order="ru"),
    "UA": _c(1, [("uk_UA", 1)], "uk_UA", "uk", "uk_UA", region="region", latin=0.35, layout="ru", order="ru"),
    "IL": _c(1, [("he_IL", 1)], "he_IL", "he", "he_IL", region=None),
    "SA": _c(1, [("ar_SA", 3), ("fr_DZ", 1)], "ar_SA", "ar", None, city="geo", region=None, latin=0.45,
             street="{s} St {n}"),
    "AE": _c(0.6, [("ar_AA", 2), ("en_PK", 1), ("fr_DZ", 1)], "ar_AE", "ar", None, city="geo", region=None,
             latin=0.5, street="{s} Street {n}"),
    "EG": _c(1, [("ar_AA", 2), ("fr_DZ", 1)], "ar_EG", "ar", None, city="geo", region=None, latin=0.45,
             street="{n} {s} St"),
    "DZ": _c(0.6, [("fr_DZ", 2), ("ar_DZ", 1)], "fr_DZ", "fr", "fr_DZ", region=None),
    "IN": _c(3, [("en_IN", 3), ("hi_IN", 1)], "en_IN", "en", "en_IN", layout="in"),
    "PK": _c(0.7, [("en_PK", 1)], "en_PK", "en", None, city="geo", region=None, street="House {n}, {s} Road"),
    "CN": _c(4, [("zh_CN", 1)], "zh_CN", "zh", "zh_CN", latin=0.35, layout="cjk", order="lf"),
    "TW": _c(1, [("zh_TW", 1)], "zh_Hant_TW", "zh", "zh_TW", latin=0.35, layout="cjk", order="lf"),
    "JP": _c(4, [("ja_JP", 1)], "ja_JP", "ja", "ja_JP", latin=0.4, layout="cjk", order="lf"),
    "KR": _c(4, [("ko_KR", 1)], "ko_KR", "ko", "ko_KR", latin=0.35, layout="cjk", order="lf"),
    "TH": _c(1, [("th_TH", 1)], "th_TH", "th", "th_TH"),
    "VN": _c(1, [("vi_VN", 1)], "vi_VN", "vi", "vi_VN", order="lf"),
    "ID": _c(1, [("id_ID", 1)], "id_ID", "id", "id_ID"),
    "PH": _c(1, [("en_US", 1), ("es_MX", 1)], "en_PH", "en", "en_PH", city="geo", region="province"),
    "AU": _c(2, [("en_GB", 1), ("en_US", 1)], "en_AU", "en", "en_AU", city="geo", region="state", layout="au"),
    "NZ": _c(1, [("en_NZ", 1)], "en_NZ", "en", "en_NZ", city="geo", region=None, layout="gb"),
    "CA": _c(2, [("en_US", 2), ("fr_FR", 1)], "en_CA", "en", "en_CA", city="geo", region="province_abbr", layout="ca"),
    "MX": _c(2, [("es_MX", 1)], "es_MX", "es", "es_MX", city="geo", region="state", layout="mx"),
    "BR": _c(3, [("pt_BR", 1)], "pt_BR", "pt", "pt_BR", city="geo", region="estado_sigla", layout="br"),
    "AR": _c(1.5, [("es_AR", 1)], "es_AR", "es", "es_AR", region="province"),
    "CO": _c(1, [("es_CO", 1)], "es_CO", "es", "es_CO", layout="cz"),
    "ZA": _c(1, [("zu_ZA", 2), ("en_GB", 1)], "en_ZA", "en", "zu_ZA", region="province", layout="cz"),
    "NG": _c(1, [("en_NG", 2), ("yo_NG", 1), ("ig_NG", 1), ("ha_NG", 1)], "en_NG", "en", None, city="geo",
             region=None, layout="cz", street="{n} {s} Street"),
    "KE": _c(0.7, [("en_KE", 1)], "en_KE", "en", None, city="geo", region=None, layout="cz", street="{s} Road {n}"),
}

# Faker 40.54 ssn providers that call the module-level `random` instead of the seeded generator
GLOBAL_RANDOM = {"faker.providers.ssn." + x for x in ("el_GR", "es_ES", "es_MX", "sv_SE", "th_TH", "uk_UA")}
# Faker 40.54 lists built from a set (order varies with PYTHONHASHSEED): sorted once per instance
UNORDERED = {"faker.providers.address.it_IT": ("cities",)}
LATIN_ONLY_TRANSLIT = {"ru_RU", "uk_UA", "bg_BG", "el_GR", "hi_IN"}  # Faker's unidecode reads these well
NO_LATIN = {"he_IL", "th_TH"}  # unidecode drops vowels or mangles: native script only
GEO_SKIP = re.compile(r"\b(?:part|parts|coast|region|area|province|areas|district|county|islands?|and|of)\b|\d|&|\.", re.I)


def _geo_skip(part):
    return len(part) <= 2 or part.isupper() or bool(GEO_SKIP.search(part))
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def script_of(text):
    """The first script (Unicode name prefix) among the letters of TEXT ('LATIN', 'CYRILLIC', ...)."""
    for ch in text:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            first = name.split(" ")[0] if name else "OTHER"
            return "CJK" if first in ("CJK",) else first
    return "NONE"


def title_word(s):
    out, up = [], True
    for ch in s:
        out.append(ch.upper() if up else ch.lower())
        up = not ch.isalpha()
    return "".join(out)


class World:
    """Faker instances, phone metadata and city pools, loaded once per run."""

    def __init__(self, countries=None):
        if MISSING is not None:
            raise SystemExit(f"generate: world personas need faker, phonenumbers and babel ({MISSING}); run "
                             "training/setup.sh and use training/.venv/bin/python, or pass --intl-fraction 0")
        self.countries = countries or sorted(COUNTRIES)
        self._fakers = {}
        self._seeded = set()
        self._doc_seed = "0"
        self.geo = {}
        geo_cc = [cc for cc in self.countries if COUNTRIES[cc]["city"] == "geo"]
        descs = self._geo_descriptions(geo_cc)
        for cc in geo_cc:
            lang = COUNTRIES[cc]["babel"].split("_")[0]
            for lg in sorted({lang, "en"}):
                self.geo[(cc, lg)] = self._geo_pool(cc, lg, descs[cc])
        self.names_en = Locale.parse("en").territories
        self._territories = {}
        self.used = {
            "faker": f"Faker {faker.VERSION} (MIT): names, addresses, postcodes, cities, regions, companies, "
                     "jobs, e-mail domains, national ID providers, faker.decode transliteration, lorem word lists "
                     "(untagged local-language sentences, locallang.py)",
            "phonenumbers": f"phonenumbers {pn.__version__} (Apache-2.0, libphonenumber metadata): phone numbers, "
                            "geocoder city pools for " + ",".join(sorted({cc for cc, _ in self.geo})),
            "babel": f"Babel {babel.__version__} (BSD-3-Clause, CLDR data): month/weekday names, date patterns, "
                     "country names",
        }

    # -- Faker, seeded per document -------------------------------------------------------
    def begin(self, doc_seed):
        self._doc_seed = doc_seed
        self._seeded = set()

    def fk(self, loc):
        f = self._fakers.get(loc)
        if f is None:
            f = self._fakers[loc] = Faker(loc, use_weighting=True)
            for p in f.providers:  # data Faker builds from a set: its order follows PYTHONHASHSEED
                for attr in UNORDERED.get(type(p).__module__, ()):
                    setattr(p, attr, sorted(getattr(p, attr)))
        if loc not in self._seeded:
            f.seed_instance(f"{self._doc_seed}:{loc}")
            for p in f.providers:  # providers that draw from the module-level random: a per-document Random
                mod = type(p).__module__
                if mod in GLOBAL_RANDOM:
                    _route_random(sys.modules[mod], random.Random(f"{self._doc_seed}:{mod}"))
            self._seeded.add(loc)
        return f

    # -- city pools from the phonenumbers geocoder ----------------------------------------
    @staticmethod
    def _geo_descriptions(ccs):
        """{cc: [{lang: area name}, ...]} from libphonenumber's geocoding data (prefix -> names)."""
        from phonenumbers.geodata import GEOCODE_DATA
        codes = {cc: str(pn.country_code_for_region(cc)) for cc in ccs}
        out = {cc: [] for cc in ccs}
        by_code = {}
        for cc, code in codes.items():
            by_code.setdefault(code, []).append(cc)
        lengths = sorted({len(c) for c in by_code})
        for prefix, names in GEOCODE_DATA.items():
            for n in lengths:
                for cc in by_code.get(prefix[:n], ()):
                    out[cc].append(names)
        return out

    def _geo_pool(self, cc, lang, descs):
        """Place names of CC in LANG (else English), each once, sorted."""
        conf = COUNTRIES[cc]
        country_names = {Locale.parse("en").territories.get(cc, ""), Locale.parse(conf["babel"]).territories.get(cc, "")}
        names = set()
        for d in descs:
            desc = d.get(lang) or d.get("en") or ""
            if cc == "CA":  # +1 is shared with the US: keep "City, ON" style Canadian entries
                m = re.match(r"^(.*), (AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)$", desc)
                if not m:
                    continue
                desc = m.group(1)
            for part in re.split(r"/|, | - ", desc):
                part = re.sub(r"\s*\(.*?\)\s*", " ", part).strip()
                if part and part not in country_names and not _geo_skip(part):
                    names.add(part)
        return sorted(names)

    # -- names ------------------------------------------------------------------------------
    def country_name(self, cc, lang_loc=None):
        """The country's name in English or in the language of LANG_LOC (babel/CLDR)."""
        if lang_loc is None:
            return self.names_en.get(cc, cc)
        t = self._territories.get(lang_loc)
        if t is None:
            t = self._territories[lang_loc] = Locale.parse(lang_loc).territories
        return t.get(cc, self.names_en.get(cc, cc))

    def pick_people_locale(self, cc, rng):
        people = COUNTRIES[cc]["people"]
        total = sum(w for _, w in people)
        x = rng.random() * total
        for loc, w in people:
            x -= w
            if x < 0:
                return loc
        return people[-1][0]

    def person(self, cc, sex, rng, loc=None, latin=None):
        """dict(first, middle, last, loc, latin, order) for one person of country CC."""
        conf = COUNTRIES[cc]
        loc = loc or self.pick_people_locale(cc, rng)
        f = self.fk(loc)
        if latin is None:
            latin = loc not in NO_LATIN and rng.random() < conf["latin"]
        if latin and loc.startswith("ar_"):  # Latin Arabic names: Faker's Maghreb (fr_DZ) and Pakistani lists
            loc = "fr_DZ" if rng.random() < 0.7 else "en_PK"
            f = self.fk(loc)
        fem = sex == "F"
        first = middle = ""
        if latin and loc == "ja_JP":
            first = f.first_romanized_name_female() if fem else f.first_romanized_name_male()
            last = f.last_romanized_name()
        elif latin and loc in ("zh_CN", "zh_TW") and hasattr(f, "first_romanized_name"):
            first, last = f.first_romanized_name(), f.last_romanized_name()
        else:
            first = self._call(f, "first_name_female" if fem else "first_name_male", "first_name")
            last = self._call(f, "last_name_female" if fem else "last_name_male", "last_name")
            if loc in ("ru_RU", "uk_UA", "bg_BG"):
                middle = self._call(f, "middle_name_female" if fem else "middle_name_male", "")
            if latin:
                first, last, middle = (self.translit(x, loc) for x in (first, last, middle))
        first, last, middle = (re.sub(r"\s+", " ", x).strip() for x in (first, last, middle))
        native_lf = conf["order"] == "lf" and not latin
        return dict(first=first, middle=middle, last=last, loc=loc, latin=bool(latin),
                    order="lf" if native_lf or (conf["order"] == "lf" and rng.random() < 0.3) else
                    ("ru" if conf["order"] == "ru" else "fl"),
                    spaced=not (native_lf and loc in ("zh_CN", "zh_TW", "ja_JP", "ko_KR") and rng.random() < 0.85))

    @staticmethod
    def _call(f, name, fallback):
        m = getattr(f, name, None)
        if m is not None:
            try:
                return m()
            except (AttributeError, TypeError):
                pass
        return getattr(f, fallback)() if fallback else ""

    def translit(self, s, loc):
        """Latin rendering of a name with Faker's transliteration table ('Сазонов' -> 'Sazonov')."""
        if not s:
            return s
        if loc == "ko_KR":  # one syllable per character: family name, then the given name as one word
            return title_word(unidecode(s).strip())
        out = unidecode(s)
        out = re.sub(r"[^A-Za-z' -]", "", out).strip()
        return title_word(out) if out else s

    # -- places -----------------------------------------------------------------------------
    def city(self, cc, rng, latin=True):
        """(prefix kept outside the span, city): Faker's list, or the geocoder pool (English names for
        a Latin-script persona, the country's language otherwise)."""
        conf = COUNTRIES[cc]
        if conf["city"] == "geo":
            lang = "en" if latin else conf["babel"].split("_")[0]
            pool = self.geo.get((cc, lang)) or self.geo.get((cc, "en"))
            if pool:
                return "", rng.choice(pool)
        f = self.fk(conf["addr"] or "en_US")
        c = f.city().strip()
        # Russian/Ukrainian settlement prefixes ("г. Обоянь", "селище Тячів") stay outside the span
        m = re.match(r"^((?:[а-яіїєґ]{1,4}\.|клх|пгт|село|селище|місто|хутір|смт|г|д)\s+)(.+)$", c)
        if m:
            return m.group(1), m.group(2)
        return "", re.sub(r"\s*\)?\(.*?\)\s*|\s*\)\s*$", "", c).strip() or c

    def region(self, cc):
        conf = COUNTRIES[cc]
        if not conf["region"] or not conf["addr"]:
            return ""
        f = self.fk(conf["addr"])
        m = getattr(f, conf["region"], None)
        try:
            return m().strip() if m else ""
        except (AttributeError, TypeError):
            return ""

    def postcode(self, cc, rng):
        conf = COUNTRIES[cc]
        if conf["addr"]:
            f = self.fk(conf["addr"])
            pc = (f.zipcode() if conf["addr"] == "ja_JP" else f.postcode()).strip()
        else:
            pc = "".join(str(rng.randrange(10)) for _ in range({"NG": 6, "ZA": 4, "BG": 4}.get(cc, 5)))
        return format_postcode(cc, pc, rng)

    def street(self, cc, rng):
        """A street address in the local order ('Schillerstraße 7', '12 rue de la Roquette')."""
        conf = COUNTRIES[cc]
        if conf["addr"] and conf["layout"] != "cjk":
            f = self.fk(conf["addr"])
            s = f.street_address()
            s = re.sub(r"\s*\n\s*", ", ", s).strip().rstrip(",")
            if cc in ("FR", "DZ", "BE") and rng.random() < 0.6:
                s = re.sub(r"^(\d+\w?), ", r"\1 ", s)
            return re.sub(r"\s{2,}", " ", s)
        if conf["layout"] == "cjk":
            return self.cjk_address(cc)
        loc = self.pick_people_locale(cc, rng)
        name = self._call(self.fk(loc), "last_name", "last_name")
        if loc in NO_LATIN or script_of(name) != "LATIN":
            name = self.translit(name, loc) if loc in LATIN_ONLY_TRANSLIT else name
        return conf["street"].format(s=name, n=rng.randint(1, 250))

    def cjk_address(self, cc):
        f = self.fk(COUNTRIES[cc]["addr"])
        if cc == "JP":
            return f"{f.prefecture()}{f.city()}{f.town()}{f.chome()}{f.ban()}{f.gou()}"
        if cc == "KR":
            return f.road_address()
        a = f.address().strip()
        return re.sub(r"\s+\d{5,6}$", "", a).strip()

    def company(self, cc, rng):
        conf = COUNTRIES[cc]
        loc = conf["addr"] if conf["addr"] and _local(self.fk(conf["addr"]), "company") else \
            self.pick_people_locale(cc, rng)
        f = self.fk(loc)
        if not _local(f, "company"):
            return None
        return re.sub(r"\s+", " ", f.company()).strip()

    def job(self, cc, rng):
        loc = self.pick_people_locale(cc, rng)
        f = self.fk(loc)
        if not _local(f, "job"):
            return None
        j = f.job().strip()
        return j if len(j) <= 40 else None

    def email_domain(self, cc, rng):
        conf = COUNTRIES[cc]
        for loc in (conf["addr"], conf["people"][0][0]):
            if loc and _local(self.fk(loc), "internet"):
                return self.fk(loc).free_email_domain()
        return rng.choice(["gmail.com", "gmail.com", "yahoo.com", "hotmail.com", "outlook.com",
                           f"mail.{cc.lower()}", f"yahoo.{cc.lower()}"])

    def ascii_name(self, s, loc):
        """E-mail/user-name form of a name in any script (Faker's tables), lower case ASCII."""
        f = self.fk(loc)
        ip = [p for p in f.providers if type(p).__module__.startswith("faker.providers.internet")]
        out = ip[0]._to_ascii(s) if ip else unidecode(s)
        return re.sub(r"[^a-z0-9]", "", out.lower())

    # -- phones -----------------------------------------------------------------------------
    def phone(self, cc, rng, kind="mobile", fmt=None):
        """(text, format key): a valid number of region CC in one of the written forms."""
        typ = PNT.MOBILE if kind == "mobile" else PNT.FIXED_LINE
        ex = pn.example_number_for_type(cc, typ) or pn.example_number_for_type(cc, PNT.FIXED_LINE)
        nsn = pn.national_significant_number(ex)
        num = ex
        keep = 2 if kind == "mobile" else 1
        for _ in range(25):
            cand = nsn[:keep] + "".join(str(rng.randrange(10)) for _ in nsn[keep:])
            n2 = pn.PhoneNumber(country_code=ex.country_code, national_number=int(cand),
                                italian_leading_zero=ex.italian_leading_zero or None)
            if pn.is_valid_number_for_region(n2, cc):
                num = n2
                break
        fmt = fmt or _weighted_key(rng, [(12, "e164"), (38, "intl"), (32, "national"), (12, "00"), (6, "(0)")])
        intl = pn.format_number(num, PNF.INTERNATIONAL)
        nat = pn.format_number(num, PNF.NATIONAL)
        if fmt == "e164":
            s = pn.format_number(num, PNF.E164)
        elif fmt == "intl":
            s = intl
        elif fmt == "national":
            s = nat
        elif fmt == "00":
            s = "00" + intl[1:]
        else:  # "+44 (0)20 7946 0958": the trunk prefix in brackets
            cc_part = "+" + str(num.country_code)
            trunk = nat[0] if nat[:1] == "0" else ""
            rest = intl[len(cc_part):].strip()
            s = f"{cc_part} ({trunk}){rest}" if trunk else intl
            fmt = "(0)" if trunk else "intl"
        return s.replace("\u00a0", " "), fmt


def _route_random(module, rnd):
    """Point MODULE's `random` (and names imported from it, `from random import randint`) at RND."""
    if hasattr(module, "random"):
        module.random = rnd
    for name in ("randint", "choice", "choices", "randrange", "sample", "shuffle", "uniform"):
        fn = getattr(module, name, None)
        if isinstance(getattr(fn, "__self__", None), random.Random):
            setattr(module, name, getattr(rnd, name))


def _local(f, provider):
    """Whether Faker instance F has its own provider PROVIDER (not the en_US fallback)."""
    loc = f.locales[0]
    for p in f.providers:
        mod = type(p).__module__
        if mod.startswith(f"faker.providers.{provider}"):
            last = mod.split(".")[-1]
            return last == loc or (last not in ("en_US", provider) and last.split("_")[0] == loc.split("_")[0])
    return False


def _weighted_key(rng, pairs):
    total = sum(w for w, _ in pairs)
    x = rng.random() * total
    for w, k in pairs:
        x -= w
        if x < 0:
            return k
    return pairs[-1][1]


ZIP_PREFIX = {"DE": "D-", "AT": "A-", "CH": "CH-", "FR": "F-", "IT": "I-", "BE": "B-", "DK": "DK-",
              "NO": "N-", "FI": "FI-", "SE": "SE-", "PL": "PL-", "CZ": "CZ-", "PT": "P-", "ES": "E-",
              "NL": "NL-", "HR": "HR-", "RO": "RO-"}


def format_postcode(cc, pc, rng):
    """Local written forms: 'SE-751 85', '1012 AB', 'T12 YE02', '01310-200', '31-008'."""
    if cc == "SE" and re.fullmatch(r"\d{5}", pc):
        pc = pc[:3] + " " + pc[3:] if rng.random() < 0.75 else pc
    elif cc == "NL":
        m = re.fullmatch(r"(\d{4})\s*([A-Z]{2})", pc)
        if m:
            pc = f"{m.group(1)} {m.group(2)}" if rng.random() < 0.8 else m.group(1) + m.group(2)
    elif cc == "IE":
        p = pc.replace(" ", "")
        pc = p[:3] + " " + p[3:] if rng.random() < 0.8 else p
    elif cc == "HU":
        pc = pc if rng.random() < 0.3 else pc.replace("H-", "")
    elif cc == "GR" and re.fullmatch(r"\d{5}", pc):
        pc = pc[:3] + " " + pc[3:]
    elif cc == "CZ" and re.fullmatch(r"\d{5}", pc):
        pc = pc[:3] + " " + pc[3:]
    if cc in ZIP_PREFIX and rng.random() < 0.12 and not pc.startswith(ZIP_PREFIX[cc]):
        pc = ZIP_PREFIX[cc] + pc
    return pc
