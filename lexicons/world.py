"""World lexicons: month names of the main European languages (CLDR through `babel`) and street
words of local address formats (`faker`'s address providers), folded as build.py folds entries.

    training/.venv/bin/python lexicons/world.py     # needs babel, faker, holidays, pycountry, python-stdnum, stopwordsiso, wordfreq (training/requirements.txt)

Writes unsafe/months_world.txt, weekdays_world.txt, countries_world.txt, regions_world.txt, street_words_world.txt and
holidays_world.txt, safe/id_labels_world.txt, and context/months_scripts.txt, abbreviations_world.txt, units_world.txt, common_words_world.txt and occupations.txt; byte-identical on re-runs with
the pinned versions. Sources and licences: SOURCES.md ("World lexicons").
"""
import os
import re
import sys

import babel
import faker
import holidays
import pycountry
import stopwordsiso
from babel import Locale
from faker import Faker

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build import entry  # noqa: E402  (the one folding/tokenizing rule of every lexicon)

HERE = os.path.dirname(os.path.abspath(__file__))

# Languages of most VigiBase narratives outside English (CLDR locale ids).
# ("de_AT": Austria's "Jänner")
MONTH_LOCALES = ["de", "de_AT", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs", "sk",
                 "hu", "ro", "hr", "sl", "el", "tr", "ru", "uk", "ca", "et", "lv", "lt",
                 # South-East Asia and East Africa (Latin script)
                 "id", "ms", "sw", "tl"]
# Month names in scripts the [a-z0-9] lexicons cannot hold: read only by the world date
# recognizer (recognize/world_date.rs), from context/months_scripts.txt.
SCRIPT_MONTH_LOCALES = ["el", "ru", "uk", "bg", "sr", "ar", "ar_DZ", "ar_MA", "ar_LB", "he", "fa", "ur", "hi", "bn",
                        "th"]
# Faker locales whose address providers list street words.
STREET_LOCALES = ["fr_FR", "it_IT", "es_ES", "pl_PL", "pt_BR", "pt_PT", "nl_NL", "sv_SE", "de_DE",
                  "da_DK", "no_NO", "fi_FI", "cs_CZ", "ro_RO", "hu_HU", "tr_TR", "es_MX", "fr_CH"]


def wide_names(field, leave_out=frozenset()):
    """The wide names of `field` ("months" or "days") of MONTH_LOCALES, format and stand-alone,
    folded: one word of at least 4 letters (abbreviations such as "ago", "gen", "mar" are English
    words), none in `leave_out`."""
    out = set()
    for loc in MONTH_LOCALES:
        l = Locale.parse(loc)
        for context in ("format", "stand-alone"):
            for name in getattr(l, field)[context]["wide"].values():
                e = entry(name)
                if e and " " not in e and len(e) >= 4 and e not in leave_out:
                    out.add(e)
    return sorted(out)


# The months of the Islamic (Hijri) calendar as narratives from Pakistan, the Gulf, Malaysia and
# Indonesia transliterate them ("12 Rabi-ul-Awwal", "10 Muharram 1445", "5 Shawwal"): babel's CLDR
# data exposes only the Gregorian calendar's names, so these are written here; the first word of
# each (a month's day is written before it).
HIJRI_MONTHS = ["muharram", "moharram", "safar", "rabi", "rabiul", "rabiulawal", "rabiulawwal",
                "rabiulakhir", "rabiussani", "jumada", "jumadi", "jamadi", "jumadil", "jamadiul",
                "rajab", "shaban", "shaaban", "syaaban", "ramadan", "ramadhan", "ramazan", "ramadhon",
                "shawwal", "shawal", "syawal", "dhulqadah", "dhulqidah", "zulqadah", "zilqad",
                "dhulhijjah", "dhulhijja", "zulhijjah", "zilhaj", "zilhijja"]


def month_names():
    return sorted(set(wide_names("months")) | set(HIJRI_MONTHS))


def weekday_names():
    """Weekday names of MONTH_LOCALES, wide, at least 4 letters ("tisdag", "Dienstag", "Selasa"),
    without English SAFE words: a weekday is never released. Abbreviations ("Do.", "lør", "Sel")
    are left out: "seg", "sal", "ven" and "mer" are laboratory and clinical shorthand."""
    return wide_names("days", english_words())


def ordinary_words():
    """Words a narrative uses for something else than a place: the English SAFE lists, the
    drug and curated lists ("lobata", "mirna"), and the stopwords of MONTH_LOCALES' languages
    ("para", "como", "cada")."""
    words = english_words()
    for rel in ("safe/drugs.txt", "safe/curated.txt"):
        with open(os.path.join(HERE, rel), encoding="utf-8") as f:
            words.update(l.strip() for l in f if l.strip() and not l.startswith("#"))
    for loc in MONTH_LOCALES:
        if stopwordsiso.has_lang(loc):
            words.update(e for w in stopwordsiso.stopwords(loc) if (e := entry(w)))
    return words


def list_entries(*rels):
    """The entries of lists that build.py writes (`rels`: paths under lexicons/)."""
    words = set()
    for rel in rels:
        with open(os.path.join(HERE, rel), encoding="utf-8") as f:
            words.update(l.strip() for l in f if l.strip() and not l.startswith("#"))
    return words


def known_places_and_names():
    """Entries of the name and place lists that build.py writes (cities, countries, US states,
    first names, surnames): a world name already on one keeps that list's category ("Leeds" a
    city, "Kerry" a given name), so the world lists leave it out."""
    return list_entries("unsafe/cities.txt", "unsafe/countries.txt", "unsafe/us_states.txt",
                        "unsafe/first_names.txt", "unsafe/surnames.txt")


def english_place_names():
    """Entries of the English country and US state lists that build.py writes."""
    return list_entries("unsafe/countries.txt", "unsafe/us_states.txt")


def given_names_and_towns():
    """Entries of the first-name and city lists that build.py writes."""
    return list_entries("unsafe/first_names.txt", "unsafe/cities.txt")


def country_names():
    """Country names in the languages of MONTH_LOCALES (CLDR territory names of the two-letter
    ISO codes: "Schweiz", "Allemagne", "Reino Unido"); one-word names of at least 5 letters that are
    no ordinary word (`ordinary_words`) and not on the English country list already."""
    # (a country's name that is a surname too, "España", stays a country: a place the rules never
    # release, where a name alone the model may release; a given name, "Maurice", stays a name, a
    # town, "Norfolk", a town; an English nationality, "Israeli", is no place)
    ordinary = (ordinary_words() | english_place_names() | given_names_and_towns()
                | {"israeli", "pakistani"})
    out = set()
    for loc in MONTH_LOCALES:
        for code, name in Locale.parse(loc).territories.items():
            if not re.fullmatch(r"[A-Z]{2}", code) or code in ("EU", "EZ", "UN", "ZZ", "XA", "XB"):
                continue
            e = entry(name)
            if e and e not in ordinary and (" " in e or len(e) >= 5):
                out.add(e)
    # the official and common English names of ISO 3166-1 ("Islamic Republic of Iran", "Republic
    # of Korea", "United Republic of Tanzania"): a narrative copies them from a form, and the
    # words between ("of") belong to the name
    for country in pycountry.countries:
        for name in (getattr(country, "official_name", None), getattr(country, "common_name", None)):
            e = entry(name) if name else None
            if e and " " in e:
                out.add(e)
    return sorted(out)


# Words of a subdivision's name that say only where ("Northern District", "North West"): a name of
# these alone is left out, a direction in ordinary text is no place.
GENERIC_PLACE_WORDS = {"north", "south", "east", "west", "northern", "southern", "eastern", "western",
                       "central", "centre", "center", "upper", "lower", "middle", "north-west",
                       "north-east", "south-west", "south-east", "region", "district", "province",
                       "state", "county", "city", "area", "capital", "islands", "island", "coast",
                       "the", "of", "and"}


# The lists of `faker`'s address providers that name a country's subdivisions (states, regions,
# provinces, counties, prefectures, districts, oblasts: "Cataluña", "Bretagne", "Västra Götaland",
# "Mazowieckie"), by the list's name: ISO 3166-2 writes many of them in another language or
# spelling ("Catalunya"), and a narrative writes them the way the country's own people do.
FAKER_SUBDIVISION_LISTS = re.compile(
    r"(states|regions|region_names|region_oblast|region_krai|region_republics|region_ao|provinces"
    r"|luzon_provinces|visayas_provinces|mindanao_provinces|counties|prefectures|districts)")


