//! The word lists of the name rules: the particles of personal names, the relation words after
//! which a first name is a person's, the verbs of speech that quote one, and the stop words that
//! are frequent surnames. Separate from `rules/context` because they are data, read by several
//! of its rules (and by `rules/word_class` and `rules/role`), not a rule themselves.

/// Particles of personal names in the languages of VigiBase reports (folded).
pub(in crate::rules) const PARTICLES: &[&str] = &[
    "van", "der", "den", "de", "del", "della", "di", "da", "das", "dos", "du", "des", "von", "zu",
    "la", "le", "ter", "ten", "bin", "ibn", "bint", "al", "el", "ben", "mac", "mc", "ni", "nic",
    "o", "ap", "y", "e",
    // Arabic's "mother of" before a name ("Wife Om Hashem Mansour", "Umm Kulthum")
    "om", "umm", "oum", // the Kalenjin "son of" ("my husband kiprono arap sang")
    "arap",
];

/// Arabic's "mother of", which opens a name ("Om Hashem") even where it begins a sentence.
pub(super) const MOTHER_OF: &[&str] = &["om", "umm", "oum"];

/// Words after which a first name is a person's name, also in lower case ("pt bob", "wife sarah").
pub(in crate::rules) const RELATIONS: &[&str] = &[
    "pt",
    "patient",
    "wife",
    "husband",
    "son",
    "daughter",
    "mother",
    "father",
    "mom",
    "dad",
    "mum",
    // mother / father of the child, in 1990s VAERS shorthand ("MOC reports", "moc sarah"), and
    // the grandmother / grandfather ("GMOC BETTY JO TATUM")
    "moc",
    "foc",
    "gmoc",
    "gfoc",
    "brother",
    "sister",
    // the person vaccinated, as AEFI forms name them ("VACCINEE: MAHMOUD SAYED ABOU EL-ELA")
    "vaccinee",
    // a sibling in 1990s shorthand ("sib nelson (4) had measles vax w/o rxn")
    "sib",
    "sibling",
    "child",
    "baby",
    "infant",
    "friend",
    "partner",
    "boyfriend",
    "girlfriend",
    "fiance",
    "aunt",
    "uncle",
    "grandmother",
    "grandfather",
    "grandma",
    "grandpa",
    // ("AND GRANDSON WILL KING, A FIREFIGHTER": the model released both everyday words)
    "grandson",
    "granddaughter",
    "grandchild",
    "stepson",
    "stepdaughter",
    "stepmother",
    "stepfather",
    "spouse",
    "niece",
    "nephew",
    "cousin",
    "named",
    "called",
    "nurse",
    "caregiver",
];

/// Verbs of speech after which a note quotes a person ("marg states", "ERNIE REPORTS").
pub(super) const SPEECH_VERBS: &[&str] = &[
    "states",
    "stated",
    "says",
    "said",
    "reports",
    "reported",
    "denies",
    "denied",
    "declined",
    "declines",
    "agrees",
    "agreed",
    "requests",
    "requested",
    "explains",
    "explained",
];

/// The verbs of speech after which a name is the person quoted ("marg states john 'grey'").
pub(super) const QUOTING_VERBS: &[&str] = &["states", "stated", "says", "said"];

/// Surnames the stop-word list holds too, among the most frequent US surnames (Faker's en_US list
/// holds them): after a given name a title or relation word introduced, the surname ("nurse lukas
/// young", "wife amy little"); other stop words go on the sentence ("wife sarah found him", "dr
/// mark will see her").
pub(super) const STOPWORD_SURNAMES: &[&str] = &[
    "young", "long", "little", "small", "wells", "page", "case", "best", "good", "downs", "li",
    "yu",
];
