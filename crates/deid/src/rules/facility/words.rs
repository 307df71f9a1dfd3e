//! The word lists of the facility rule: facility heads (English and of other languages), the
//! words that say which facility of a kind without naming it, titles before the person a hospital
//! is named after, kinds of homes, connectors. Folded as `lexicon::fold` folds.

/// Head nouns of facility names (folded) other than `HOSPITAL_NOUNS`: English words, and
/// words of other languages that also name what is no hospital ("centro", "institut").
pub(in crate::rules) const OTHER_HEADS: &[&str] = &[
    "hospital",
    "hospitals",
    "kliniken",
    "clinic",
    "clinics",
    "universitetssjukhuset",
    "universitatsklinikum",
    "universitatsspital",
    "infirmary",
    "centre",
    "center",
    "centro",
    "zentrum",
    // ("mungra medisch centrum", "Centrum Medyczne Luxmed": Dutch, Polish, Czech, Swedish)
    "centrum",
    "medical",
    "health",
    "university",
    // ("admitted to hosp. tanjung puteri"), and the US abbreviation of a center ("Jacobi Med Ctr",
    // "HENNEPIN COUNTY MED CTR")
    "hosp",
    "ctr",
    // ("Jubilee Mission Medical College", India's and Pakistan's teaching hospitals; "Dharmaraja
    // College", a school: both PHI)
    "college",
    "universitaire",
    "universitario",
    "universitari",
    "universitaria",
    "universitatsmedizin",
    "general",
    "memorial",
    "pharmacy",
    "surgery",
    "practice",
    "institute",
    "institut",
    "instituto",
    "sanatorium",
    "hospice",
    // Lyon's university hospitals ("Hospices Civils de Lyon")
    "hospices",
    "polyclinic",
    // Mexico's family-medicine units ("Unidad de Medicina Familiar No. 31")
    "unidad",
    // health posts of Latin America and of Portuguese-speaking countries ("puesto de salud Los
    // Cocos", "posto de saúde Vila Esperança": the local-word rule released "puesto de")
    "puesto",
    "posto",
    // ("au poste de santé de Golf Sud": Senegal's health posts)
    "poste",
];

/// Abbreviated heads (folded): no English sentence writes them beside a name unless they name its
/// facility, and the model, which saw them seldom, calls them safe ("Jacobi Med Ctr", "unm hosp").
/// "med" is no head ("med list", "BP med"): it joins a name only before a head ("Med Ctr").
pub(super) const ABBREVIATED_HEADS: &[&str] = &["hosp", "ctr", "med"];