def faker_subdivision_names():
    """The subdivision names of every `faker` address locale (`FAKER_SUBDIVISION_LISTS`)."""
    import importlib
    import pkgutil

    import faker.providers.address
    out = []
    for info in pkgutil.iter_modules(faker.providers.address.__path__):
        provider = importlib.import_module(f"faker.providers.address.{info.name}").Provider
        for key, value in sorted(vars(provider).items()):
            if FAKER_SUBDIVISION_LISTS.fullmatch(key) and isinstance(value, (list, tuple)):
                out.extend(v for v in value if isinstance(v, str) and v not in FAKER_NOT_A_PLACE)
    return out


# Entries of those lists that are no subdivision's name in a narrative: "Ciudad" (es_ES, a "Ciudad
# Real" cut in two), "Namen" (Dutch for Namur, and the German for "names").
FAKER_NOT_A_PLACE = {"Ciudad", "Namen"}


# The last word of a subdivision's ISO name that only says its kind, in the country's language
# (Chinese "Sheng", "Shi", "Zizhiqu"; Russian "oblast'", "kraj", "okrug", "Respublika"; Latvian
# "novads"; Croatian "županija"; Lithuanian "apskritis"; Kazakh "oblysy"; Swedish "län";
# Norwegian "fylke"): narratives write the name without it.
SUBDIVISION_KIND_WORDS = {"sheng", "shi", "zizhiqu", "oblast'", "oblast", "okrug", "kraj",
                          "novads", "respublika", "županija", "apskritis", "oblysy", "province",
                          "län", "fylke"}


def italian_province_codes():
    """The two-letter codes of Italy's provinces and metropolitan cities (ISO 3166-2:IT through
    `pycountry`: "TO", "MI", "VR"), which Italian writes in brackets after a town ("nato a Pinerolo
    (TO)")."""
    return sorted(s.code.split("-")[1] for s in pycountry.subdivisions.get(country_code="IT")
                  if re.fullmatch(r"IT-[A-Z]{2}", s.code))


def region_names():
    """Names of the world's subdivisions (ISO 3166-2 through `pycountry`: "Western Cape", "Bayern",
    "Lombardia", "Jalisco"; and `faker`'s address locales: "Cataluña"), and their names without
    the local word for their kind ("Sichuan" of "Sichuan Sheng", "Moskovskaya" of "Moskovskaya
    oblast'"). One-word names of at least 4 letters that are no ordinary word (`ordinary_words`);
    longer names unless every word only says where ("Northern District"). A name already on a
    place or given-name list keeps that list's category ("Kerry" a given name, "Cork" a town); a
    surname is a region too ("Galicia", "Piemonte", "Guerrero"), as a country's name is
    (`country_names`): a place the rules never release, where a name alone the model may."""
    ordinary = ordinary_words()
    known = list_entries("unsafe/cities.txt", "unsafe/countries.txt", "unsafe/us_states.txt",
                         "unsafe/first_names.txt")
    out = set()
    names = [re.sub(r"\s*[\[(].*?[\])]", "", n).split(",")[0].strip()
             for n in [sub.name for sub in pycountry.subdivisions] + faker_subdivision_names()]
    stems = [n.rsplit(" ", 1)[0] for n in names
             if " " in n and n.rsplit(" ", 1)[1].lower() in SUBDIVISION_KIND_WORDS]
    # ... or before it: "Kraj Vysočina" is Vysočina
    stems += [n.split(" ", 1)[1] for n in names
              if " " in n and n.split(" ", 1)[0].lower() in SUBDIVISION_KIND_WORDS]
    # Swedish puts the name in the genitive before "län": "Östergötlands län" is Östergötland
    stems += [n.rsplit(" ", 1)[0][:-1] for n in names
              if n.endswith("s län") and len(n) > len("s län") + 3]
    names += stems
    for name in names:
        e = entry(name)
        words = e.split(" ") if e else []
        # a name the folding cut up ("Ağdam" is whole, "Ṣan‘ā’" is not) is left out
        if not e or e in known or any(len(w) < 2 for w in words):
            continue
        if len(words) == 1:
            if len(e) >= 4 and e not in ordinary:
                out.add(e)
        elif not all(w in GENERIC_PLACE_WORDS for w in words):
            out.add(e)
    return sorted(out)


def abbreviations():
    """Abbreviated month names and abbreviated and wide weekday names of MONTH_LOCALES, folded ("okt", "dez", "gen" left out;
    "do", "so", "lor", "sel"), and the abbreviated months and the weekdays of SCRIPT_MONTH_LOCALES
    ("νοε", "нояб", "пт").
    Not a lexicon: `recognize/world_date` reads an abbreviated month only with its day ("7. Okt.
    2021") and a weekday's abbreviation only right before a date ("Do., 7. Okt. 2021"; one of two
    letters only before a date that names its month in another language or a dotted numeric date).
    English SAFE words ("set", "ago", "gen"; a weekday's "mar", "son") are written apart as
    'month-word X' and 'weekday-word X': the recognizer reads them only where the English word cannot
    stand ("gen 2005", "søn. am", "mar, 28 ago"). Portuguese names its weekdays by their ordinal
    without "-feira" ("until quarta morning"): those heads are weekdays too, never a weekday alone
    ("segunda dose" is the second dose)."""
    english = english_words()
    months, days, month_words, day_words = set(), set(), set(), set()
    for loc in MONTH_LOCALES:
        l = Locale.parse(loc)
        for context in ("format", "stand-alone"):
            for name in l.months[context]["abbreviated"].values():
                e = entry(name.rstrip("."))
                if e and " " not in e and len(e) >= 3:
                    (month_words if e in english else months).add(e)
            for width in ("abbreviated", "short", "wide"):
                for name in l.days[context].get(width, {}).values():
                    # "segunda-feira": the ordinal alone names the day too
                    head = name.split("-feira")[0] if name.endswith("-feira") else None
                    for n in filter(None, (name, head)):
                        e = entry(n.rstrip("."))
                        # two letters ("Do", "So", "Mi") whatever they are; longer ones no English
                        # SAFE word ("mar", "sun")
                        if not e or " " in e:
                            continue
                        if len(e) == 2 or e not in english:
                            days.add(e)
                        else:
                            day_words.add(e)
    for m in month_abbreviations_scripts():
        months.add(m)
    days.update(weekday_names_scripts())
    return ([f"month {m}" for m in sorted(months)] + [f"weekday {d}" for d in sorted(days)]
            + [f"month-word {m}" for m in sorted(month_words)]
            + [f"weekday-word {d}" for d in sorted(day_words)])


def english_words():
    """Entries of the English SAFE lists: a local street word that is also an English word
    ("area", "campo", "station") would claim ordinary text after a capitalised word."""
    words = set()
    for rel in ("safe/stopwords.txt", "safe/common_words.txt", "safe/medical_terms.txt"):
        with open(os.path.join(HERE, rel), encoding="utf-8") as f:
            words.update(l.strip() for l in f if l.strip() and not l.startswith("#"))
    return words


def street_words():
    english = english_words()
    out = set()
    for loc in STREET_LOCALES:
        p = Faker(loc).provider("faker.providers.address")
        for attr in ("street_prefixes", "street_suffixes"):
            for w in getattr(p, attr, ()) or ():
                e = entry(w)
                if e and " " not in e and len(e) >= 3 and e not in english:
                    out.add(e)
    # the abbreviations that introduce Polish street names ("ul. Floriańska 22"), and the French
    # and Italian street words that are also English words: the street context (after a house
    # number or a name) keeps "given via IM" safe
    out.update(["ul", "al", "rue", "via"])
    # Malaysia's and Indonesia's street words ("no. 27, jalan kenanga", "Jl. Diponegoro", "lorong
    # 3"), and Thailand's "thanon": no Faker locale lists them as street words
    out.update(["jalan", "jln", "jl", "lorong", "persiaran", "lebuh", "thanon"])
    # Turkey's street and quarter words and their abbreviations ("Çiçekli Sok. No:9", "Koşuyolu
    # Mah."; not "cad", which is coronary artery disease; nor Indonesia's alley "gg.", which is
    # the 1990s gamma globulin)
    out.update(["sokak", "sokağı", "sok", "caddesi", "mahallesi", "mah", "bulvarı"])
    return sorted(out)


