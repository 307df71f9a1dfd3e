"""Surrogate PHI in the formats seen in adverse event narratives.

Every generator returns a Frag whose PHI parts carry the i2b2 TYPE and follow the span
rules of /work/shared/docs/phi-guidelines.md: titles ("Dr.", "Mr.") and credentials
("MD", "RN") outside NAME spans, AGE only the number, DATE the whole expression, a range
two DATE spans, no span starting or ending with whitespace or punctuation.

A Persona holds what one document says about its patient, relatives, reporter and places,
so a name or hospital that is mentioned twice is the same surrogate both times.
"""

import datetime

from .frag import Frag
from .sources import STATE_NAMES, title_name

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WD_ABBR = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
NUM_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
             "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def number_word(n):
    if n < 20:
        return NUM_WORDS[n]
    t, u = divmod(n, 10)
    return TENS[t] + ("" if u == 0 else "-" + NUM_WORDS[u])


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suf = "th"
    else:
        suf = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return "%d%s" % (n, suf)


RELATIVES_F = ["wife", "daughter", "mother", "mom", "sister", "grandmother", "aunt", "niece",
               "granddaughter", "girlfriend", "fiancee", "friend", "neighbor", "partner",
               "stepdaughter", "mother-in-law", "daughter-in-law", "caregiver"]
RELATIVES_M = ["husband", "son", "father", "dad", "brother", "grandfather", "uncle", "nephew",
               "grandson", "boyfriend", "fiance", "friend", "neighbor", "partner", "stepson",
               "father-in-law", "son-in-law", "caregiver"]

PROFESSIONS = [
    "teacher", "nurse", "registered nurse", "RN", "LPN", "CNA", "certified nursing assistant",
    "nurse practitioner", "physician", "pharmacist", "pharmacy technician", "paramedic", "EMT",
    "respiratory therapist", "physical therapist", "occupational therapist", "dental hygienist",
    "dentist", "medical assistant", "phlebotomist", "radiology technician", "lab technician",
    "surgical technician", "home health aide", "caregiver", "firefighter", "police officer",
    "sheriff's deputy", "correctional officer", "truck driver", "bus driver", "mail carrier",
    "electrician", "plumber", "carpenter", "welder", "mechanic", "farmer", "rancher",
    "construction worker", "accountant", "attorney", "lawyer", "paralegal", "engineer",
    "software engineer", "programmer", "IT specialist", "cashier", "retail manager",
    "store manager", "waitress", "server", "bartender", "chef", "cook", "hairdresser",
    "hair stylist", "barber", "librarian", "professor", "school counselor", "social worker",
    "psychologist", "veterinarian", "vet tech", "pastor", "minister", "priest", "chaplain",
    "real estate agent", "banker", "bank teller", "secretary", "receptionist",
    "administrative assistant", "office manager", "flight attendant", "pilot", "soldier",
    "veteran", "janitor", "custodian", "housekeeper", "security guard", "salesman",
    "sales representative", "dietitian", "speech therapist", "massage therapist",
    "childcare worker", "daycare teacher", "substitute teacher", "school bus driver",
    "kindergarten teacher", "college student", "graduate student", "medical student",
    "nursing student", "dental assistant", "optometrist", "chiropractor", "midwife",
    "surgeon", "anesthesiologist", "emergency room nurse", "ICU nurse", "hospice nurse",
    "school nurse", "long-term care worker", "warehouse worker", "factory worker",
    "machinist", "landscaper", "painter", "artist", "musician", "photographer", "writer",
    "journalist", "graphic designer", "architect", "scientist", "researcher",
]

HOSPITAL_SUFFIXES = ["Hospital", "Medical Center", "Regional Medical Center", "Memorial Hospital",
                     "General Hospital", "Community Hospital", "Health Center", "Regional Hospital",
                     "Medical Center", "Hospital", "Health System", "Healthcare"]
SAINTS = ["Mary", "Joseph", "Luke", "John", "Francis", "Vincent", "Elizabeth", "Anthony", "Jude",
          "Agnes", "Catherine", "Michael", "Peter", "Clare", "Rose", "David", "Mark", "Alphonsus",
          "Bernard", "Cloud", "Dominic", "Patrick"]
HOSP_WORDS = ["Mercy", "Providence", "Good Samaritan", "Baptist", "Methodist", "Presbyterian",
              "Adventist", "Sacred Heart", "Holy Cross", "Trinity", "Grace", "Hope", "Riverside",
              "Lakeside", "Valley", "Mountain View", "Bayfront", "Northside", "Southwest",
              "Children's", "University", "Sentara", "Banner", "Kaiser Permanente", "Advocate",
              "Atrium", "Novant", "Ochsner", "Sutter", "Dignity", "Beaumont", "Spectrum",
              "Intermountain", "Geisinger", "Memorial", "Community", "Pioneer", "Summit"]
PHARMACIES = ["CVS", "CVS Pharmacy", "Walgreens", "Rite Aid", "Walmart Pharmacy", "Kroger Pharmacy",
              "Publix Pharmacy", "Costco Pharmacy", "Safeway Pharmacy", "Hy-Vee Pharmacy",
              "H-E-B Pharmacy", "Meijer Pharmacy", "Giant Eagle Pharmacy", "Albertsons Pharmacy",
              "Sam's Club Pharmacy", "Harris Teeter Pharmacy", "Wegmans Pharmacy", "ShopRite Pharmacy",
              "Osco Pharmacy", "Winn-Dixie Pharmacy", "Medicine Shoppe", "Health Mart Pharmacy"]