/// Facility heads of other languages that always name a hospital or clinic (never an English
/// word such as "general", "health" or "practice"): a facility so named where one goes is never
/// released ("brought to SHARHOROD OBLASNA LIKARNIA": the model released the town).
pub(in crate::rules) const HOSPITAL_NOUNS: &[&str] = &[
    "hopital",
    // ("Assistance Publique – Hôpitaux de Paris")
    "hopitaux",
    // Germany's and Austria's care homes ("Pflegeheim Haus Sonnenschein")
    "pflegeheim",
    "altenheim",
    "seniorenheim",
    "altenpflegeheim",
    // Romania's institutes ("Institutul Clinic Fundeni") and Vietnam's hospitals ("Bệnh viện
    // Việt Đức", folded)
    "institutul",
    "benh",
    "vien",
    "ospedale",
    "szpital",
    "szpitalu",
    // ("przyjęta do Szpitala Specjalistycznego im. Ludwika Rydygiera")
    "szpitala",
    "nemocnice",
    // ("Fakultní nemocnice v Motole": Czech university hospitals)
    "fakultni",
    "krankenhaus",
    "klinikum",
    "klinik",
    "clinica",
    "clinique",
    "kliniek",
    "ziekenhuis",
    "sjukhus",
    "sjukhuset",
    "universitetssjukhus",
    "sykehus",
    "sykehuset",
    "sygehus",
    "sygehuset",
    "hospitalar",
    "ospedaliera",
    "ospedaliero",
    "sairaala",
    // Finland's central and university hospitals ("Turun yliopistollinen keskussairaala")
    "keskussairaala",
    "aluesairaala",
    "yliopistollinen",
    "spital",
    // Romanian "the hospital" ("Spitalul Clinic Colentina"); French and Spanish "of the hospital"
    // ("Centre Hospitalier Emile Mayrisch", "Complejo Hospitalario Universitario")
    "spitalul",
    "hospitalier",
    "hospitalario",
    "poliklinik",
    "poliklinika",
    "policlinico",
    "policlinica",
    "polyclinique",
    "bolnica",
    // Hungarian hospitals and clinics ("Varga Kórház", "Debreceni Egyetem Klinikai Központ"),
    // and the clinic of Polish, Czech and the Balkans ("Klinika Kardiologii")
    "korhaz",
    "klinikai",
    "klinika",
    "bolnitsa",
    "likarnia",
    "likarnya",
    "praxis",
    "rs",
    // ("Rumah Sakit Umum Daerah Surakarta": Indonesian and Malay for hospital)
    "rumah",
    "sakit",
    "rsud",
    "rsup",
    "puskesmas",
    // pharmacies of other languages, and Turkish hospitals and medical centres
    "pharmacie",
    "farmacia",
    "apotheke",
    "apotek",
    "apoteket",
    "apotheek",
    "apteka",
    "apteekki",
    "lekarna",
    "lekaren",
    "ljekarna",
    "gyogyszertar",
    "farmacie",
    "eczane",
    "eczanesi",
    "hastane",
    "hastanesi",
    "fakultesi",
    "merkezi",
    // French nursing homes ("readmitted to the EHPAD Les Tilleuls")
    "ehpad",
    // French university hospitals ("airlifted to CHU Mohammed VI", "the CHRU de Lille"), Swedish
    // health centres ("Vårdcentralen Linköping")
    "chu",
    "chru",
    "vardcentral",
    "vardcentralen",
    // a doctor's practice or a health centre named after its doctor or town ("readmitted to the
    // Ordination Dr. Steinacher": Austrian; Czech, Croatian, Polish, Spanish, Italian, German,
    // Dutch, Finnish, Norwegian) and Dutch university medical centres ("airlifted to UMC Utrecht")
    "ordination",
    "ordinace",
    "ordinacija",
    "przychodnia",
    "consultorio",
    "ambulatorio",
    "arztpraxis",
    "hausarztpraxis",
    "gemeinschaftspraxis",
    "huisartsenpraktijk",
    "huisartsenpost",
    "terveyskeskus",
    "legekontor",
    "legekontoret",
    // the French doctor's practice ("airlifted to Cabinet médical du Dr Perrier"): an English
    // word too, but no English name of a place one goes to has it before a name
    "cabinet",
    "umc",
];

/// Prepositions of other languages before the place one goes to or is at ("dirujuk ke RSUD
/// Wangaya", "admis au CHU de Nantes", "internado no Hospital ..."), folded.
pub(in crate::rules) const PLACE_PREPOSITIONS: &[&str] = &[
    "ke", "di", "dari", "al", "au", "aux", "en", "na", "no", "ao", "im", "ins", "zum", "zur",
    "naar", "in", "nel", "nello", "alla", "allo", "del", "della", "do", "da", "w", "we", "v", "ve",
];

/// Titles before the person a hospital is named after ("Sir Charles Gairdner Hospital", "Queen
/// Elizabeth Hospital", "Princess Alexandra Hospital"), and "Royal" before its head or place
/// ("Royal Infirmary of Edinburgh"), folded.
pub(in crate::rules) const NAMED_AFTER_TITLES: &[&str] = &[
    "sir", "dame", "king", "queen", "prince", "princess", "royal",
];

/// Words that say what kind of public facility a name of facility words is, before its head
/// ("National Institute of Child Health", "Regional Hospital of ..."), folded.
pub(super) const GENERIC_FACILITY_ADJECTIVES: &[&str] = &[
    "national",
    "regional",
    "provincial",
    "district",
    "central",
    "state",
    "federal",
    "royal",
    "municipal",
    "military",
    "teaching",
    "referral",
    "city",
    "county",
];

/// Words that say which clinic of a kind without naming it ("the local family clinic"), folded.
pub(in crate::rules) const QUALIFIERS: &[&str] = &[
    "local",
    "nearest",
    "nearby",
    "closest",
    "usual",
    "regular",
    "main",
    "other",
    "new",
    "old",
    "same",
    "big",
    "small",
    "large",
    "private",
    "public",
    "pediatric",
    "paediatric",
    "walk",
    "walkin",
    "mobile",
    "free",
    "rural",
    "city",
    "town",
    "hospital",
    "clinic",
    "doctors",
    "dr",
    "drs",
    "physicians",
    "vaccine",
    "vaccination",
    "covid",
    "flu",
    "first",
    "second",
    "next",
    "the",
    "a",
    "an",
    "this",
    "that",
    "his",
    "her",
    "their",
    "my",
    "our",
    "your",
    "its",
    "any",
    "some",
    "another",
    "each",
    "every",
    "no",
    "one",
    "own",
    "good",
    "best",
    "acute",
    "immediate",
    "express",
    "prompt",
    "quick",
    "convenient",
    "after",
    "hours",
    "minute",
    "retail",
    "student",
    "employee",
    "community",
    "county",
    "army",
    "base",
    "school",
    "university",
    "veterans",
    "va",
    "emergency",
    "outpatient",
    "specialty",
    "primary",
    // which care home of a kind, or what kind ("the skilled nursing home", "a long term care
    // home", "adult day care center")
    "skilled",
    "assisted",
    "senior",
    "memory",
    "adult",
    "day",
    "long",
    "term",
    "short",
    "respite",
    "residential",
    "independent",
    "intermediate",
    "subacute",
    "extended",
    "transitional",
    "state",
    "current",
    "previous",
    "family",
];