def holiday_names():
    """Public holidays of every country `holidays` knows, in English and in the country's own
    language, 2019-2022 (observed-day and "day off" variants dropped). One-word names that are
    English SAFE words ("Assumption") are left out: a holiday is never released, so a common word
    would be masked everywhere."""
    english = english_words()
    out = set()
    for country in sorted(holidays.list_supported_countries()):
        calendars = []
        try:
            calendars.append(holidays.country_holidays(country, years=range(2019, 2023), language="en_US"))
        except (NotImplementedError, KeyError, ValueError):
            pass
        # and in the country's own language, with the days that are no public holiday
        # ("Nochebuena", "Sankthansaften", "Tết Trung Thu")
        cls = holidays.country_holidays(country, years=2020).__class__
        local = getattr(cls, "default_language", None)
        categories = getattr(cls, "supported_categories", ("public",))
        try:
            calendars.append(holidays.country_holidays(country, years=range(2019, 2023),
                                                       language=local, categories=categories))
        except (NotImplementedError, KeyError, ValueError):
            calendars.append(holidays.country_holidays(country, years=range(2019, 2023)))
        for name in (n for days in calendars for n in days.values()):
            for part in name.split(";"):
                part = part.replace("(observed)", "").replace("(estimated)", "").strip()
                if not part or part.lower().startswith("day off") or "substitute" in part.lower():
                    continue
                e = entry(part)
                if not e or len(e) < 4 or (" " not in e and e in english):
                    continue
                out.add(e)
                # a name of three words or more before "day" is written without it too ("vesak
                # full moon poya"; two words are often a phrase of their own: "armed forces",
                # "human rights", "women's")
                if e.endswith(" day") and e[:-4].count(" ") >= 2:
                    out.add(e[:-4])
    for name in LOCAL_FESTIVALS:
        e = entry(name)
        if e and (" " in e or e not in english):
            out.add(e)
    return sorted(out)


# Festivals that narratives name by their local name while `holidays` lists them under another
# (Ethiopia's "Timket" is its "Epiphany", China's "Chongyang" its "Double Ninth Festival") or not
# at all (Guyana's "Mashramani", Kerala's "Thiruvonam", Lebanon's feast of Mar Maroun, Czechia's
# burning of the witches), hand-written: a holiday dates a narrative as a date does.
LOCAL_FESTIVALS = [
    "Timket", "Timkat", "Meskel", "Meskal", "Enkutatash", "Fasika", "Chongyang",
    "Chongyang Festival", "Zhongqiu", "Duanwu", "Mid-Autumn Festival", "Mashramani", "Thiruvonam",
    "Teej", "Feast of Mar Maroun", "Mar Maroun", "pálení čarodějnic", "burning of the witches",
    # Sri Lanka's full-moon days by their festival ("before vesak", "the poson poya walk"), Hong
    # Kong's dragon-boat festival by its Cantonese name, and Melbourne's race day holiday
    "Vesak", "Wesak", "Poson", "Poson Poya", "Tuen Ng", "Tuen Ng Festival", "Melbourne Cup",
    "Melbourne Cup Day",
    # Nepal's great festivals, Tanzania's farmers' day, the Bahamas' and Belize's local days
    # ("now after dashain", "after nane nane", "deferred until fox hill day")
    "Dashain", "Tihar", "Nane Nane", "Fox Hill Day", "St. George's Caye Day",
]


# ICH E2B(R3) C.2.r.4 "qualification" of a reporter (physician, pharmacist, other health
# professional, lawyer) and the nursing and care titles that VAERS narratives use for patients who
# report on themselves ("a contactable nurse (patient)", "46y/o male certified nursing assistant"):
# Faker's job list is British and lists neither.
QUALIFICATIONS = ["physician", "pharmacist", "other health professional", "health professional",
                  "healthcare professional", "health care professional", "healthcare worker",
                  "health care worker", "hcw", "lawyer",
                  # the Pfizer form's abbreviation and its spelled-out forms ("a contactable other
                  # HCP (patient, ...)")
                  "hcp", "other hcp", "other health care professional",
                  "other healthcare professional", "registered nurse", "licensed practical nurse",
                  "nurse practitioner", "nurse anesthetist", "certified nursing assistant",
                  "nursing assistant", "medical assistant", "resident physician", "physician assistant",
                  "paramedic", "emt", "dentist", "pediatrician", "caregiver", "teacher", "cna", "lpn", "rn",
                  "md", "np", "gp", "general practitioner", "family doctor", "family physician",
                  # India's and the NHS's care titles
                  "anm", "auxiliary nurse midwife", "asha worker", "junior doctor",
                  "foundation doctor", "house officer", "senior house officer", "enrolled nurse",
                  "staff nurse", "charge nurse", "district nurse", "practice nurse", "dental nurse",
                  "care assistant", "healthcare assistant", "health care assistant",
                  "dental hygienist",
                  # Australia's aged and disability care
                  "aged care worker", "disability support worker", "personal care worker"]


# Everyday occupations that faker's en_US job provider (professional titles) lacks: the trades,
# service, transport, production and farm titles of the US SOC 2018 major groups 33-53 as people
# name their own work, hand-written (SOC: public domain, US government).
EVERYDAY = ["baker", "cook", "line cook", "chef", "head chef", "cafeteria cook", "butcher", "waiter", "waitress",
            "server", "bartender", "barista", "dishwasher", "cashier", "sales clerk", "store clerk",
            "shop assistant", "stocker", "janitor", "custodian", "housekeeper", "cleaner", "maid",
            "landscaper", "gardener", "groundskeeper", "farmer", "rancher", "farm worker", "farmhand",
            "fisherman", "logger", "miner", "coal miner", "roofer", "plumber", "carpenter",
            "electrician", "welder", "machinist", "mechanic", "auto mechanic", "painter", "mason",
            "bricklayer", "construction worker", "laborer", "labourer", "factory worker",
            "assembly line worker", "line worker", "warehouse worker", "forklift operator",
            "machine operator", "truck driver", "bus driver", "taxi driver", "delivery driver",
            "driver", "mail carrier", "letter carrier", "postal worker", "courier", "pilot",
            "flight attendant", "firefighter", "fireman", "police officer", "policeman", "sheriff",
            "deputy", "corrections officer", "prison officer", "hr officer", "human resources officer", "security guard", "soldier",
            "marine", "sailor", "hairdresser", "barber", "cosmetologist", "nanny",
            "babysitter", "childcare worker", "daycare worker", "home health aide", "care worker",
            "carer", "health care aide", "personal support worker", "nurse aide", "orderly",
            "seamstress", "tailor", "plasterer", "tiler", "glazier", "locksmith", "steelworker",
            "millworker", "cab driver", "dock worker", "longshoreman", "teaching assistant",
            "secretary", "receptionist", "bookkeeper", "clerk", "bank teller", "homemaker",
            "housewife", "student", "engineer", "technician", "nurse", "midwife",
            # (the world's narratives: "site supervisor", "steel fixer", "street food vendor", "bus
            # conductor", "retired schoolteacher")
            "supervisor", "foreman", "fixer", "steel fixer", "vendor", "street vendor", "hawker",
            "shopkeeper", "conductor", "bus conductor", "schoolteacher", "watchman",
            # (a civil servant of a town's administration, a schoolchild: "civil servant at the
            # Municipality of Sfax", "pupil at Al-Ahliyya School for Girls")
            "civil servant", "public servant", "pupil", "schoolboy", "schoolgirl",
            # (trades and school heads of the world's narratives: "mum used to be a weaver",
            # "cane cutter on his uncle's farm", "retired school principal", "market trader")
            "weaver", "cane cutter", "principal", "school principal", "headteacher",
            "headmaster", "headmistress", "trader", "market trader",
            # (teachers of small children: "34 y/o female kindergarten teacher at Przedszkole nr 7")
            "kindergarten teacher", "preschool teacher", "nursery teacher", "daycare teacher",
            # (post offices, shops, ferries, garment lines and school kitchens of the world's
            # narratives: "a retired postmistress", "a dinner lady at ... Primary School")
            "postmaster", "postmistress", "grocer", "ferry captain",
            "sewing operator", "sewing machine operator", "sound engineer", "dinner lady",
            # (mines, factories, ships and building sites of the world's narratives: "UNDERGROUND
            # DRILLER", "JUMBO DRILL OPERATOR", "quality inspector, workshop 3", "cabin steward",
            # "a construction foreman")
            "driller", "drill operator", "inspector", "quality inspector", "steward",
            "cabin steward", "construction foreman", "wind technician",
            # (railways, oil fields, boats, ranches, dispatch desks and car plants of the US
            # narratives: "retired brakeman for the union pacific", "OFFSHORE ROUSTABOUT FOR ...",
            # "a crab boat deckhand", "ranch hand on the ...", "school bus dispatcher for ...")
            "brakeman", "railroad conductor", "rail conductor", "roustabout", "roughneck",
            "deckhand", "ranch hand", "dispatcher", "school bus dispatcher", "autoworker",
            "auto worker", "packer", "meat packer", "brick mason", "stonemason", "philologist",
            # (mills, mines, oil leases, herds, post rounds, line crews and offices of the US and
            # the world's narratives: "retired paper mill millwright", "an roof bolter", "a
            # pumper for an oil lease", "a retired reindeer herder", "a mailman")
            "millwright", "roof bolter", "pumper", "herder", "sheep herder", "cattle herder",
            "reindeer herder", "caretaker", "trucker", "postman", "mailman", "paralegal",
            "lineman", "stylist", "hair stylist", "forewoman", "direct care aide",
            # (the draw stations and labs of the US narratives: "a phlebotomist with Quest
            # Diagnostics")
            "phlebotomist", "phlebotomy technician"]