SENIOR = ["Sunrise Senior Living", "Brookdale", "Brookdale Senior Living", "Atria Senior Living",
          "Golden Living Center", "Heritage Manor", "Autumn Leaves", "Evergreen Health and Rehab",
          "Life Care Center", "Sunnyside Manor", "Country Meadows", "The Gardens", "Willow Creek",
          "Oak Hill", "Pine Ridge", "Maple Grove", "Cedar Crest", "Silver Lake", "Green Acres"]
SENIOR_SUFFIX = ["Nursing Home", "Nursing and Rehabilitation Center", "Care Center",
                 "Assisted Living", "Skilled Nursing Facility", "Health and Rehabilitation",
                 "Senior Living", "Rehabilitation Center", "Retirement Community", "Manor"]
CLINIC_SUFFIX = ["Urgent Care", "Family Practice", "Family Medicine", "Pediatrics",
                 "Internal Medicine", "Medical Group", "Clinic", "Health Clinic",
                 "Community Health Center", "Primary Care", "Cardiology Associates",
                 "Dermatology", "Allergy and Asthma Center", "Women's Health", "Medical Associates"]
SITE_BASE = ["County Fairgrounds", "Convention Center", "Civic Center", "High School gym",
             "Community College", "Stadium", "Armory", "Expo Center", "Event Center",
             "Senior Center", "Community Center", "Arena"]
ORG_PATTERNS = ["{Last} Elementary School", "{City} High School", "{City} Middle School",
                "{City} Public Schools", "{City} Unified School District", "University of {State}",
                "{State} State University", "{City} Community College",
                "{City} Police Department", "{City} Fire Department", "{County} County Sheriff's Office",
                "First Baptist Church", "{Saint} Catholic Church", "{City} Church of Christ",
                "Grace Community Church", "{Last} & {Last2} LLP", "{Last} Construction",
                "{Last} Manufacturing", "{Last} Insurance Agency", "{City} Bank", "{Last} Farms",
                "{Last} Home Care", "Comfort Keepers", "Visiting Angels", "Home Instead",
                "Amazon", "Walmart", "Target", "Home Depot", "Lowe's", "FedEx", "UPS", "Costco",
                "Tyson Foods", "Boeing", "Lockheed Martin", "General Motors", "Ford", "Verizon",
                "AT&T", "Starbucks", "McDonald's", "Wells Fargo", "Bank of America",
                "U.S. Postal Service", "the {City} YMCA", "{County} County", "City of {City}",
                "{State} Department of Corrections", "{State} Department of Transportation",
                "Goodwill", "Salvation Army", "{Last} Dental", "{Last} Law Office"]
OTHER_LOCS = ["Disney World", "Disneyland", "Yellowstone", "the Grand Canyon", "Lake Tahoe",
              "Myrtle Beach", "Niagara Falls", "Central Park", "Times Square", "Lake Michigan",
              "Mount Rainier", "Yosemite", "the Outer Banks", "Panama City Beach", "Gatlinburg",
              "Branson", "Cape Cod", "Key West", "Lake of the Ozarks", "Pikes Peak",
              "Rocky Mountain National Park", "Zion National Park", "Smoky Mountains",
              "Walmart Supercenter parking lot", "Mall of America", "Navy Pier"]
COUNTRIES = ["Mexico", "Canada", "India", "Philippines", "China", "Germany", "Italy", "France",
             "United Kingdom", "UK", "England", "Ireland", "Spain", "Brazil", "Colombia",
             "Guatemala", "Honduras", "El Salvador", "Dominican Republic", "Puerto Rico", "Cuba",
             "Jamaica", "Haiti", "Vietnam", "South Korea", "Japan", "Nigeria", "Ghana", "Kenya",
             "Israel", "Poland", "Ukraine", "Russia", "Peru", "Venezuela", "Australia", "Pakistan",
             "Bangladesh", "Iran", "Iraq", "Egypt", "Turkey", "Greece", "Portugal", "Netherlands",
             "Sweden", "Costa Rica", "Bahamas", "Aruba", "Thailand"]
HOME_COUNTRY = ["USA", "United States", "U.S.A", "United States of America", "America"]
FOREIGN_CITIES = [("Toronto", "Canada"), ("Vancouver", "Canada"), ("Cancun", "Mexico"),
                  ("Guadalajara", "Mexico"), ("Mexico City", "Mexico"), ("Manila", "Philippines"),
                  ("London", "England"), ("Dublin", "Ireland"), ("Paris", "France"),
                  ("Berlin", "Germany"), ("Rome", "Italy"), ("Madrid", "Spain"),
                  ("Mumbai", "India"), ("Delhi", "India"), ("Seoul", "South Korea"),
                  ("Tokyo", "Japan"), ("Lagos", "Nigeria"), ("Bogota", "Colombia"),
                  ("Punta Cana", "Dominican Republic"), ("San Juan", "Puerto Rico")]
EMAIL_DOMAINS = ["gmail.com", "gmail.com", "gmail.com", "yahoo.com", "yahoo.com", "hotmail.com",
                 "aol.com", "outlook.com", "icloud.com", "comcast.net", "att.net", "msn.com",
                 "sbcglobal.net", "verizon.net", "charter.net", "live.com", "me.com"]