/// What kind of home a named home is ("Smith Nursing Home", "Oak Ridge Care Home"), folded.
pub(in crate::rules) const HOME_KINDS: &[&str] =
    &["nursing", "care", "rest", "retirement", "group"];

/// The facility heads a name-lexicon word may name where capitals say nothing, and those whose
/// named facility, where one goes, is never released (reason `named-facility`).
pub(in crate::rules) const CASELESS_HEADS: &[&str] =
    &["clinic", "hospital", "hospice", "infirmary", "home", "care"];

/// Words that say what kind of facility a name heads ("Walker Family Clinic", "Smith Nursing
/// Home"), besides the facility heads themselves; folded.
pub(in crate::rules) const FACILITY_KINDS: &[&str] = &[
    "nursing",
    "care",
    "rest",
    "retirement",
    "group",
    "family",
    "community",
    "urgent",
    "regional",
    "county",
    "dental",
    "eye",
    "childrens",
    "women",
    "womens",
    "primary",
    "specialty",
    "home",
];

/// Connectors allowed between a facility head and its name ("Hospital de Clínicas", "Klinikum
/// rechts der Isar", "University Hospital of Wales").
pub(in crate::rules) const CONNECTORS: &[&str] = &[
    "of", "de", "del", "di", "du", "des", "der", "am", "an", "la", "le", "st",
    // Portuguese, Italian, German, Dutch, Polish and Czech ("Hospital da Luz", "Azienda
    // Ospedaliera della Valle", "Klinikum im Park", "Uniwersyteckie Centrum Kliniczne w Gdańsku",
    // "Wojewódzki Szpital Specjalistyczny we Wrocławiu", "Nemocnice ve Zlíně", "Fakultní
    // nemocnice v Motole"): only after the name's head (`HEAD_FIRST_CONNECTORS`)
    "da", "do", "dos", "das", "della", "im", "zum", "van", "w", "we", "ve", "v",
    // Turkish "Tıp" (medicine) inside a faculty's hospital ("Cerrahpaşa Tıp Fakültesi
    // Hastanesi": the model released "TIP" in capitals)
    "tip",
];

/// Connectors that join a facility's name only after its head has come: before it they are
/// prepositions of the sentence ("recebida do Hospital das Clínicas": "received from"), or
/// English ("do", "w" for "with", "we", "v" for "versus").
pub(in crate::rules) const HEAD_FIRST_CONNECTORS: &[&str] = &[
    "da", "do", "dos", "das", "della", "im", "zum", "van", "w", "we", "ve", "v",
];

/// The words between a town and its "People's Hospital" in China's hospital names: an ordinal or
/// the level of government ("Nanjing First People's Hospital", "Guangdong Provincial People's
/// Hospital").
pub(super) const PEOPLES_HOSPITAL_LEVELS: &[&str] = &[
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "provincial",
    "municipal",
    "city",
    "county",
    "district",
    "central",
];

/// Heads that other languages compound with a town's or founder's name into one word
/// ("Rikshospitalet", "Kreiskrankenhaus", "Akademiska sjukhuset" is two): the word ending so is a
/// hospital's name.
pub(super) const COMPOUND_HEADS: &[&str] = &[
    "hospitalet",
    "sjukhuset",
    "sykehuset",
    "sygehuset",
    "sjukhus",
    "sykehus",
    "sygehus",
    "krankenhaus",
    "klinikum",
    "ziekenhuis",
    "sairaala",
    "kliniken",
];

/// Venues that mass vaccination sites were set up in (folded): named after a sponsor, a person or
/// a town ("M&T Bank Stadium", "Pinnacle Bank Arena", "Waupaca County Fairgrounds").
pub(super) const VENUE_HEADS: &[&str] = &[
    "stadium",
    "stadion",
    "estadio",
    "arena",
    "fairgrounds",
    "fairground",
    "ballpark",
    "coliseum",
    "speedway",
];