# The physicians' titles of US SOC 2018 broad groups 29-1210 and 29-1240 (physicians and
# surgeons by specialty), as people name them, with British spellings, hand-written (SOC: public
# domain, US government): faker's en_US list has only a few of them.
PHYSICIANS = ["anesthesiologist", "anaesthetist", "cardiologist", "dermatologist",
              "emergency physician", "family physician", "general practitioner", "internist",
              "neurologist", "obstetrician", "gynecologist", "gynaecologist", "pediatrician",
              "paediatrician", "psychiatrist", "radiologist", "pathologist", "ophthalmologist",
              "orthopedic surgeon", "orthopaedic surgeon", "oncologist", "urologist",
              "nephrologist", "gastroenterologist", "rheumatologist", "endocrinologist",
              "pulmonologist", "neurosurgeon", "hospitalist"]


# The occupations a narrative names most (nurse, nursing assistant, doctor, pharmacist, midwife,
# carer, teacher, physiotherapist, dentist) in the languages of the world's narratives, feminine
# and masculine, one word each, hand-written: faker's job locales are titles of offices and trades
# and lack most of them ("enfermera", "sjuksköterska"), and no library on the registries lists
# occupations by language.
# English words and names are left out as for faker's ("arts", "medic", "guru"). Latin script
# only, one word (the list's folding keeps no other script; "sage-femme" would read "femme").
WORLD_CARE_TITLES = [
    # Spanish, Portuguese, Catalan
    "enfermera", "enfermero", "médica", "médico", "farmacéutica", "farmacéutico", "matrona",
    "partera", "cuidadora", "cuidador", "maestra", "maestro", "enfermeira", "enfermeiro",
    # (Spain's hospital porter)
    "celador", "celadora",
    "farmacêutica", "farmacêutico", "parteira", "professora", "infermera", "infermer",
    # French, Italian, Romanian
    "infirmière", "infirmier", "médecin", "pharmacienne", "pharmacien", "institutrice", "instituteur", "enseignante", "enseignant",
    "infermiera", "infermiere", "farmacista", "ostetrica", "badante", "insegnante",
    "farmacistă", "moașă", "profesoară", "învățătoare", "asistentă",
    # German, Dutch
    "Krankenschwester", "Krankenpfleger", "Krankenpflegerin", "Pflegefachfrau", "Pflegefachmann",
    "Ärztin", "Arzt", "Apothekerin", "Apotheker", "Hebamme", "Altenpflegerin", "Altenpfleger",
    "Lehrerin", "Lehrer", "Erzieherin", "Erzieher", "verpleegkundige", "verpleegster", "huisarts",
    "verloskundige", "leraar", "lerares", "verzorgende", "doktersassistente",
    # Swedish, Danish, Norwegian, Finnish
    "sjuksköterska", "undersköterska", "läkare", "apotekare", "barnmorska", "lärare",
    "distriktssköterska", "vårdbiträde", "sygeplejerske", "læge", "farmaceut", "jordemoder",
    "lærer", "sykepleier", "farmasøyt", "jordmor", "helsefagarbeider", "sairaanhoitaja",
    "lääkäri", "farmaseutti", "proviisori", "kätilö", "opettaja", "lähihoitaja",
    "terveydenhoitaja",
    # Polish, Czech, Slovak, Croatian, Hungarian, Turkish
    "pielęgniarka", "pielęgniarz", "lekarka", "lekarz", "farmaceutka", "farmaceuta", "położna",
    "nauczycielka", "nauczyciel", "opiekunka", "lékařka", "lékař", "lékárnice", "lékárník",
    "učitelka", "učitel", "lekárka", "lekár", "lekárnička", "lekárnik", "učiteľka", "učiteľ",
    "liječnik", "liječnica", "ljekarnik", "ljekarnica", "primalja", "učiteljica", "ápolónő",
    "ápoló", "orvos", "gyógyszerész", "szülésznő", "tanárnő", "tanítónő", "hemşire", "eczacı",
    "öğretmen",
    # Indonesian and Malay, Filipino
    "perawat", "bidan", "dokter", "apoteker", "jururawat", "nars", "parmasyutiko", "komadrona",
    # physiotherapists and dentists
    "fysiotherapeut", "fysioterapeut", "Physiotherapeut", "Physiotherapeutin", "fisioterapeuta",
    "fisioterapista", "kinésithérapeute", "fizjoterapeuta", "fyzioterapeut", "fyzioterapeutka",
    "fysioterapeutti", "fisioterapis", "Zahnarzt", "Zahnärztin", "tandarts", "tandläkare",
    "tandlæge", "tannlege", "dentista", "dentiste", "dentysta", "zubař", "zubařka",
    "hammaslääkäri", "fogorvos",
    # students and pupils, and everyday trades, of the six languages of the local-word rule
    # ("estudiante de tercer grado", "étudiant en 5e année", "vrachtwagenchauffeur bij ...")
    "estudiante", "alumno", "alumna", "étudiant", "étudiante", "élève", "studente",
    "studentessa", "alunno", "alunna", "estudante", "aluno", "aluna", "Studentin", "Schüler",
    "Schülerin", "leerling", "scholier", "camionero", "chofer", "peluquera", "peluquero",
    "albañil", "agricultor", "agricultora", "costurera", "coiffeur", "coiffeuse", "maçon",
    "agriculteur", "agricultrice", "commerçant", "commerçante", "camionneur", "autista",
    "parrucchiere", "parrucchiera", "muratore", "contadino", "contadina", "caminhoneiro",
    "cabeleireira", "cabeleireiro", "pedreiro", "Friseur", "Friseurin", "Maurer", "Landwirt",
    "Landwirtin", "vrachtwagenchauffeur", "kapper", "kapster", "metselaar",
]


def occupations():
    """Job titles of `faker`'s en_US job provider, written the way a narrative says them ("Nurse,
    adult" as "adult nurse"), plus the reporter qualifications above and the one-word titles of
    Faker's other job locales. The PROFESSION recognizer
    (`recognize/profession.rs`) reads the last word of each as an occupation and the others as
    its modifiers, and claims them only in context (the patient's or a relative's occupation)."""
    import importlib
    import pkgutil

    import faker.providers.job
    from faker.providers.job.en_US import Provider
    out = set()
    for title in list(Provider.jobs) + QUALIFICATIONS + EVERYDAY + PHYSICIANS:
        title = re.sub(r"\([^)]*\)", " ", title)  # "(England and Wales)", "(medical)": notes
        head, _, mods = title.partition(",")
        mods = mods.strip()
        e = entry(f"{mods} {head}" if mods else head)
        if e:
            out.add(e)
    # the one-word titles of Faker's other job locales ("farmacéutico", "Altenpfleger",
    # "infirmière", "agronom"): most languages put a longer title's head first ("técnico en
    # emergencias"), which the recognizer does not read as a list entry; no English SAFE word
    # and no name or place ("Artist", "Marino")
    english = english_words()
    known = known_places_and_names()
    for info in pkgutil.iter_modules(faker.providers.job.__path__):
        if info.name == "en_US":
            continue
        jobs = importlib.import_module(f"faker.providers.job.{info.name}").Provider.jobs
        for title in jobs:
            # Austria's "Abfallberater*in", "Agrartechniker*in (Tierproduktion)": the title
            # without its gender suffix and its note
            title = re.sub(r"\s*\([^)]*\)", "", title)
            title = re.sub(r"[*:_/](?:innen|in|r)$", "", title.strip())
            e = entry(title)
            if e and " " not in e and len(e) >= 4 and e not in english and e not in known:
                out.add(e)
    for title in WORLD_CARE_TITLES:
        e = entry(title)
        if e and " " not in e and len(e) >= 4 and e not in english and e not in known:
            out.add(e)
    return sorted(out)