STREET_NAMES = ["Main", "Oak", "Maple", "Cedar", "Pine", "Elm", "Washington", "Lake", "Hill",
                "Park", "Church", "Walnut", "Sunset", "Highland", "Oak Ridge", "Meadow", "Forest",
                "River", "Spring", "Willow", "Mill", "Lincoln", "Jefferson", "Madison", "Jackson",
                "Franklin", "Cherry", "Chestnut", "Hickory", "Dogwood", "Magnolia", "Country Club",
                "Valley View", "Ridgewood", "Fairway", "Broad", "Market", "Center", "Prospect",
                "Woodland", "Lakeview", "Sycamore", "Birch", "Aspen", "Greenwood", "Briarwood",
                "Old Mill", "College", "Pleasant", "Academy", "1st", "2nd", "3rd", "4th", "5th",
                "6th", "7th", "8th", "10th", "12th", "21st", "42nd", "Martin Luther King Jr"]
STREET_SUFFIX = ["St", "Street", "Ave", "Avenue", "Rd", "Road", "Dr", "Drive", "Ln", "Lane", "Blvd",
                 "Ct", "Court", "Cir", "Way", "Pl", "Pkwy", "Trl", "Hwy", "Ter"]
DIRS = ["N", "S", "E", "W", "North", "South", "East", "West", "NE", "NW", "SE", "SW"]


