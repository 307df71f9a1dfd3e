//! Practices and services named in everyday words before their specialty: "vax @ concord
//! pediatrics", "VESTIBULAR REHAB WITH GULF COAST PHYSICAL THERAPY", "(LAKE STREET DENTAL,",
//! "Twin Rivers Neurology Associates - Family Meeting Note", "TRANSFERRED BY CAPITAL CITY
//! AMBULANCE", "tele-read by ridgeview imaging", "EMP BUZZARDS BAY DENTAL ASSOC". A specialty is
//! no facility head (a ward says "neurology" without naming anyone), so rule 1 of `facility`
//! never joined it, and the model released the everyday words ("capital", "twin", "lake").
//!
//! The name: one to three words right after a word that says where one goes or who acted ("at",
//! "to", "from", "with", "by", an employer's "emp"), an opening bracket, a comma, an "@" or the
//! start of a line; each letters only, no word of every sentence, no medical word or drug that is
//! no everyday word too, no word that says which practice of a kind without naming it ("the
//! local", "pediatric", "stroke"), capitalised where capitals mean something. Then at most two
//! such qualifiers, the specialty ("pediatrics", "physical therapy") and its tail ("associates",
//! "group"). At least one word of the name must name something: a name or place of the lexicons,
//! a word no everyday list holds ("ridgeview", "crosstimbers"), or a word of the land
//! ("lake", "coast", "bay"). So "treated with daily physical therapy", "referred to child
//! neurology", "seen in stroke neurology" name nothing. Never released.

use super::care_homes::{everyday_name_word, ing_verb, FUNCTION_WORDS};
use super::mark_named;
use super::words::{HOSPITAL_NOUNS, OTHER_HEADS, QUALIFIERS};
use crate::lexicon::{flag, LexFlags};
use crate::rules::TokenRule;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Specialties and services a practice is named by, folded: one word, or two.
const SPECIALTIES: &[&str] = &[
    "pediatrics",
    "paediatrics",
    "neurology",
    "dermatology",
    "cardiology",
    "orthopedics",
    "orthopaedics",
    "urology",
    "oncology",
    "gastroenterology",
    "pulmonology",
    "rheumatology",
    "endocrinology",
    "ophthalmology",
    "optometry",
    "dental",
    "dentistry",
    "orthodontics",
    "chiropractic",
    "podiatry",
    "audiology",
    "imaging",
    "radiology",
    "ambulance",
    "obgyn",
    "pulmonary",
    "infusion",
    "heart",
    "hematology",
    "haematology",
    "nephrology",
    "psychiatry",
];

/// Specialties that are everyday words ("heart"): only after a name of the land, of a place or
/// no list knows ("MERIDIAN HEIGHTS HEART INSTITUTE"), never after a name of a person alone,
/// which surname lists make of every body part. (Not "pain" or "gi": ", abd pain,", "rt leg
/// pain" and "upr GI" end a symptom's phrase after a word no list knows, 4,984 words masked
/// on the VAERS columns when tried.)
const WEAK_SPECIALTIES: &[&str] = &["heart"];
const TWO_WORD_SPECIALTIES: &[(&str, &str)] = &[
    ("physical", "therapy"),
    ("family", "medicine"),
    ("internal", "medicine"),
    ("eye", "care"),
    ("infectious", "disease"),
    ("infectious", "diseases"),
    ("pediatric", "emergency"),
    ("paediatric", "emergency"),
];

/// Complaints a practice is named by only with another specialty or service and "&" ("Asthma &
/// Allergy"), folded.
const ANDED_SPECIALTIES: &[&str] = &["asthma", "allergy"];

/// Services a practice names after its specialty and "&" ("Oncology & Palliative", "Neurology &
/// Sleep"), folded, besides the specialties themselves ("Hematology & Infusion") and the
/// complaints of `ANDED_SPECIALTIES` ("Asthma & Allergy").
const JOINED_SERVICES: &[&str] = &[
    "palliative",
    "immunology",
    "sleep",
    "wellness",
    "spine",
    "vascular",
    "continence",
];

/// Specialties that are adjectives too ("dental abscess").
const ADJECTIVES: &[&str] = &["dental", "chiropractic", "pulmonary", "infusion", "heart"];

/// What may follow a practice's specialty in its name ("Neurology Associates", "Dental Group").
const TAILS: &[&str] = &[
    "associates",
    "assoc",
    "group",
    "pc",
    "pllc",
    "llc",
    "services",
    "specialists",
    "partners",
    "consultants",
    "rehabilitation",
    "rehab",
    "rx",
    "pharmacy",
    "institute",
    "management",
];