def id_labels():
    """Names of the world's personal, health and tax identifiers, which narratives write as the
    label before the number ("PESEL 85010112345", "fødselsnummer 120357...", "BSN 123456782",
    "CURP GOMM..."): python-stdnum's module docstrings ("PESEL (Polish national identification
    number).", "HETU (Henkilötunnus, Finnish personal identity code).", "VNR, SVNR, VSNR
    (Versicherungsnummer, ...)"), the names before the parenthesis and the local name first in
    it, and the module's own name ("fodselsnummer", "kennitala"); one-word names of at least 3
    letters (two letters are initials), without English SAFE words (already safe) and names on a
    name or place list ("RUT" is a given name). A label is released only before its value
    (`rules/usage.rs`); the value stays PHI."""
    import importlib
    import pkgutil

    import stdnum
    out = set()
    for info in pkgutil.walk_packages(stdnum.__path__, "stdnum."):
        if info.name.count(".") < 2:
            continue
        mod = importlib.import_module(info.name)
        first = (mod.__doc__ or "").strip().split("\n")[0]
        head, paren, rest = first.partition(" (")
        names = re.split(r",\s*|\s+or\s+", head)
        if paren and "," in rest:
            names.append(rest.split(",")[0])
        names.append(info.name.rsplit(".", 1)[1].rstrip("_"))
        for name in names:
            name = name.strip().rstrip(".")
            if " " in name:
                continue
            for part in re.split(r"[-./]", name):
                e = entry(part)
                if e and re.fullmatch(r"[a-z]{3,}", e):
                    out.add(e)
    return sorted(out - english_words() - known_places_and_names())


def script_fold(w):
    """A word folded as the engine's `lexicon::fold` folds it: lower case, NFKD, every mark dropped
    by its general category (Mn, Mc, Me: also the Thai and Devanagari vowel signs, whose combining
    class is 0 and which build.fold keeps), final sigma written as sigma."""
    import unicodedata
    nfkd = unicodedata.normalize("NFKD", w.lower())
    return "".join(c for c in nfkd if unicodedata.category(c) not in ("Mn", "Mc", "Me")).replace("\u03c2", "\u03c3").strip()


def month_abbreviations_scripts():
    """Abbreviated month names of SCRIPT_MONTH_LOCALES of three letters or more ("Νοε", "нояб."),
    folded as the engine folds; the wide names are in `month_names_scripts`."""
    out = set()
    for loc in SCRIPT_MONTH_LOCALES:
        l = Locale.parse(loc)
        for context in ("format", "stand-alone"):
            for name in l.months[context]["abbreviated"].values():
                # Hindi ends its abbreviations with the abbreviation sign ("अक्टू॰", "जुल॰"), which
                # says a month even of two letters once folded
                # (Hebrew ends them with its geresh: "אוק׳")
                w = script_fold(name.rstrip(".\u0970\u05f3'"))
                short_ok = name.endswith("\u0970") and len(w) >= 2
                if (len(w) >= 3 or short_ok) and w.isalpha() and not re.search(r"[a-z]", w):
                    out.add(w)
    return sorted(out)


def weekday_names_scripts():
    """Abbreviated and wide weekday names of SCRIPT_MONTH_LOCALES of two letters or more ("пт",
    "Δευ", "الجمعة"), folded as the engine folds: read only right before a date or a day (the
    short forms, "не" and "по", are words of their languages)."""
    out = set()
    for loc in SCRIPT_MONTH_LOCALES:
        l = Locale.parse(loc)
        for context in ("format", "stand-alone"):
            for width in ("abbreviated", "wide"):
                for name in l.days[context].get(width, {}).values():
                    w = script_fold(name.rstrip("."))
                    if len(w) >= 2 and w.isalpha() and not re.search(r"[a-z]", w):
                        out.add(w)
    return sorted(out)


def month_names_scripts():
    """Month names of SCRIPT_MONTH_LOCALES folded as the engine's `lexicon::fold` folds a word:
    lower case, NFKD, every mark dropped by its general category (Mn, Mc, Me: also the Thai and
    Devanagari vowel signs, whose combining class is 0 and which build.fold keeps), one word each,
    final sigma written as sigma."""
    out = set()
    for loc in SCRIPT_MONTH_LOCALES:
        l = Locale.parse(loc)
        for context in ("format", "stand-alone"):
            for name in l.months[context]["wide"].values():
                w = script_fold(name)
                if w and " " not in w and not re.search(r"[a-z]", w):
                    out.add(w)
    return sorted(out)


# CLDR units of the measured values narratives carry (a dose, a volume, a lab value, a body
# temperature, a blood pressure) and of short durations (a dosing interval, a time to onset).
# Not the durations of days, weeks, months and years: "45 años" is an age, a PHI.
MEASUREMENT_UNITS = ["mass-milligram", "mass-gram", "mass-microgram", "mass-kilogram", "volume-milliliter",
                     "volume-liter", "volume-deciliter", "volume-centiliter", "concentr-millimole-per-liter",
                     "concentr-milligram-ofglucose-per-deciliter", "length-millimeter", "length-centimeter",
                     "temperature-celsius", "pressure-millimeter-ofhg", "energy-kilocalorie"]
SHORT_DURATION_UNITS = ["duration-hour", "duration-minute", "duration-second", "duration-millisecond"]
# Languages of the units: the date languages and a few more of VigiBase's reporting countries.
UNIT_LOCALES = sorted(set(MONTH_LOCALES + SCRIPT_MONTH_LOCALES + [
    "en", "zh", "ja", "ko", "vi", "sq", "mk", "bs", "ka", "hy", "az", "kk", "mn", "ne", "si", "ta", "am",
    "fil", "is", "sr_Latn"]))


def unit_words(units):
    """The words of `units` as CLDR writes them in UNIT_LOCALES (long, short and narrow; every
    plural form), folded as the engine folds. Left out: every stopword of UNIT_LOCALES' languages
    ("de" of "milímetros de mercurio"), English SAFE words, and every word on a name, place or
    street list (a word after a house number, "12 St", must stay a street's)."""
    import unicodedata

    from babel.units import format_unit
    out = set()
    for loc in UNIT_LOCALES:
        for unit in units:
            for length in ("long", "short", "narrow"):
                for n in (1, 2, 5, 21, 1.5):
                    try:
                        s = format_unit(n, unit, length=length, locale=loc)
                    except Exception:  # noqa: BLE001 (a unit the locale's data lacks)
                        continue
                    if unit in s:  # babel's fallback spells the unit's id
                        continue
                    for w in re.split(r"[\s\d.,/°º()\-\u2011\u2013\u202f\u00a0]+", s):
                        f = script_fold(w)
                        # only letters and marks: the engine's words hold no format character
                        # (ZWJ, LRM) and no punctuation (Hebrew geresh), which split them
                        if f and all(unicodedata.category(c)[0] in "LM" for c in f):
                            out.add(f)
    stop = set()
    for loc in UNIT_LOCALES:
        lang = loc.split("_")[0]
        if stopwordsiso.has_lang(lang):
            stop.update(script_fold(w) for w in stopwordsiso.stopwords(lang))
    leave_out = stop | english_words() | known_places_and_names() | \
        list_entries("unsafe/street_words.txt", "unsafe/street_words_world.txt")
    # single letters only for the measured units (the engine takes them next to "/" only: "мг/л")
    keep = {w for w in out if w not in leave_out or w in UCUM_KEPT}
    return sorted(w for w in keep if len(w) > 1 or units is MEASUREMENT_UNITS)


# units that are English SAFE words or on a name list too, but are units after a number
UCUM_KEPT = {"mg", "kg", "ml", "cm", "mm", "dl", "cl", "kcal", "gram", "grams", "liter", "liters", "litre",
             "litres", "minute", "minutes", "hour", "hours", "second", "seconds", "min", "sec", "hr"}


def measurement_units():
    return [f"unit {w}" for w in unit_words(MEASUREMENT_UNITS)] + \
        [f"duration {w}" for w in unit_words(SHORT_DURATION_UNITS)]