class Persona:
    """What one document says about the people and places around its case."""

    def __init__(self, src, rng, sex="U", age=None, vax_date=None):
        self.src = src
        self.rng = rng
        self.sex = sex if sex in ("F", "M") else rng.choice("FM")
        self.age_years = age
        self.vax_date = vax_date or datetime.date(2020, 12, 14) + datetime.timedelta(days=rng.randrange(0, 90))
        self.first = src.first_name(rng, self.sex)
        self.middle = src.first_name(rng, self.sex)
        self.last = src.surname(rng)
        if rng.random() < 0.03:
            self.last = self.last + "-" + src.surname(rng)
        self.place = src.place(rng)
        self.casing = rng.choices(["title", "upper", "lower"], [0.86, 0.08, 0.06])[0]
        self._cache = {}

    # -- helpers --------------------------------------------------------------------
    def once(self, key, fn):
        """The same surrogate for KEY throughout the document (most of the time)."""
        if key not in self._cache or self.rng.random() < 0.1:
            self._cache[key] = fn()
        return self._cache[key]

    def case(self, s):
        """Names and places: Title case mostly, per-document ALL CAPS or lowercase sometimes."""
        if self.casing == "upper":
            return s.upper()
        if self.casing == "lower" and self.rng.random() < 0.7:
            return s.lower()
        return s

    @property
    def ref_year(self):
        """The year the report speaks from: 2020 for the 2021 carriers, the vaccination year before."""
        return min(2020, self.vax_date.year)

    def full_name(self, first, last, middle=""):
        return f"{first} {last}"

    def nm(self, s):
        return self.case(title_name(s))

    def d(self, lo, hi):
        return self.rng.randint(lo, hi)

    def digits(self, n):
        return "".join(str(self.rng.randrange(10)) for _ in range(n))

    def letters(self, n):
        return "".join(self.rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(n))

    # -- names ----------------------------------------------------------------------
    def patient_name(self, allow_initials=True):
        r = self.rng
        f, m, l = self.nm(self.first), self.nm(self.middle), self.nm(self.last)
        k = r.random()
        if k < 0.38:
            s = f"{f} {l}"
        elif k < 0.53:
            s = f
        elif k < 0.61:
            s = f"{f} {m[0]}. {l}"
        elif k < 0.66:
            s = f"{f[0]}. {l}"
        elif k < 0.71:
            s = f"{l}, {f}"
        elif k < 0.76:
            s = f"{f} {m} {l}"
        elif allow_initials and k < 0.84:
            s = f"{f[0]}.{l[0]}."  # "J.D." -> span "J.D"
        elif allow_initials and k < 0.91:
            s = f"{f[0]}{l[0]}".upper()
        elif allow_initials and k < 0.94:
            s = f"{f[0]}.{m[0]}.{l[0]}."
        else:
            s = f"{f} {l}"
        return Frag().phi(s, "PATIENT")

    def patient_titled(self):
        t = {"F": ["Mrs.", "Ms.", "Ms", "Mrs", "Miss"], "M": ["Mr.", "Mr"]}[self.sex]
        title = self.rng.choice(t)
        if self.casing == "upper":
            title = title.upper()
        who = self.nm(self.last) if self.rng.random() < 0.6 else f"{self.nm(self.first)} {self.nm(self.last)}"
        return Frag(title + " ").phi(who, "PATIENT")

    def other_person(self, sex=None):
        sex = sex or self.rng.choice("FM")
        return self.nm(self.src.first_name(self.rng, sex)), self.nm(self.src.surname(self.rng))

    def relative(self, poss="her"):
        """'her husband John', 'my daughter Mary Smith', 'his wife, Ann,'."""
        r = self.rng
        sex = r.choice("FM")
        rel = r.choice(RELATIVES_F if sex == "F" else RELATIVES_M)
        f, l = self.other_person(sex)
        if r.random() < 0.6 and rel not in ("friend", "neighbor", "caregiver", "partner"):
            l = self.nm(self.last)
        k = r.random()
        fr = Frag(f"{poss} {rel} ")
        if k < 0.5:
            fr.phi(f, "PATIENT")
        elif k < 0.8:
            fr.phi(f"{f} {l}", "PATIENT")
        else:
            fr = Frag(f"{poss} {rel}, ").phi(f if r.random() < 0.5 else f"{f} {l}", "PATIENT").add(",")
        return fr

    def relative_with_age(self, poss="my"):
        r = self.rng
        sex = r.choice("FM")
        rel = r.choice(["mother", "father", "grandmother", "grandfather", "son", "daughter",
                        "husband", "wife", "mom", "dad"])
        old = rel in ("mother", "father", "grandmother", "grandfather", "mom", "dad")
        age = r.randint(70, 99) if old else r.randint(1, 60) if rel in ("son", "daughter") else r.randint(25, 90)
        f, _ = self.other_person(sex)
        fr = Frag(f"{poss} ").phi(str(age), "AGE").add(r.choice([" year old ", "-year-old ", " yo ", " y/o "]))
        fr.add(rel)
        if r.random() < 0.5:
            fr.add(" ").phi(f, "PATIENT")
        return fr

    def doctor(self, short_ok=True, role=True):
        """'Dr. Alan Chu', 'Dr Chu', 'Alan Chu, MD', 'nurse practitioner Kim Lee'."""
        r = self.rng
        f, l = self.other_person()
        k = r.random()
        dr = r.choice(["Dr.", "Dr.", "Dr", "Doctor", "DR."])
        if self.casing == "upper":
            dr = dr.upper()
        if k < 0.30:
            return Frag(dr + " ").phi(f"{f} {l}", "DOCTOR")
        if k < 0.50 and short_ok:
            return Frag(dr + " ").phi(l, "DOCTOR")
        if k < 0.62:
            cred = r.choice(["MD", "M.D.", "DO", "NP", "PA-C", "RN", "APRN", "FNP-C", "PharmD", "LPN"])
            return Frag().phi(f"{f} {l}", "DOCTOR").add(", " + cred)
        if k < 0.72 and role:
            role = r.choice(["nurse practitioner", "nurse", "pharmacist", "physician assistant",
                             "PA", "NP", "RN", "Nurse", "Pharmacist", "LPN", "paramedic"])
            return Frag(role + " ").phi(f"{f} {l}" if r.random() < 0.7 else f, "DOCTOR")
        if k < 0.80:
            return Frag(dr + " ").phi(f"{f[0]}. {l}", "DOCTOR")
        if k < 0.88:
            return Frag().phi(f"{l}, {f}", "DOCTOR").add(r.choice([" MD", ", MD", ", RN", " NP"]))
        if k < 0.94:
            return Frag().phi(f"{f} {l}", "DOCTOR")
        return Frag(dr + " ").phi(f"{f} {self.nm(self.src.first_name(self.rng, 'F'))[0]}. {l}", "DOCTOR")

    def username(self):
        r = self.rng
        f, l = self.first.lower(), self.last.lower()
        forms = [f"{f[0]}{l}", f"{f}{l[0]}", f"{f}.{l}", f"{f}_{l}", f"{f}{l}{r.randint(1, 99)}",
                 f"{f[0]}{l}{r.randint(1950, 2005) % 100:02d}", f"{l}{f[0]}{r.randint(1, 9)}"]
        return r.choice(forms)

    # -- professions ------------------------------------------------------------------
    def profession(self):
        return self.once("prof", lambda: self.rng.choice(PROFESSIONS))

    # -- places -----------------------------------------------------------------------
    def city_state(self):
        city, st, z, _ = self.place
        return self.case(city), st, z

    def state_name(self, code):
        return self.case(STATE_NAMES.get(code, code))

    def hospital(self):
        def make():
            r = self.rng
            city = self.case(self.place[0])
            k = r.random()
            if k < 0.22:
                return f"{r.choice(['St.', 'St', 'Saint'])} {r.choice(SAINTS)}'s {r.choice(HOSPITAL_SUFFIXES)}"
            if k < 0.42:
                return f"{r.choice(HOSP_WORDS)} {r.choice(HOSPITAL_SUFFIXES)}"
            if k < 0.62:
                return f"{city} {r.choice(HOSPITAL_SUFFIXES)}"
            if k < 0.72:
                return f"{self.nm(self.src.surname(r))} {r.choice(['Memorial Hospital', 'Medical Center', 'Regional Medical Center', 'Hospital'])}"
            if k < 0.80:
                return f"{r.choice(HOSP_WORDS)} {city} {r.choice(['Hospital', 'Medical Center'])}"
            if k < 0.87:
                return f"{city} VA Medical Center"
            if k < 0.94:
                return f"University of {STATE_NAMES.get(self.place[1], 'Michigan')} Medical Center"
            return f"{city} {r.choice(['Clinic', 'Health', 'Medical Center'])}"
        return self.case(self.once("hosp", make))

    def clinic(self):
        r = self.rng
        base = r.choice([self.case(self.place[0]), self.nm(self.src.surname(r)),
                         r.choice(HOSP_WORDS), r.choice(["Family", "Premier", "Complete Care", "Prime"])])
        return self.case(f"{base} {r.choice(CLINIC_SUFFIX)}")

    def pharmacy(self):
        r = self.rng
        p = r.choice(PHARMACIES)
        if r.random() < 0.3:
            p = f"{p} #{r.randint(100, 19999)}"
        elif r.random() < 0.15:
            p = f"{p} on {r.choice(STREET_NAMES)} {r.choice(STREET_SUFFIX)}"
        return self.case(p) if self.casing == "upper" else p

    def nursing_home(self):
        r = self.rng
        k = r.random()
        if k < 0.3:
            s = r.choice(SENIOR)
        else:
            base = r.choice(SENIOR + [self.nm(self.src.surname(r)), self.place[0]])
            s = f"{base} {r.choice(SENIOR_SUFFIX)}"
        return self.case(s)

    def vax_site(self):
        """'Riverside County Fairgrounds' (+ ' vaccination site' outside or inside the name)."""
        r = self.rng
        county = self.nm(self.src.surname(r)) if r.random() < 0.4 else self.case(self.place[0])
        base = f"{county} {r.choice(SITE_BASE)}"
        if r.random() < 0.35:
            return Frag().phi(self.case(base + " " + r.choice(["Vaccination Site", "Vaccine Clinic", "POD", "Mass Vaccination Site"])), "HOSPITAL")
        return Frag().phi(self.case(base), "HOSPITAL").add(" " + r.choice(["vaccination site", "vaccine clinic", "drive-thru clinic", "vaccination event"]))

    def care_facility(self):
        r = self.rng
        k = r.random()
        if k < 0.45:
            return Frag().phi(self.hospital(), "HOSPITAL")
        if k < 0.62:
            return Frag().phi(self.pharmacy(), "HOSPITAL")
        if k < 0.78:
            return Frag().phi(self.clinic(), "HOSPITAL")
        if k < 0.9:
            return Frag().phi(self.nursing_home(), "HOSPITAL")
        return self.vax_site()

    def organization(self):
        r = self.rng
        pat = r.choice(ORG_PATTERNS)
        s = pat.format(Last=self.nm(self.src.surname(r)), Last2=self.nm(self.src.surname(r)),
                       City=self.case(self.place[0]), State=STATE_NAMES.get(self.place[1], "Ohio"),
                       County=self.nm(self.src.surname(r)), Saint="St. " + r.choice(SAINTS))
        fr = Frag()
        if s.startswith("the "):
            fr.add("the ")
            s = s[4:]
        return fr.phi(self.case(s), "ORGANIZATION")

    def street(self):
        r = self.rng
        num = str(r.choice([r.randint(1, 99), r.randint(100, 999), r.randint(1000, 9999), r.randint(10000, 29999)]))
        parts = [num]
        if r.random() < 0.2:
            parts.append(r.choice(DIRS))
        parts.append(r.choice(STREET_NAMES))
        parts.append(r.choice(STREET_SUFFIX))
        s = " ".join(parts)
        if r.random() < 0.12:
            s += r.choice([", Apt ", " Apt ", " #", ", Unit ", " Suite "]) + str(r.randint(1, 40)) + r.choice(["", "", "B", "A"])
        if r.random() < 0.05:
            s = f"PO Box {r.randint(10, 9999)}"
        return self.case(s)

    def address(self, with_street=True):
        """'1234 Oak Ridge Dr, Dayton, OH 45402' with STREET, CITY, STATE, ZIP spans."""
        r = self.rng
        city, st, z = self.city_state()
        fr = Frag()
        if with_street:
            fr.phi(self.street(), "STREET").add(r.choice([", ", " ", "\n"]))
        fr.phi(city, "CITY").add(", ")
        fr.phi(st if r.random() < 0.85 else self.state_name(st), "STATE")
        if r.random() < 0.85:
            zz = z if r.random() < 0.9 else f"{z}-{self.digits(4)}"
            fr.add(r.choice([" ", "  ", ", "])).phi(zz, "ZIP")
        return fr

    def city_st(self):
        """'Dayton, OH' / 'Dayton, Ohio' / 'Dayton OH'."""
        r = self.rng
        city, st, _ = self.city_state()
        fr = Frag().phi(city, "CITY")
        k = r.random()
        if k < 0.55:
            fr.add(", ").phi(st, "STATE")
        elif k < 0.85:
            fr.add(", ").phi(self.state_name(st), "STATE")
        else:
            fr.add(" ").phi(st, "STATE")
        return fr

    def country(self, home=False):
        r = self.rng
        c = r.choice(HOME_COUNTRY if home else COUNTRIES)
        if r.random() < 0.05:
            lex = [e for e in self.src.countries_lexicon if " " not in e]
            c = title_name(r.choice(lex))
        return Frag().phi(self.case(c), "COUNTRY")

    def other_location(self):
        return Frag().phi(self.case(self.rng.choice(OTHER_LOCS)), "OTHER")

    # -- contacts ---------------------------------------------------------------------
    def phone(self, area=None):
        r = self.rng
        a = area or self.place[3] or str(r.randint(201, 989))
        ex = f"{r.randint(2, 9)}{self.digits(2)}"
        ln = self.digits(4)
        k = r.random()
        if k < 0.30:
            s = f"({a}) {ex}-{ln}"
        elif k < 0.62:
            s = f"{a}-{ex}-{ln}"
        elif k < 0.72:
            s = f"{a}.{ex}.{ln}"
        elif k < 0.80:
            s = f"+1 {a} {ex} {ln}"
        elif k < 0.86:
            s = f"1-{a}-{ex}-{ln}"
        elif k < 0.92:
            s = f"{a}{ex}{ln}"
        elif k < 0.96:
            s = f"({a}){ex}-{ln}"
        else:
            s = f"{a}-{ex}-{ln} ext. {r.randint(100, 9999)}"
        return s

    def email(self):
        r = self.rng
        f, l = self.first.lower(), self.last.lower().replace("-", "")
        if r.random() < 0.4:
            f, l = (x.lower() for x in self.other_person())
        k = r.random()
        if k < 0.3:
            user = f"{f}.{l}"
        elif k < 0.5:
            user = f"{f[0]}{l}"
        elif k < 0.7:
            user = f"{f}{l}{r.randint(1, 99)}"
        elif k < 0.85:
            user = f"{f}_{l}{r.randint(60, 99)}"
        else:
            user = f"{l}{f[0]}"
        dom = r.choice(EMAIL_DOMAINS)
        if r.random() < 0.2:
            h = "".join(w[0] for w in self.hospital().split() if w[:1].isalpha()).lower() or "health"
            dom = f"{h}health.org" if len(h) < 3 else f"{h}.org"
        return f"{user}@{dom}"

    def url(self):
        r = self.rng
        h = "".join(ch for ch in self.hospital().lower() if ch.isalnum())[:24] or "clinic"
        forms = [f"www.{h}.org", f"https://www.{h}.org/covid-vaccine", f"http://{h}.com",
                 f"https://www.facebook.com/{self.username()}", f"www.{h}.com/patient-portal",
                 f"https://mychart.{h}.org", f"{h}.org"]
        return r.choice(forms)

    def ip(self):
        r = self.rng
        return r.choice([f"192.168.{r.randint(0, 255)}.{r.randint(1, 254)}",
                         f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                         f"{r.randint(11, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"])

    # -- identifiers ------------------------------------------------------------------
    def ssn(self):
        r = self.rng
        a, b, c = r.randint(100, 899), r.randint(10, 99), self.digits(4)
        return r.choice([f"{a}-{b}-{c}", f"{a}{b}{c}", f"{a} {b} {c}"])

    def mrn(self):
        r = self.rng
        return r.choice([self.digits(8), "00" + self.digits(6), self.digits(7), "E" + self.digits(7),
                         "MR" + self.digits(6), self.digits(10), self.letters(1) + self.digits(8),
                         self.digits(3) + "-" + self.digits(3) + "-" + self.digits(3)])

    def healthplan(self):
        r = self.rng
        mbi = f"{r.randint(1, 9)}{self.letters(1)}{r.choice('ACDEFGHJKMNPQRTUVWXY0123456789')}{self.digits(1)}-{self.letters(2)}{self.digits(1)}-{self.letters(2)}{self.digits(2)}"
        return r.choice([mbi, self.letters(3) + self.digits(9), "W" + self.digits(9),
                         self.digits(9) + self.letters(1), self.letters(1) + self.digits(10),
                         self.digits(11)])

    def account(self):
        r = self.rng
        return r.choice([self.digits(9), "00" + self.digits(7), f"{self.digits(3)}-{self.digits(3)}-{self.digits(3)}",
                         "A" + self.digits(8), self.digits(12)])

    def license(self):
        r = self.rng
        return r.choice([self.letters(2) + self.digits(7), "RN" + self.digits(6), self.digits(10),
                         self.letters(1) + self.digits(7), self.letters(1) + self.digits(5),
                         f"{self.letters(1)}{self.digits(3)}-{self.digits(3)}-{self.digits(2)}-{self.digits(3)}"])

    def vehicle(self):
        r = self.rng
        return r.choice([f"{r.randint(1, 9)}{self.letters(3)}{self.digits(3)}", f"{self.letters(3)}-{self.digits(4)}",
                         f"{self.letters(3)} {self.digits(3)}",
                         "1" + self.letters(4) + self.digits(2) + self.letters(1) + self.digits(2) + self.letters(1) + self.digits(6)])

    def device(self):
        r = self.rng
        return r.choice([self.letters(3) + self.digits(6), "SN" + self.digits(8), self.digits(10),
                         f"{self.letters(2)}{self.digits(5)}{self.letters(1)}", f"{self.digits(4)}-{self.digits(4)}"])

    def bioid(self):
        return self.rng.choice(["BIO-" + self.digits(7), "FP" + self.digits(8), self.letters(2) + self.digits(9)])

    def idnum(self):
        r = self.rng
        y = r.choice([2020, 2021, 2021]) if self.ref_year >= 2020 else self.vax_date.year
        k = r.random()
        if k < 0.3:
            return Frag("").phi(f"US-PFIZER INC-{y}{self.digits(6)}", "IDNUM")
        if k < 0.38:
            return Frag().phi(f"US-MODERNATX, INC.-MOD-{y}-{self.digits(6)}", "IDNUM")
        if k < 0.43:
            return Frag().phi(f"US-JNJFOC-{y}{self.digits(8)}", "IDNUM")
        if k < 0.47:
            return Frag().phi(f"EU-EC-{self.digits(11)}", "IDNUM")
        if k < 0.52:
            return Frag().phi(f"US-GLAXOSMITHKLINE-US{y}AMR{self.digits(6)}", "IDNUM")
        pre = r.choice(["case no ", "Case number ", "case # ", "Case ID: ", "report number ", "Report #",
                        "VAERS ID ", "VAERS # ", "reference number ", "Ref# ", "control number ",
                        "Manufacturer report number ", "ticket #", "incident report #", "claim number ",
                        "lab accession # ", "specimen ID "])
        num = r.choice([self.digits(6), "0" + self.digits(5), str(r.randint(900000, 999999)),
                        f"{y}-{self.digits(7)}", f"{self.letters(4)}{y % 100}-{self.digits(5)}", self.digits(8),
                        f"{self.letters(2)}{self.digits(7)}"])
        return Frag(pre).phi(num, "IDNUM")

    # -- ages ---------------------------------------------------------------------------
    def age_value(self):
        if self.age_years is not None and self.rng.random() < 0.8:
            return self.age_years
        return self.rng.choice([self.rng.randint(16, 95), self.rng.randint(25, 75), self.rng.randint(1, 17)])

    def age(self, poss=None):
        """'53-year-old', 'aged 32', '9 y.o.', 'eleven months old', 'in her 30s' (span = number)."""
        r = self.rng
        a = self.age_value()
        pr = poss or {"F": "her", "M": "his"}[self.sex]
        k = r.random()
        if k < 0.28:
            return Frag().phi(str(a), "AGE").add(r.choice(["-year-old", " year old", "-yr-old", " yr old", "-year old", " years old"]))
        if k < 0.40:
            return Frag().phi(str(a), "AGE").add(r.choice([" yo", " y/o", "yo", " y.o.", "y/o", " YO", " yrs", " years"]))
        if k < 0.50:
            return Frag(r.choice(["aged ", "age ", "Age: ", "age: ", "a.o. ", "Age "])).phi(str(a), "AGE")
        if k < 0.56:
            return Frag().phi(str(a), "AGE").add(r.choice([" years of age", " years of age", " yrs of age"]))
        if k < 0.64 and a < 100:
            w = number_word(a)
            if r.random() < 0.5:
                w = w.capitalize()
            return Frag().phi(w, "AGE").add(r.choice([" year old", "-year-old", " years old"]))
        if k < 0.72:
            m = r.randint(1, 23)
            w = number_word(m) if r.random() < 0.5 else str(m)
            return Frag().phi(w, "AGE").add(r.choice([" months old", " month old", "-month-old", " mo old", " mos"]))
        if k < 0.80:
            dec = max(2, min(9, a // 10)) * 10
            s = r.choice([f"{dec}s", f"{dec}'s", f"{dec}s"])
            return Frag(f"in {pr} " + r.choice(["", "", "early ", "late ", "mid-"])).phi(s, "AGE")
        if k < 0.88:
            return Frag().phi(str(a), "AGE").add(r.choice([" y/o female" if self.sex == "F" else " y/o male",
                                                          " yo F" if self.sex == "F" else " yo M",
                                                          "-year-old"]))
        if k < 0.94:
            return Frag(r.choice(["age ", "Age ", "aged "])).phi(str(a), "AGE").add(r.choice([" years", " yrs", ""]))
        return Frag().phi(str(a), "AGE").add(r.choice([" years", "yrs", " y"]))

    # -- dates --------------------------------------------------------------------------
    def some_date(self, kind="event"):
        r = self.rng
        if kind == "dob":
            a = self.age_years if self.age_years is not None else r.randint(18, 90)
            return datetime.date(self.ref_year - a, 1, 1) + datetime.timedelta(days=r.randrange(0, 365))
        if kind == "history":
            return datetime.date(r.randint(self.ref_year - 45, self.ref_year), r.randint(1, 12), r.randint(1, 28))
        return self.vax_date + datetime.timedelta(days=r.randint(-20, 40))

    def month_word(self, m, abbr=None):
        r = self.rng
        if abbr is None:
            abbr = r.random() < 0.45
        w = MON[m - 1] if abbr else MONTHS[m - 1]
        if abbr and m == 9 and r.random() < 0.3:
            w = "Sept"
        k = r.random()
        if self.casing == "upper" or k < 0.07:
            return w.upper()
        if self.casing == "lower" or k < 0.17:
            return w.lower()
        return w

    def date_text(self, d=None, kind="event", style=None):
        """One date expression as a string (no surrounding words)."""
        r = self.rng
        d = d or self.some_date(kind)
        y, m, dd = d.year, d.month, d.day
        styles = ["DDMonYYYY", "DDMonYYYY", "m/d/yyyy", "mm/dd/yyyy", "m/d/yy", "m/d", "m/d",
                  "Month d, yyyy", "Mon d, yyyy", "Month d", "Mon d", "Month dth", "m-d-yy",
                  "mm-dd-yyyy", "d Month yyyy", "dth of mon", "MonYYYY", "Month yyyy", "yyyy-mm-dd",
                  "yyyymmdd", "Mon. d", "d-Mon-yyyy", "Mon d yyyy", "mm.dd.yyyy", "Month", "mm/dd/yy",
                  "Weekday", "Weekday Month d", "Mon dth"]
        st = style or r.choice(styles)
        if st == "DDMonYYYY":
            return f"{dd:02d}{self.month_word(m, True).capitalize() if self.casing != 'upper' else MON[m-1].upper()}{y}"
        if st == "MonYYYY":
            return f"{MON[m - 1]}{y}"
        if st == "m/d/yyyy":
            return f"{m}/{dd}/{y}"
        if st == "mm/dd/yyyy":
            return f"{m:02d}/{dd:02d}/{y}"
        if st == "m/d/yy":
            return f"{m}/{dd}/{y % 100:02d}"
        if st == "mm/dd/yy":
            return f"{m:02d}/{dd:02d}/{y % 100:02d}"
        if st == "m/d":
            return f"{m}/{dd}"
        if st == "Month d, yyyy":
            return f"{self.month_word(m, False)} {dd}, {y}"
        if st == "Mon d, yyyy":
            return f"{self.month_word(m, True)} {dd}, {y}"
        if st == "Mon d yyyy":
            return f"{self.month_word(m, True)} {dd} {y}"
        if st == "Month d":
            return f"{self.month_word(m, False)} {dd}"
        if st == "Mon d":
            return f"{self.month_word(m, True)} {dd}"
        if st == "Month dth":
            return f"{self.month_word(m)} {ordinal(dd)}"
        if st == "Mon dth":
            return f"{self.month_word(m, True)} {ordinal(dd)}"
        if st == "m-d-yy":
            return f"{m}-{dd}-{y % 100:02d}"
        if st == "mm-dd-yyyy":
            return f"{m:02d}-{dd:02d}-{y}"
        if st == "d Month yyyy":
            return f"{dd} {self.month_word(m)} {y}"
        if st == "dth of mon":
            return f"{ordinal(dd)} of {self.month_word(m)}"
        if st == "Month yyyy":
            return f"{self.month_word(m)} {y}" if r.random() < 0.8 else f"{self.month_word(m)} of {y}"
        if st == "yyyy-mm-dd":
            return f"{y}-{m:02d}-{dd:02d}"
        if st == "yyyymmdd":
            return f"{y}{m:02d}{dd:02d}"
        if st == "Mon. d":
            return f"{MON[m - 1]}. {dd}"
        if st == "d-Mon-yyyy":
            return f"{dd}-{MON[m - 1]}-{y}"
        if st == "mm.dd.yyyy":
            return f"{m:02d}.{dd:02d}.{y}"
        if st == "Month":
            return self.month_word(m, False)
        if st == "Weekday":
            w = r.choice([WEEKDAYS, WEEKDAYS, WEEKDAYS, WD_ABBR])[d.weekday()]
            return w.upper() if self.casing == "upper" else w.lower() if (self.casing == "lower" or r.random() < 0.08) else w
        if st == "Weekday Month d":
            return f"{WEEKDAYS[d.weekday()]}, {self.month_word(m, False)} {dd}" + (f", {y}" if r.random() < 0.5 else "")
        raise ValueError(st)

    def date(self, kind="event", style=None):
        return Frag().phi(self.date_text(kind=kind, style=style), "DATE")

    def holiday(self):
        r = self.rng
        h = r.choice(["Christmas Eve", "Christmas", "Christmas Day", "New Year's Eve", "New Year's Day",
                      "New Years Eve", "New Years", "Thanksgiving", "Thanksgiving Day", "MLK Day",
                      "Martin Luther King Day", "Valentine's Day", "Easter", "Memorial Day",
                      "4th of July", "Fourth of July", "Labor Day", "Halloween", "Black Friday",
                      "Inauguration Day", "Super Bowl Sunday", "Christmas eve", "xmas", "New Year"])
        if r.random() < 0.1 or self.casing == "lower":
            h = h.lower()
        elif self.casing == "upper":
            h = h.upper()
        return Frag().phi(h, "DATE")

    def year(self):
        return Frag().phi(str(self.rng.randint(self.ref_year - 40, self.ref_year)), "DATE")

    def season(self):
        r = self.rng
        s = r.choice(["Fall", "Spring", "Summer", "Winter", "fall", "spring", "summer", "winter"])
        y = r.randint(self.ref_year - 10, self.ref_year)
        return Frag().phi(r.choice([f"{s} {y}", f"{s} of {y}", f"{s} {y}"]), "DATE")

    def date_range(self):
        """Two DATE spans: '12/26-12/28/2020', 'Dec 26-28', 'October-November 2020', 'from X to Y'."""
        r = self.rng
        d1 = self.some_date()
        d2 = d1 + datetime.timedelta(days=r.randint(1, 9))
        k = r.random()
        fr = Frag(r.choice(["", "from ", "on ", "", "dated "]) if k < 0.70 else "")
        if k < 0.22:
            return fr.phi(f"{d1.month}/{d1.day}", "DATE").add("-").phi(f"{d2.month}/{d2.day}/{d2.year}" if r.random() < 0.5 else f"{d2.month}/{d2.day}", "DATE")
        if k < 0.40 and d1.month == d2.month:
            mw = self.month_word(d1.month)
            return fr.phi(f"{mw} {d1.day}", "DATE").add(r.choice(["-", " - ", " to "])).phi(str(d2.day), "DATE")
        if k < 0.55:
            m1 = r.randint(1, 11)
            m2 = m1 + r.randint(1, 12 - m1)
            y = r.randint(self.ref_year - 5, self.ref_year)
            return fr.phi(self.month_word(m1, False), "DATE").add(r.choice(["-", " - ", " to ", " through "])).phi(f"{self.month_word(m2, False)} {y}", "DATE")
        if k < 0.70 and d1.month == d2.month:
            return fr.phi(f"{d1.day:02d}", "DATE").add("-").phi(f"{d2.day:02d}{MON[d2.month - 1]}{d2.year}", "DATE")
        st = r.choice(["m/d/yyyy", "DDMonYYYY", "Month d, yyyy", "mm/dd/yyyy", "m/d"])
        pre = r.choice(["from ", "from ", "between ", "", "dated "])
        conn = " and " if pre == "between " else r.choice([" to ", " until ", " - ", " through ", " to "])
        return fr.add(pre).phi(self.date_text(d1, style=st), "DATE").add(conn).phi(self.date_text(d2, style=st), "DATE")