/// Which practice of a specialty, or what kind, without naming it ("child neurology", "stroke
/// neurology", "home physical therapy"), besides the facility rule's `QUALIFIERS` ("the local",
/// "pediatric", "outpatient").
const PRACTICE_QUALIFIERS: &[&str] = &[
    "child",
    "children",
    "childrens",
    "kids",
    "women",
    "womens",
    "men",
    "mens",
    "sports",
    "sleep",
    "stroke",
    "cosmetic",
    "comprehensive",
    "advanced",
    "integrated",
    "peds",
    "interventional",
    "inpatient",
    "vascular",
    "behavioral",
    "general",
    "home",
    "daily",
    "weekly",
    "further",
    "more",
    "continued",
    "ongoing",
];

/// Besides the words of every sentence (`care_homes::FUNCTION_WORDS`) and where one goes
/// (`WHERE`): prepositions and verbs that are names too ("Per", "Call": "(per pulmonology)", "we
/// had to call ambulance").
const NAMELESS_WORDS: &[&str] = &[
    "per", "call", "called", "calling", "will", "may", "can", "must", "did", "do", "get", "got",
    "go", "went", "see", "saw", "seen", "in", "of",
];

/// Words after which a practice's name begins.
const WHERE: &[&str] = &[
    "at", "to", "from", "with", "by", "into", "via", "emp", "employer",
];