# Word lists of the languages most non-English VigiBase narratives are written in (Debian 12,
# bookworm, main): language -> [(package, version, file, sha256, path of the list)].
WORLD_DICTIONARIES = {
    "es": [("wspanish", "1.0.30", "wspanish_1.0.30_all.deb",
            "a2b7504fb8c12deaf6c4e868f749a3d05a42caee348f0f5bb006238e925cde18", "usr/share/dict/spanish")],
    "fr": [("wfrench", "1.2.7-2", "wfrench_1.2.7-2_all.deb",
            "a5cbe63b988adbdb973983aab5b76fe2b715e9a37b012f31ad1e925b1a4b4c29", "usr/share/dict/french")],
    "it": [("witalian", "1.10", "witalian_1.10_all.deb",
            "dc6eb1423726ce838332936db078406b646d0f3773701a5b1566a68495ddf076", "usr/share/dict/italian")],
    "pt": [("wportuguese", "20220621-1", "wportuguese_20220621-1_all.deb",
            "82d6aeca20d072bbe962db68e4c50d3cce76ecb12295608692dff4638daec2a0", "usr/share/dict/portuguese"),
           ("wbrazilian", "3.0~beta4-24", "wbrazilian_3.0~beta4-24_all.deb",
            "c4ba29c560b7155c0e9041dfea98546dd088685268854186b84a43e555f70eab", "usr/share/dict/brazilian")],
    "de": [("wngerman", "20161207-11", "wngerman_20161207-11_all.deb",
            "9053a69641bcf59233055f1b3ca341046751534b2b32d1e32c67b23ab9b98fec", "usr/share/dict/ngerman")],
    "nl": [("wdutch", "1:2.20.19-2", "wdutch_1%3a2.20.19-2_all.deb",
            "79dc0dbbd9b3e029ba84423a804c635aca87105521962f9b4c3023399c94dc35", "usr/share/dict/dutch")],
}
# The most frequent words of each language kept (wordfreq's "large" list): the dictionaries hold
# every inflection (Portuguese 431,000 words), and the rare ones would only grow the list.
WORLD_COMMON_TOP = 30000


# The most frequent words of each language, where a surname or given-name list of another
# country holds one too ("los", "por", "dans", "mit", "che": "Los", "Por", "Dans" are surnames):
# kept unless a place, occupation or given name of these languages (`given_names_of_languages`).
WORLD_FREQUENT_TOP = 1000
# Beyond WORLD_COMMON_TOP, up to WORLD_CLINICAL_TOP, the words with the endings of clinical
# vocabulary (folded): inflammations, blood and urine findings, diseases, pains, procedures,
# tumours, swellings, deficits ("ictericia", "cefalea", "eritema", "anafilaxia", "urticaria",
# "exacerbacion", "hepatite", "leucopenie"). Rarer words are mostly names and places, which the
# lists leave out, and the endings keep the band to clinical words.
WORLD_CLINICAL_TOP = 150000
CLINICAL_ENDINGS = re.compile(
    r"(itis|ite|emia|emie|amie|osis|ose|algia|algie|algie|patia|pathie|ectomia|ectomie|tomia|tomie|"
    r"grafia|graphie|scopia|scopie|plasia|plasie|trofia|trophie|penia|penie|uria|urie|ema|eme|ome|oma|"
    r"cemia|terio|teria|axia|axie|exia|exie|ericia|ancia|encia|ation|acion|acao|azione|atie|ung|"
    r"ologia|ologie|iaco|iaca|ique|ico|ica|ale|ial|eal|osa|oso)$")

# The function words among them ("una", "pero", "le"): kept even where a given name of these
# languages spells one too.
WORLD_FUNCTION_TOP = 200

# Institutions and rooms among those frequent words: the kind of a school, church, market, port,
# police station or ward a patient works, studies or lies in ("trabaja en el mercado de
# abastos", "kamer 12") heads an organisation's or a place's name, PHI in the guidelines; a
# name list kept them out before, and so does this list.
FREQUENT_INSTITUTIONS = {"escola", "colegio", "schule", "iglesia", "chiesa", "kerk", "mercado", "puerto",
                         "politie", "cama", "camara", "kamer", "zimmer", "salle", "haag", "eiland", "corte",
                         "cour", "partido", "liga", "governo", "dienst", "militar"}

# Faker's person locales of WORLD_DICTIONARIES' languages.
PERSON_LOCALES = ["es_ES", "es_MX", "es_CO", "es_AR", "es_CL", "fr_FR", "fr_CH", "fr_BE", "it_IT", "pt_BR",
                  "pt_PT", "de_DE", "de_AT", "de_CH", "nl_NL", "nl_BE"]


def given_names_of_languages():
    """The given names of PERSON_LOCALES (Faker), folded: "juan", "paz", "sara" stay out of the
    ordinary words however frequent the word they spell."""
    import importlib
    out = set()
    for loc in PERSON_LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{loc}").Provider
        for attr in ("first_names", "first_names_male", "first_names_female"):
            names = provider.__dict__.get(attr)
            if names is None or isinstance(names, property):
                continue
            out.update(script_fold(n.lower()) for n in (names.keys() if isinstance(names, dict) else names))
    return out


# Faker's job locales of WORLD_DICTIONARIES' languages.
JOB_LOCALES = ["es_ES", "es_MX", "es_CO", "es_AR", "es_CL", "fr_FR", "fr_CH", "pt_BR", "pt_PT", "de_DE",
               "de_AT"]


def job_title_heads():
    """The first word of every job title of JOB_LOCALES ("comerciante", "chauffeur", "conductor"
    of "Conductor de autobús"), with its feminine forms in the Romance languages' regular
    endings ("vendedor" -> "vendedora", "cajero" -> "cajera", "infirmier" -> "infirmière",
    "vendeur" -> "vendeuse", "technicien" -> "technicienne"), folded: a word that names a
    profession, which the guidelines call PHI, is never released as an ordinary word."""
    import importlib
    heads = set()
    for loc in JOB_LOCALES:
        jobs = importlib.import_module(f"faker.providers.job.{loc}").Provider.jobs
        for title in (jobs if isinstance(jobs, (list, tuple)) else [j for v in jobs.values() for j in v]):
            words = re.findall(r"[^\W\d_]+", title.lower())
            if words:
                heads.add(words[0])
    out = set()
    for h in heads:
        forms = {h}
        for masc, fem in (("o", "a"), ("or", "ora"), ("er", "ère"), ("ier", "ière"), ("eur", "euse"),
                          ("ien", "ienne"), ("ant", "ante"), ("ent", "ente"), ("ário", "ária")):
            if h.endswith(masc):
                forms.add(h[: -len(masc)] + fem)
        out.update(script_fold(f) for f in forms)
    return out


def common_words_world():
    """The ordinary words of WORLD_DICTIONARIES' languages: the WORLD_COMMON_TOP most frequent
    words of each (wordfreq, which lower-cases everything) that the language's Debian word list
    holds in lower case (so no proper noun: "maría", "garcía", "paris" are listed capitalised),
    folded as the engine folds (one letter too: "y", "o", "à"). Left out: every word on a name,
    place, month, weekday, holiday or street list that is no English SAFE word, the occupations (`context/occupations.txt`: a
    profession is PHI in the guidelines) and the heads of Faker's job titles of these languages
    with their feminine forms (`job_title_heads`), and words with a digit or an apostrophe."""
    import wordfreq
    import build
    build.fetch_debian({pkg: (ver, deb, digest)
                        for entries in WORLD_DICTIONARIES.values()
                        for pkg, ver, deb, digest, _ in entries})
    # (an English SAFE word stays: the lexicon lets no name list claim one, "de" and "la" are
    # census surnames too)
    leave_out = (known_places_and_names() | list_entries(*(
        f"unsafe/{f}" for f in sorted(os.listdir(os.path.join(HERE, "unsafe"))) if f.endswith(".txt")))
    ) - english_words()
    with open(os.path.join(HERE, "context/occupations.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                leave_out.update(line.split())
    leave_out |= job_title_heads()
    # the most frequent words: a surname or given name of another country does not leave one out
    # (nor a top-level domain: "mit", "che"), a given name of these languages does
    names_and_domains = list_entries("unsafe/first_names.txt", "unsafe/surnames.txt", "unsafe/tlds.txt")
    not_names = list_entries(*(
        f"unsafe/{f}" for f in sorted(os.listdir(os.path.join(HERE, "unsafe")))
        if f.endswith(".txt") and f not in ("first_names.txt", "surnames.txt", "tlds.txt")
    )) - english_words()
    occupations = job_title_heads()
    with open(os.path.join(HERE, "context/occupations.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                occupations.update(line.split())
    leave_out_function = (leave_out - names_and_domains) | not_names | occupations | FREQUENT_INSTITUTIONS
    leave_out_frequent = leave_out_function | (leave_out & given_names_of_languages())
    out = set()
    for lang, entries in WORLD_DICTIONARIES.items():
        lower = set()
        for pkg, _, _, _, rel in entries:
            with open(os.path.join(build.CACHE, "deb", pkg, rel), encoding="utf-8") as f:
                lower.update(w for w in (line.strip() for line in f) if w and w == w.lower())
        for rank, w in enumerate(wordfreq.top_n_list(lang, WORLD_CLINICAL_TOP, wordlist="large")):
            f = script_fold(w)
            if rank >= WORLD_COMMON_TOP and not CLINICAL_ENDINGS.search(f):
                continue
            left_out = (leave_out_function if rank < WORLD_FUNCTION_TOP
                        else leave_out_frequent if rank < WORLD_FREQUENT_TOP else leave_out)
            if w in lower and f.isalpha() and f not in left_out:
                out.add(f)
    return sorted(out)


# Words that head a German facility's or a person's name, or address one ("Klinik Hirslanden",
# "Praxis Dr. Weber", "Herr Huber"), and street and place words: never ordinary nouns.
GERMAN_HEADS_AND_TITLES = {"klinik", "kliniken", "klinikum", "krankenhaus", "spital", "praxis", "apotheke",
                           "heim", "zentrum", "institut", "universitat", "universitatsklinikum", "herr",
                           "herrn", "frau", "fraulein", "doktor", "professor", "schwester", "pfleger",
                           "gemeinde", "landkreis", "kanton", "bezirk", "strasse", "gasse", "weg", "platz",
                           "allee", "ring", "hof", "dorf", "stadt", "firma", "verlag", "bank", "schule"}


def german_names():
    """The given names and surnames of Faker's de_DE, de_AT and de_CH person locales, folded."""
    import importlib
    out = set()
    for loc in ("de_DE", "de_AT", "de_CH"):
        provider = importlib.import_module(f"faker.providers.person.{loc}").Provider
        for attr in ("first_names", "first_names_male", "first_names_female", "last_names"):
            names = provider.__dict__.get(attr)
            if names is None or isinstance(names, property):
                continue
            out.update(script_fold(n.lower()) for n in (names.keys() if isinstance(names, dict) else names))
    return out


# Words of German holiday names too general to leave out ("Tag der Arbeit", "Erster Mai").
GERMAN_HOLIDAY_GENERAL_WORDS = {"tag", "der", "die", "des", "arbeit", "deutschen", "einheit", "erster",
                                "zweiter", "heilige", "drei", "konige", "maria", "christi", "mai"}


# The heads of German compounds that name a facility or an organisation ("Kantonsspital",
# "Stadtwerke", "Sparkasse", "Landratsamt", "Hausarztpraxis"): such a noun heads or is a name.
GERMAN_INSTITUTION_ENDINGS = ("spital", "klinik", "kliniken", "klinikum", "krankenhaus", "praxis", "apotheke",
                              "heim", "zentrum", "institut", "ambulanz", "werk", "werke", "kasse", "bahn", "verband",
                              "verein", "gesellschaft", "amt", "behorde", "ministerium", "polizei", "feuerwehr",
                              "bank", "versicherung", "schule", "gymnasium", "universitat", "firma", "konzern",
                              "betrieb", "gemeinde", "kirche", "markt", "hotel", "restaurant", "gasthof", "stube")


def german_holidays_and_seasons():
    """The words of the public holidays of the German-speaking countries in German (holidays,
    2019-2022: "Pfingsten", "Himmelfahrt", "Fronleichnam") and the seasons ("Frühling"): dates in
    the guidelines, never ordinary nouns."""
    out = {"fruhling", "fruhjahr", "sommer", "herbst", "winter"}
    for country in ("DE", "AT", "CH", "LI", "LU", "BE"):
        for name in holidays.country_holidays(country, years=range(2019, 2023), language="de").values():
            for part in name.split(";"):
                words = [script_fold(w) for w in re.findall(r"[^\W\d_]+", part.lower())]
                out.update(words if len(words) == 1 else set(words) - GERMAN_HOLIDAY_GENERAL_WORDS)
    return out


def german_nouns():
    """German nouns, which German writes capitalised ("Fieber", "Impfung", "Beschwerden"): the
    WORLD_COMMON_TOP most frequent German words (wordfreq) that wngerman lists capitalised only,
    folded. Left out: a place, month, weekday, holiday, street word or salutation of any list
    (an English word or not: "Berlin" is a carriage too), an occupation, a German surname or
    given name (Faker's de_DE, de_AT, de_CH: "Koch", "Fischer", "Müller"; a noun that another
    country's surname list holds, "Fieber", stays), institutions and the heads and titles of
    `GERMAN_HEADS_AND_TITLES`."""
    import wordfreq
    import build
    pkg, _, _, _, rel = WORLD_DICTIONARIES["de"][0]
    build.fetch_debian({pkg: WORLD_DICTIONARIES["de"][0][1:4]})
    with open(os.path.join(build.CACHE, "deb", pkg, rel), encoding="utf-8") as f:
        listed = [line.strip() for line in f]
    lower = {w for w in listed if w and w == w.lower()}
    nouns = {w.lower() for w in listed if w[:1].isupper() and w[1:] == w[1:].lower()} - lower
    left_out = list_entries(*(f"unsafe/{f}" for f in sorted(os.listdir(os.path.join(HERE, "unsafe")))
                              if f.endswith(".txt") and f not in ("first_names.txt", "surnames.txt", "tlds.txt")))
    left_out |= job_title_heads() | FREQUENT_INSTITUTIONS | GERMAN_HEADS_AND_TITLES | german_names()
    left_out |= german_holidays_and_seasons()
    with open(os.path.join(HERE, "context/occupations.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                left_out.update(line.split())
    out = set()
    for w in wordfreq.top_n_list("de", WORLD_COMMON_TOP, wordlist="large"):
        f = script_fold(w)
        if w in nouns and f.isalpha() and f not in left_out and not f.endswith(GERMAN_INSTITUTION_ENDINGS):
            out.add(f)
    return sorted(out)


# Legal forms and words of a group's structure that end a listed company's name and that a
# narrative leaves out ("Tyson Foods, Inc." is "Tyson Foods"; "Target Corporation" is "Target").
COMPANY_ENDINGS = {
    "inc", "incorporated", "corp", "corporation", "co", "company", "companies", "plc", "ag", "se",
    "sa", "nv", "bv", "ltd", "limited", "llc", "lp", "holding", "holdings", "group", "the", "and",
    "kgaa", "asa", "ab", "oyj", "spa", "hf", "kk", "trust",
}


def companies():
    """The names of the companies of 20 stock indices (S&P 500, S&P 600, NASDAQ 100, FTSE 100,
    DAX, CAC 40, NIKKEI 225, ...; pytickersymbols, from Wikipedia), folded and tokenized as every
    lexicon entry, their legal forms dropped from the end ("Tyson Foods, Inc." -> "tyson foods"),
    one to four words, at least three letters. Employers a narrative names in ordinary words
    ("cashier at dollar general", "employees of the Tyson Foods plant")."""
    from pytickersymbols.indices_data import INDICES
    out = set()
    for index in INDICES.values():
        for c in index["companies"]:
            words = entry(c["name"]).split()
            while words and words[-1] in COMPANY_ENDINGS:
                words.pop()
            name = " ".join(words)
            if 1 <= len(words) <= 4 and sum(ch.isalpha() for ch in name) >= 3:
                out.add(name)
    # (one word that ends a phrase after "works at"/"works for" is no company: "now", "next")
    with open(os.path.join(HERE, "safe/stopwords.txt"), encoding="utf-8") as f:
        stop = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    return sorted(n for n in out if " " in n or (len(n) >= 4 and n not in stop))


def write(rel, header, entries):
    path = os.path.join(HERE, rel)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for h in header:
            f.write(f"# {h}\n")
        for e in entries:
            f.write(e + "\n")
    print(f"{rel}: {len(entries)} entries")


if __name__ == "__main__":
    write("unsafe/months_world.txt", [
        f"Month names (wide, format and stand-alone) in {len(MONTH_LOCALES)} languages: CLDR via babel {babel.__version__} (BSD-3-Clause; CLDR: Unicode licence).",
        "Generated by lexicons/world.py; folded as build.py folds. One word, at least 4 letters.",
        "Plus the months of the Islamic (Hijri) calendar in their common transliterations (world.py HIJRI_MONTHS, hand-written: CLDR via babel gives the Gregorian names only)."], month_names())
    write("context/months_scripts.txt", [
        f"Month names (wide, format and stand-alone) in {len(SCRIPT_MONTH_LOCALES)} languages of other scripts: CLDR via babel {babel.__version__} (BSD-3-Clause; CLDR: Unicode licence).",
        "Generated by lexicons/world.py; folded as the engine folds (lower case, NFKD, marks of categories Mn/Mc/Me dropped, final sigma as sigma).",
        "Not a lexicon: read by recognize/world_date.rs, which finds dates such as '14 Φεβρουαρίου 2021', '2 أكتوبر'."], month_names_scripts())
    write("context/abbreviations_world.txt", [
        f"Abbreviated month and weekday names in {len(MONTH_LOCALES)} languages: CLDR via babel {babel.__version__} (BSD-3-Clause; CLDR: Unicode licence).",
        "Abbreviated months of the other scripts of months_scripts.txt (folded as the engine folds) with them.",
        "Generated by lexicons/world.py; folded as build.py folds; 'month X' or 'weekday X' (no English SAFE word), 'month-word X' or 'weekday-word X' (an English SAFE word too).",
        "Not a lexicon: read by recognize/world_date (a month with its day or year, a weekday right before a date or a part of the day)."], abbreviations())
    write("unsafe/weekdays_world.txt", [
        f"Weekday names (wide, at least 4 letters) in {len(MONTH_LOCALES)} languages: CLDR via babel {babel.__version__} (BSD-3-Clause; CLDR: Unicode licence).",
        "Generated by lexicons/world.py; folded as build.py folds; without English SAFE words."], weekday_names())
    write("unsafe/countries_world.txt", [
        f"Country names in {len(MONTH_LOCALES)} languages: CLDR territory names via babel {babel.__version__} (BSD-3-Clause; CLDR: Unicode licence).",
        "Generated by lexicons/world.py; folded as build.py folds; one-word names of at least 5 letters that are no ordinary word (English SAFE, drug, curated, stopwords of the 29 languages) nor on a name or place list."], country_names())
    write("context/province_codes_it.txt", [
        f"Two-letter codes of Italy's provinces and metropolitan cities: ISO 3166-2:IT through pycountry {pycountry.__version__} (LGPL-2.1; data: Debian iso-codes, LGPL-2.1+).",
        "Generated by lexicons/world.py (italian_province_codes). Not a lexicon: read by rules/place (a code in brackets after a town is its province: 'Pinerolo (TO)')."],
        italian_province_codes())
    write("unsafe/regions_world.txt", [
        f"Subdivision names of the world (ISO 3166-2): pycountry {pycountry.__version__} (LGPL-2.1; data: Debian iso-codes, LGPL-2.1+).",
        "Generated by lexicons/world.py; folded as build.py folds; one-word ordinary words (English SAFE, drug, curated, stopwords of the 29 languages), names already on a name or place list and names of direction words only left out."], region_names())
    write("unsafe/street_words_world.txt", [
        f"Street prefixes/suffixes of local address formats: faker {faker.VERSION} address providers (MIT), {len(STREET_LOCALES)} locales.",
        "Generated by lexicons/world.py; folded as build.py folds; without English SAFE words; plus ul, al (Polish abbreviations), rue, via, and the Malay/Indonesian jalan, jln, jl, lorong, persiaran, lebuh and Thai thanon."], street_words())
    write("unsafe/holidays_world.txt", [
        f"Public holidays of {len(holidays.list_supported_countries())} countries in English, 2019-2022: holidays {holidays.__version__} (MIT).",
        "Generated by lexicons/world.py; folded as build.py folds; multi-word names match in sequence only; a name of three words or more before 'day' also without it ('vesak full moon poya')."], holiday_names())
    import stdnum
    write("safe/id_labels_world.txt", [
        f"Names of the world's identifiers (labels before an ID number): python-stdnum {stdnum.__version__} module docstrings and names (LGPL-2.1+).",
        "Generated by lexicons/world.py; folded as build.py folds; one word of at least 3 letters; no English SAFE word, no name or place.",
        "Safe as a label before its value (rules/usage.rs); the value stays PHI."], id_labels())
    write("context/units_world.txt", [
        f"Units of measured values and of short durations in {len(UNIT_LOCALES)} languages: CLDR via babel {babel.__version__} (BSD-3-Clause; CLDR: Unicode licence).",
        "Generated by lexicons/world.py (MEASUREMENT_UNITS, SHORT_DURATION_UNITS); folded as the engine folds; 'unit X' (mass, volume, concentration, length,",
        "temperature, pressure, energy) or 'duration X' (hours, minutes, seconds); no stopword, English SAFE word, name, place or street word.",
        "Not a lexicon: read by rules/usage (the number before one is a measurement: '500 мг', '15 minutos')."], measurement_units())
    # (first: the two lists after it leave the occupations out, reading this file)
    write("context/occupations.txt", [
        f"Job titles: faker {faker.VERSION} en_US job provider (MIT), 'Head, modifier' written as 'modifier head',",
        "plus ICH E2B(R3) reporter qualifications and nursing/care titles (world.py QUALIFICATIONS) and everyday",
        "occupations of US SOC 2018 groups 33-53 (world.py EVERYDAY, hand-written), and the one-word titles of faker's",
        "other job locales and the care titles of the world's languages (world.py WORLD_CARE_TITLES, hand-written)",
        "(no English SAFE word, name or place). Generated by lexicons/world.py.",
        "Not a SAFE or UNSAFE list: recognize/profession.rs claims an occupation only in context."], occupations())
    import importlib.metadata
    write("context/companies.txt", [
        f"Company names of 20 stock indices (S&P 500, S&P 600, NASDAQ 100, DOW JONES, FTSE 100, DAX, CAC 40, NIKKEI 225, ...): pytickersymbols {importlib.metadata.version('pytickersymbols')} (MIT; names from Wikipedia).",
        "Generated by lexicons/world.py (companies); folded and tokenized as build.py folds; legal forms dropped from the end (world.py COMPANY_ENDINGS); one to four words; one word only of four letters or more and no stopword.",
        "Not a lexicon: read by rules/company (right after an employer cue, a listed company names the employer: 'cashier at dollar general')."], companies())
    write("context/common_words_world.txt", [
        f"Ordinary words of {len(WORLD_DICTIONARIES)} languages ({', '.join(WORLD_DICTIONARIES)}): the {WORLD_COMMON_TOP} most frequent words of each (wordfreq {importlib.metadata.version('wordfreq')}, 'large'",
        "lists; data CC BY-SA 4.0) that the language's Debian 12 word list (wspanish, wfrench, witalian, wportuguese + wbrazilian, wngerman, wdutch) holds in lower case.",
        "Generated by lexicons/world.py (common_words_world); folded as the engine folds; no name, place, month, weekday, holiday, street word or occupation;",
        f"among the {WORLD_FREQUENT_TOP} most frequent words of each, a word another country's surname or given name list holds stays ('los', 'dans', 'mit'), a given name of these languages (Faker) does not",
        f"('juan', 'paz') unless among the {WORLD_FUNCTION_TOP} most frequent ('una', 'pero').",
        "Not a lexicon: read by rules/local_language (in a narrative written in one of these languages, such a word is released)."], common_words_world())
    write("context/nouns_de.txt", [
        f"German nouns: the {WORLD_COMMON_TOP} most frequent German words (wordfreq {importlib.metadata.version('wordfreq')}, 'large' list; data CC BY-SA 4.0) that",
        "the Debian 12 wngerman word list holds capitalised only (GPL-2+, used as a filter only). Generated by lexicons/world.py (german_nouns);",
        "folded as the engine folds; no place, month, weekday, holiday (German ones too), season, street word, salutation, occupation, German name (Faker de_DE, de_AT, de_CH), facility head or title,",
        "nor a compound that names a facility or an organisation ('Kantonsspital', 'Stadtwerke'; world.py GERMAN_INSTITUTION_ENDINGS).",
        "Not a lexicon: read by rules/local_language (in a narrative written in German, such a word is released capitalised)."], german_nouns())