/// Words of the land that name places and the practices called after them ("Gulf Coast",
/// "Buzzards Bay", "Capital City"), folded.
const LAND_WORDS: &[&str] = &[
    "heights",
    "lake",
    "lakes",
    "bay",
    "coast",
    "gulf",
    "river",
    "rivers",
    "valley",
    "shore",
    "creek",
    "ridge",
    "hill",
    "hills",
    "park",
    "capital",
    "city",
    "mountain",
    "mountains",
    "pine",
    "pines",
    "oak",
    "oaks",
    "harbor",
    "harbour",
    "north",
    "south",
    "east",
    "west",
    "northwest",
    "northeast",
    "southwest",
    "southeast",
    "summit",
    "meadow",
    "meadows",
    "prairie",
    "forest",
    "island",
    "springs",
    "falls",
    "point",
    "twin",
    "street",
    "avenue",
    "lakeside",
    "riverside",
    "bayside",
    "coastal",
    "highland",
    "highlands",
    "canyon",
    "desert",
    "plains",
    "cedar",
    "willow",
    "maple",
];

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    case_informative: bool,
) {
    let n = doc.len();
    let spaced = |k: usize| doc.gap_before(k) == " ";
    let capitalised = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
    let qualifier = |k: usize| {
        let w = folded[k].as_ref();
        (QUALIFIERS.contains(&w) && w != "city") || PRACTICE_QUALIFIERS.contains(&w)
    };
    let nameable = |k: usize| {
        everyday_name_word(doc, flags, k)
            && !FUNCTION_WORDS.contains(&folded[k].as_ref())
            && !NAMELESS_WORDS.contains(&folded[k].as_ref())
            && !qualifier(k)
            && !WHERE.contains(&folded[k].as_ref())
            && !SPECIALTIES.contains(&folded[k].as_ref())
            // (a hospital's word is no practice's name: "taken to hosp per ambulance")
            && !OTHER_HEADS.contains(&folded[k].as_ref())
            && !HOSPITAL_NOUNS.contains(&folded[k].as_ref())
            && (!case_informative || capitalised(k))
    };
    // a word that names something: a name or place of the lexicons, a word no list holds, a word
    // of the land
    let names = |k: usize| {
        flags[k] & (flag::FIRST_NAME | flag::SURNAME | flag::CITY | flag::STATE) != 0
            || flags[k] & flag::SAFE == 0
            || LAND_WORDS.contains(&folded[k].as_ref())
    };
    // a verb's "-ing" names nothing ("started with swimming physical therapy")
    let verb = |k: usize| ing_verb(flags, folded, k);
    // where capitals say nothing, a line's first words name a practice when they are the line's
    // heading ("HIGH DESERT PULMONARY ASSOCIATES - PULMONARY FUNCTION REPORT"); a sentence
    // goes on ("DOLOR DENTAL DESDE EL JUEVES" is a Spanish toothache)
    let heading_before = |end: usize| {
        end == n || {
            let gap = doc.gap_before(end);
            gap.contains('\n') || gap.trim_start().starts_with(['-', ':', '|', ','])
        }
    };
    let introduced = |from: usize, end: usize| {
        let gap = doc.gap_before(from);
        if from == 0 || gap.contains('\n') {
            return case_informative || heading_before(end);
        }
        (WHERE.contains(&folded[from - 1].as_ref()) && spaced(from))
            || gap.trim_end().ends_with(['(', ',', '@'])
            // (a heading's part after a spaced dash: "ibd nurse line - lake city pediatrics")
            || matches!(gap, " - " | " – ")
    };
    for h in 1..n {
        let two = h + 1 < n
            && TWO_WORD_SPECIALTIES.contains(&(folded[h].as_ref(), folded[h + 1].as_ref()))
            && spaced(h + 1);
        // ("Asthma & Allergy": a complaint's words are a specialty only joined to another by
        // "&"; "milk allergy", "severe asthma" alone name none)
        let joined_complaint = ANDED_SPECIALTIES.contains(&folded[h].as_ref())
            && h + 1 < n
            && doc.gap_after(h) == " & "
            && (SPECIALTIES.contains(&folded[h + 1].as_ref())
                || JOINED_SERVICES.contains(&folded[h + 1].as_ref())
                || ANDED_SPECIALTIES.contains(&folded[h + 1].as_ref()));
        let mut end = if two {
            h + 2
        } else if SPECIALTIES.contains(&folded[h].as_ref()) || joined_complaint {
            h + 1
        } else {
            continue;
        };
        if !spaced(h) || (case_informative && !(h..end).all(capitalised)) {
            continue;
        }
        // ("Prairie Lantern Asthma & Allergy", "pinecrest hematology & infusion": a second
        // service after "&")
        if end < n
            && doc.gap_before(end) == " & "
            && (SPECIALTIES.contains(&folded[end].as_ref())
                || JOINED_SERVICES.contains(&folded[end].as_ref())
                || ANDED_SPECIALTIES.contains(&folded[end].as_ref()))
            && (!case_informative || capitalised(end))
        {
            end += 1;
        }
        while end < n
            && TAILS.contains(&folded[end].as_ref())
            && spaced(end)
            && (!case_informative || capitalised(end))
        {
            end += 1;
        }
        // an adjective names a practice only at its name's end ("LAKE STREET DENTAL,", "Dental
        // Group"), not before its noun ("dental abscess", "dolor dental desde")
        if ADJECTIVES.contains(&folded[end - 1].as_ref()) && end < n && spaced(end) {
            continue;
        }
        // at most two qualifiers right before the specialty ("Willamette Kids Pediatrics")
        let mut name_end = h;
        while name_end > 0
            && h - name_end < 2
            && qualifier(name_end - 1)
            && spaced(name_end)
            && (!case_informative || capitalised(name_end - 1))
        {
            name_end -= 1;
        }
        // the name's words: one to three, the nearest start that is introduced
        let from = (1..=3.min(name_end))
            .map(|words| name_end - words)
            .take_while(|&from| nameable(from) && !verb(from) && spaced(from + 1))
            .find(|&from| introduced(from, end));
        if let Some(from) = from {
            // (a weak specialty only after a name of the land or a place, or no list's)
            let weak = WEAK_SPECIALTIES.contains(&folded[h].as_ref());
            let strong = |k: usize| {
                flags[k] & (flag::CITY | flag::STATE) != 0
                    || flags[k] & flag::SAFE == 0
                    || LAND_WORDS.contains(&folded[k].as_ref())
            };
            if (from..name_end).any(|k| if weak { strong(k) } else { names(k) }) {
                mark_named(rules, from..end);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    /// The words of `text` the rules call a named facility's.
    fn named(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::NamedFacility)
    }

    #[test]
    fn a_practice_named_in_everyday_words_before_its_specialty() {
        for (text, want) in [
            (
                "PLAN: VESTIBULAR REHAB WITH GULF COAST PHYSICAL THERAPY. NO DRIVING AT NIGHT.",
                &["GULF", "COAST", "PHYSICAL", "THERAPY"][..],
            ),
            (
                "AMOXICILLIN 500 MG FOR DENTAL ABSCESS (LAKE STREET DENTAL, DR. SMITH).",
                &["LAKE", "STREET", "DENTAL"],
            ),
            (
                "Twin Rivers Neurology Associates - Family Meeting Note\nDate: 03/02/2026\nThe family met with the team to discuss the seizures after the new dose.",
                &["Twin", "Rivers", "Neurology", "Associates"],
            ),
            (
                "911 CALLED 03:12. TRANSFERRED BY CAPITAL CITY AMBULANCE (UNIT 14) TO THE ED.",
                &["CAPITAL", "CITY", "AMBULANCE"],
            ),
            (
                "pt (2 yo) recvd vax 4/2/93 @ concord pediatrics & 6 months following vax pt had sz",
                &["concord", "pediatrics"],
            ),
            (
                "cxr (tele-read by ridgeview imaging): bilat interstitial infiltrates noted",
                &["ridgeview", "imaging"],
            ),
            (
                "EEG (YALE PEDIATRIC NEUROLOGY, DR. KRESS): NORMAL BACKGROUND.",
                &["YALE", "PEDIATRIC", "NEUROLOGY"],
            ),
            (
                "HIGH DESERT PULMONARY ASSOCIATES - PULMONARY FUNCTION REPORT\nFEV1 1.42 L (58%).",
                &["HIGH", "DESERT", "PULMONARY", "ASSOCIATES"],
            ),
            (
                "riverbend infusion rx - pharmacist phone log\n2/14 pt called, rash after vanco.",
                &["riverbend", "infusion", "rx"],
            ),
            (
                "vancomycin 1 g q12h via R PICC, given at home by Three Rivers Home Infusion (RN on call).",
                &["Three", "Rivers", "Home", "Infusion"],
            ),
            (
                "MERIDIAN HEIGHTS HEART INSTITUTE - CARDIAC TRANSPLANT PROGRAM\nTACROLIMUS LEVEL 24.7.",
                &["MERIDIAN", "HEIGHTS", "HEART", "INSTITUTE"],
            ),
            (
                "approx 12hr p/vax (bright futures pediatrics, cranston ri, 12/3/96) mom states",
                &["bright", "futures", "pediatrics"],
            ),
            (
                "INFORMED ALL WNL X/SOME PROTEIN IN BLOOD; EMP BUZZARDS BAY DENTAL ASSOC; MRN 7316",
                &["BUZZARDS", "BAY", "DENTAL", "ASSOC"],
            ),
            (
                "FAMOTIDINE FOR A WEEK. MY EMPLOYER CROSSTIMBERS DENTAL GROUP GAVE ME JANUARY 4 OFF.",
                &["CROSSTIMBERS", "DENTAL", "GROUP"],
            ),
            // a second service after "&", an infectious disease practice, a paediatric ED
            (
                "Prairie Lantern Asthma & Allergy - Pediatric/Young Adult Asthma Visit\nDate: 1/2/26",
                &["Prairie", "Lantern", "Asthma", "Allergy"],
            ),
            (
                "Foxmere Infectious Disease Consultants - Outpatient Visit\nDate: 12/02/2026",
                &["Foxmere", "Infectious", "Disease", "Consultants"],
            ),
            (
                "MAPLECREST PEDIATRIC EMERGENCY - ED PHYSICIAN RECORD\nDATE: 12/02/2026",
                &["MAPLECREST", "PEDIATRIC", "EMERGENCY"],
            ),
            (
                "fernbrook psychiatry assoc - phone line note 02/23/26 mon\npt called re new rash on lamotrigine, advised stop",
                &["fernbrook", "psychiatry", "assoc"],
            ),
        ] {
            assert_eq!(named(text), want, "{text}");
        }
    }

    #[test]
    fn a_specialty_without_a_name_names_nothing() {
        for text in [
            "she was treated with daily physical therapy and ibuprofen for two weeks after that.",
            "HE WAS REFERRED TO CHILD NEUROLOGY AND TO PEDIATRIC CARDIOLOGY FOR THE MURMUR.",
            "He was seen in Stroke Neurology and then went to Home Physical Therapy twice weekly.",
            "PLAN: CONTINUE PHYSICAL THERAPY, FOLLOW UP WITH NEUROLOGY IN 2 WEEKS.",
            "she went to the local urgent care, then to outpatient imaging for a chest x-ray.",
            "started swimming physical therapy at the y. referred to dental for the abscess.",
            "we had to call ambulance to take me there. lung changes (per pulmonology) persist.",
            "HE PRESENTED WITH CHEST PAIN. SEEN BY CARDIOLOGY, THEN TO THE HEART.\nNO RECURRENCE.",
            "she was seen with knee pain, sent to kelly heart for an echo. fever, abd pain, n/v.",
            "PEDIATRIC NEUROLOGY - CONSULT NOTE\nNUCLEAR CARDIOLOGY: NORMAL PERFUSION AT REST.",
            "she needs pulmonary rehabilitation and an infusion pump; dental pain since the dose.",
            "MEDICINA INTERNA.\nDOLOR DENTAL DESDE EL JUEVES SANTO (6 DE ABRIL). CONSULTA HOY.",
            "seizure lasting 2-3 mins; taken to hosp per ambulance & was hospitalized x 12 hr.",
            "pt with seasonal asthma & allergy, referred to infectious disease; peanut allergy.",
            "HX: CHILDHOOD ASTHMA & ALLERGY (PER PEDIATRIC EMERGENCY). SEEN BY HEMATOLOGY.",
            "milk allergy, chronic congestion\nmoc petc takes weekly allergy shots; severe asthma",
            "referred to psychiatry; seen by inpatient psychiatry; to child psychiatry clinic",
        ] {
            assert!(named(text).is_empty(), "{text}: {:?}", named(text));
        }
    }
}
