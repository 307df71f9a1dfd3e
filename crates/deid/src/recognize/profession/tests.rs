//! The tests of `recognize/profession`: what is a patient's or a relative's occupation, and what is
//! nobody's.

use super::*;

fn found(text: &str) -> Vec<&str> {
    let r = ProfessionRecognizer::new();
    let mut out = Vec::new();
    r.collect(text, &mut out);
    out.sort_by_key(|c| c.start);
    out.dedup();
    out.iter().map(|c| &text[c.start..c.end]).collect()
}

#[test]
fn an_occupation_in_a_persons_description() {
    assert_eq!(
        found("Her daughter, Rocío Hernández (31), a nurse, accompanied her."),
        ["nurse"]
    );
    assert_eq!(
        found("Yonatan Cohen, 22, male, a student at the Technion in Haifa"),
        ["student"]
    );
    assert_eq!(
        found("Her husband, Sutrisno, 47, a taxi driver (ojek online), reports"),
        ["taxi driver"]
    );
    assert_eq!(
        found("SAUD AL-HARBI, 61-YEAR-OLD MALE, RETIRED TEACHER, NATIONAL ID 1012345672"),
        ["TEACHER"]
    );
    // ... where the title is followed by where one works, or past the year of one's studies
    assert_eq!(
        found("Naresh Chand, 45 yrs, male, cane cutter on his uncle's farm."),
        ["cane cutter"]
    );
    assert_eq!(
        found("ernesto valdés, 19 a, m, 2nd-yr medical student (ucm cienfuegos)"),
        ["medical student"]
    );
    assert_eq!(
        found("Pt: Chiharu Yamaguchi, 26 yo F, flight attendant w/ Kansai Skyways."),
        ["flight attendant"]
    );
    assert_eq!(
        found("pt maría belén iturrioz, 39 yo f, icu nurse at hospital fernández."),
        ["icu nurse"]
    );
    assert_eq!(
        found("my fiancé elie boustany (31), a civil engineer working in qatar, called."),
        ["civil engineer"]
    );
    assert_eq!(
        found("His wife Abena Osei-Tutu (49), a dinner lady at Amhurst Park Primary School"),
        ["dinner lady"]
    );
    assert_eq!(
        found("A 90-YEAR-OLD WIDOW, A FORMER TELEPHONE OPERATOR AT THE PTT, RESIDENT OF"),
        ["TELEPHONE OPERATOR"]
    );
    assert!(found("He is a former smoker and a former patient of the clinic.").is_empty());
    assert_eq!(
        found("Retired Sinhala teacher of Dharmaraja College."),
        ["Sinhala teacher"]
    );
    // the reporter, a time, a count: no description of the patient
    assert!(found("The patient is male, a nurse reported the rash.").is_empty());
    assert!(found("The patient, 45, male, fever on day 2.").is_empty());
    assert!(found("Seen at 10 am, nurse at the desk gave paracetamol.").is_empty());
    assert!(found("a 49 yo f, nurse reported the rash.").is_empty());
    assert!(found("At 10:30, a nurse gave the second dose.").is_empty());
    assert!(found("On day 3, a nurse noticed hives.").is_empty());
}

#[test]
fn an_occupation_after_retired_or_past_a_word_of_where_one_works() {
    assert_eq!(
        found("SOCIAL: PT IS A RETIRED GM ASSEMBLY LINE WORKER, MEMBER OF UAW LOCAL 696."),
        ["ASSEMBLY LINE WORKER"]
    );
    assert_eq!(
        found("PT IS A VIETNAM VETERAN (US ARMY), RETIRED MAIL CARRIER. WIFE CONNIE"),
        ["MAIL CARRIER"]
    );
    assert_eq!(
        found("son is POA. Pt a retired school cafeteria cook per son."),
        ["school cafeteria cook"]
    );
    assert_eq!(
        found("concerned re pt's return to work as FIFO electrician in the Pilbara"),
        ["electrician"]
    );
    assert_eq!(found("\"I am an ENT surgeon. I received"), ["surgeon"]);
    assert!(found("The reporter was a retired nurse practitioner and stated").is_empty());
    // a word and then no title, a word that is no acronym
    assert!(found("she is retired since 2010 and well").is_empty());
    assert!(found("he is a heavy smoker").is_empty());
    for t in [
        "pt was in MD office @ time of reaction",
        "PT WAS IN MD OFFICE @ TIME OF REACTION",
        "The patient was a positive person for Covid",
        "pt mom was chronic carrier & was hep B positive",
        "PT MOM WAS CHRONIC CARRIER",
        "mom stated pt was under MD cardiologist for",
        "pt is to call MD a/3rd dose is due",
    ] {
        assert!(found(t).is_empty(), "{t}: {:?}", found(t));
    }
}

#[test]
fn the_patients_or_a_relatives_occupation() {
    // a relative's occupation after "and is a", or in apposition to the relative
    assert_eq!(
        found("The reporter, who is the patient's mother and is a physician also mentioned"),
        ["physician"]
    );
    assert_eq!(
        found("Follow-up received from the patient's mother, a staff nurse, reported that"),
        ["staff nurse"]
    );
    assert!(found("the patient's mother, a 35 year old, called").is_empty());
    // after a form's "AGE 29," (the age's label before its number)
    assert_eq!(
        found("NAME AYESHA SIDDIQUI, AGE 29, SCHOOLTEACHER (GOVERNMENT GIRLS HIGH SCHOOL)"),
        ["SCHOOLTEACHER"]
    );
    // Faker's titles with a slash
    assert_eq!(
        found("Information has been received from a Clothing/textile technologist, who is the patient's mother, concerning"),
        ["Clothing/textile technologist"]
    );
    // Faker's inverted titles ("Head, modifier") in any case
    for text in [
        "Information has been received from a Surveyor, rural practice, who is the patient's mother, concerning",
        "INFORMATION HAS BEEN RECEIVED FROM A SURVEYOR, RURAL PRACTICE, WHO IS THE PATIENT'S MOTHER",
    ] {
        assert_eq!(
            found(text).iter().map(|t| t.to_lowercase()).collect::<Vec<_>>(),
            ["surveyor, rural practice"],
            "{text}"
        );
    }
    // a head of two words ("historic buildings conservation officer")
    assert_eq!(
        found("Information has been received from a Conservation officer, historic buildings, who is the patient's mother"),
        ["Conservation officer, historic buildings"]
    );
    // a list before the relative is no title: "the nurse, the doctor, who is the patient's"
    assert!(found("seen by the ward, the clinic, who is the patient's GP").is_empty());
    // the form's title with one comma, closed by its bracket
    assert_eq!(
        found("a spontaneous report from a contactable Clinical scientist, histocompatibility and immunogenetics (patient's husband). The"),
        ["Clinical scientist, histocompatibility and immunogenetics"]
    );
    assert!(
        found("from a contactable physician, a nurse, a friend (patient's husband)").is_empty()
    );
    // a form title of the world, up to seven words
    assert_eq!(
        found("from a contactable técnico de sistemas de comunicações via rádio (patient). A"),
        ["técnico de sistemas de comunicações via rádio"]
    );
    assert_eq!(
        found("from a contactable technicien en traitement des déchets reporting for herself."),
        ["technicien en traitement des déchets"]
    );
    assert!(found(
        "on 22-JUN-1998 RA (deltoid). Reportedly Mom called next day - states (the patient's) arm"
    )
    .is_empty());
    assert_eq!(
        found("This is a spontaneous report from a contactable nurse (patient). A 33-year-old"),
        ["nurse"]
    );
    assert_eq!(
        found("from a contactable Other Health Professional (patient). A 45-year"),
        ["Other Health Professional"]
    );
    assert_eq!(
        found("from a contactable other health professional reporting for herself. A fe"),
        ["other health professional"]
    );
    assert_eq!(
        found("a spontaneous report from a contactable nurse reported for herself. a 63-years-old"),
        ["nurse"]
    );
    assert_eq!(
        found("a spontaneous report from a contactable pharmacist (patient) reported for herself"),
        ["pharmacist"]
    );
    assert_eq!(
        found("from a contactable physician (patient's husband). The physician"),
        ["physician"]
    );
    assert_eq!(
        found("Patient is a 46y/o male certified nursing assistant (CNA).  He received"),
        ["certified nursing assistant", "CNA"]
    );
    assert_eq!(
        found("my husband who is a nurse anesthetist helped me"),
        ["nurse anesthetist"]
    );
    assert_eq!(
        found("I am working as registered nurse, our unit"),
        ["registered nurse"]
    );
    assert_eq!(
        found("I am a resident physician/ employee at the"),
        ["resident physician"]
    );
    assert_eq!(
        found("(within 4 weeks). Registered nurse (patient) was calling"),
        ["Registered nurse"]
    );
    assert_eq!(found("A 49-YEAR-OLD FEMALE NURSE RECEIVED"), ["NURSE"]);
    assert_eq!(found("she works as a teacher in Lyon"), ["teacher"]);
    // the work named before "as a"
    assert_eq!(
        found("Unable to perform full job tasks as a dental lab technician."),
        ["dental lab technician"]
    );
    assert_eq!(found("in my role as a pharmacist I see"), ["pharmacist"]);
    // an unlisted title ends where the sentence goes on ("as I am left hand dominant")
    assert_eq!(
        found("I work as a lab technician as I am left hand dominant."),
        ["lab technician"]
    );
    assert_eq!(
        found("Unable to perform full job tasks as a dental lab technician as I am left hand dominant."),
        ["dental lab technician"]
    );
    // (never a sentence after "as": "unable to perform full job tasks as I am left hand
    // dominant")
    assert!(found("Unable to perform full job tasks as I am left hand dominant.").is_empty());
    // (a role that is no occupation names none)
    assert!(found("in her role as a mother she").is_empty());
    assert_eq!(
        found("Information has been received from a physician, who is the patient's mother"),
        ["physician"]
    );
    assert_eq!(
        found("FUSSY X 3 HRS MOTHER IS MD - CHILD EASILY CONSOLABLE"),
        ["MD"]
    );
    assert!(found("information from a physician, who is the reporter").is_empty());
    assert_eq!(
        found("I am working as speech and language therapist, our unit"),
        ["speech and language therapist"]
    );
    assert_eq!(
        found("patient is a 34y/o male pharmacologist (media buyer).  He received"),
        ["pharmacologist", "media buyer"]
    );
    assert_eq!(found("she works as a nurse and likes it"), ["nurse"]);
    assert_eq!(
        found("I am working as English as a second language teacher, our unit"),
        ["English as a second language teacher"]
    );
    assert_eq!(found("she works as a nurse as a rule"), ["nurse"]);
    assert_eq!(
        found("(within 4 weeks). Logistics and distribution manager (patient) was calling"),
        ["Logistics and distribution manager"]
    );
    assert_eq!(
        found("(within 4 weeks). travailleur social (patient) was calling regarding"),
        ["travailleur social"]
    );
    // more than the title between the sentence and "(patient)": not a title
    assert!(found("(within 4 weeks). It was reported by the caller (patient) who").is_empty());
}

#[test]
fn a_long_title_after_the_forms_bracket() {
    assert_eq!(
        found("prior vaccinations (within 4 weeks). Operador de máquinas para elaborar alimentos y productos afines (patient) was calling"),
        ["Operador de máquinas para elaborar alimentos y productos afines"]
    );
    assert!(found("Reportedly Mom called next day - states (the patient's)").is_empty());
}

#[test]
fn long_form_titles_and_connectors_of_other_languages() {
    assert_eq!(
        found("from a contactable técnico en operaciones de tecnología de la información y las comunicaciones (patient). A 87-year-old"),
        ["técnico en operaciones de tecnología de la información y las comunicaciones"]
    );
    assert_eq!(
        found("on 10/07/2020. The patient works as a pintor y empapelador. Heart rate"),
        ["pintor y empapelador"]
    );
    assert_eq!(found("She works as a nurse at the hospital."), ["nurse"]);
    for text in [
        "He went back to work as usual.",
        "She worked as normal, then fainted.",
        "He works as a team with his sister.",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
    // a report about the patient is no title
    assert!(found(
        "from a contactable physician reported that the patient's wife (patient's wife) had"
    )
    .iter()
    .all(|t| !t.contains("reported")));
}

#[test]
fn a_possessive_inside_a_title() {
    let f = found("a spontaneous report from a contactable politician's assistant (patient). She");
    assert!(f.contains(&"politician's assistant"), "{f:?}");
    let f = found("from a contactable politician\u{2019}s assistant (patient's husband). The");
    assert!(f.contains(&"politician\u{2019}s assistant"), "{f:?}");
}

#[test]
fn a_title_of_any_language_with_a_second_one_in_brackets() {
    assert_eq!(
        found("Patient is a 32y/o male employée administrative (MÉDECIN SPÉCIALISTE).  He"),
        ["employée administrative", "MÉDECIN SPÉCIALISTE"]
    );
    assert_eq!(
        found("Patient is a 37y/o male personal directivo de la administración pública (OPERARIO EN CEMENTO ARMADO Y ENFOSCADO)."),
        [
            "personal directivo de la administración pública",
            "OPERARIO EN CEMENTO ARMADO Y ENFOSCADO"
        ]
    );
    // a German title with its gender suffix and its specialty in brackets, then the second
    assert_eq!(
        found("Patient is a 53y/o male Agrartechniker*in (Tierproduktion) (Hausarzt).  He"),
        ["Agrartechniker*in (Tierproduktion)", "Hausarzt"]
    );
    // clinical phrases with brackets, and brackets that do not close the phrase
    assert!(found("Patient is a 46y/o male with no history (see below).").is_empty());
    assert!(found("Patient is a 46y/o male with no history (see below) (twice) again.").is_empty());
    assert!(found("Patient is a 46 yo male presenting to the ER (walk-in).").is_empty());
    assert!(found("He was a 46 yo male smoker (20 pack years).").is_empty());
    assert!(found("Patient is a 46y/o male Kowalski (MRN 1234) seen").is_empty());
    assert!(found("She is a pleasant lady (see notes).").is_empty());
    assert_eq!(
        found("Patient is a 72y/o male agent des impôts (ÉLECTRICIENNE DE BÂTIMENT).  He"),
        ["agent des impôts", "ÉLECTRICIENNE DE BÂTIMENT"]
    );
    assert_eq!(
        found("Patient is a 46y/o male certified nursing assistant (CNA).  He received"),
        ["certified nursing assistant", "CNA"]
    );
    // Faker's inverted title with its comma
    assert_eq!(
        found("Patient is a 19y/o male Conservation officer, historic buildings (Heritage manager).  He"),
        ["Conservation officer, historic buildings", "Heritage manager"]
    );
    assert!(found("Patient is a 46y/o male, smoker, obese (BMI 41) seen").is_empty());
}

#[test]
fn every_listed_title_fits_the_longest_title_read() {
    let longest = OCCUPATIONS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(' ').count())
        .max();
    assert_eq!(longest, Some(super::titles::MAX_LISTED_TITLE_WORDS));
    assert_eq!(
        found("Pt is a retired baker, used to own a shop"),
        ["baker"]
    );
    assert_eq!(
        found("Pt's father is a firefighter (Portland)"),
        ["firefighter"]
    );
    assert_eq!(
        found("pt works 2nd shift as a forklift operator in cicero"),
        ["forklift operator"]
    );
    assert_eq!(
        found("PT IS A RETIRED MAIL CARRIER. WIFE"),
        ["MAIL CARRIER"]
    );
    assert_eq!(found("and a physician (patient) who got"), ["physician"]);
    assert_eq!(found("Patient is an RN here"), ["RN"]);
    // the form says whose, so a title no list knows counts
    assert_eq!(
        found("report from a contactable técnico em pecuária (patient). A 43"),
        ["técnico em pecuária"]
    );
    assert_eq!(
        found("from a contactable ingeniero civil reporting on himself. His"),
        ["ingeniero civil"]
    );
    // (the list's "spatial designer" before "(patient)" too; the longer span wins later)
    assert_eq!(
        found("a contactable Interior and spatial designer (patient). A 34")[0],
        "Interior and spatial designer"
    );
    assert_eq!(
        found("(within 4 weeks). Systemadministrator (patient) was calling"),
        ["Systemadministrator"]
    );
}

#[test]
fn nobody_elses_occupation() {
    // the reporter's qualification, a nurse who is not the patient
    assert!(
        found("This is a spontaneous report from a contactable nurse. A 33-year-old").is_empty()
    );
    assert!(found("from a contactable physician reporting for a patient").is_empty());
    assert!(found("The nurse gave the vaccine; the pharmacist was called.").is_empty());
    assert!(found("46 yo male presented to the nurse").is_empty());
    assert!(found("she is a smoker").is_empty());
    assert!(found("on 02Jan2021, at 61-year-old. Medical history: none").is_empty());
    // roles, not occupations, in the Pfizer form
    assert!(found("from a contactable consumer (patient). A 43").is_empty());
    assert!(found("from a contactable consumer reporting for herself. A").is_empty());
    assert!(found("weeks). Consumer (patient) was calling").is_empty());
    assert!(found("was seen. The (patient) was calling").is_empty());
    // not the form: more than one word before "(patient)", or no sentence end before it
    assert!(found("we saw Hans (patient) twice").is_empty());
}

#[test]
fn words_of_any_script_and_no_panic_at_edges() {
    assert!(found("contactable").is_empty());
    assert!(found("I am a").is_empty());
    assert!(found("(patient)").is_empty());
    assert_eq!(found("Élise, 34 ans, I am a nurse"), ["nurse"]);
    assert!(found("I am a ナース (patient)").is_empty());
}

#[test]
fn a_title_written_head_first() {
    for (text, title) in [
        (
            "This is a spontaneous report from a contactable Engineer, water (patient).",
            "Engineer, water",
        ),
        (
            "THIS IS A SPONTANEOUS REPORT FROM A CONTACTABLE ENGINEER, WATER (PATIENT).",
            "ENGINEER, WATER",
        ),
        (
            "pt is a librarian, public who stuck self w/ a needle",
            "librarian, public",
        ),
        (
            "a spontaneous report from a contactable buyer, industrial reporting on himself.",
            "buyer, industrial",
        ),
        (
            "I am a Teacher, English as a foreign language/ employee at the Hospital.",
            "Teacher, English as a foreign language",
        ),
        (
            "Information has been received from a GP, who is the patient's mother, concerning",
            "GP",
        ),
    ] {
        assert_eq!(found(text), [title], "{text}");
    }
    // a list after a title is no part of it
    assert_eq!(
        found("She works as a nurse, water aerobics on weekends."),
        ["nurse"]
    );
}

#[test]
fn an_unlisted_title_in_the_manufacturers_sentence_on_a_relative() {
    assert_eq!(
        found("Information has been received from a kinésithérapeute, who is the patient's mother, concerning"),
        ["kinésithérapeute"]
    );
    assert_eq!(
        found("INFORMATION HAS BEEN RECEIVED FROM A DENTAL HYGIENIST, WHO IS THE PATIENT'S MOTHER"),
        ["DENTAL HYGIENIST"]
    );
    // the reporter who is no patient nor relative is left alone
    assert!(
        found("Information has been received from a pharmacist concerning a patient").is_empty()
    );
}

#[test]
fn a_title_with_the_german_gender_ending() {
    assert_eq!(
        found(
            "a spontaneous report from a contactable Verkehrstechniker*in (patient). A 75-year-old"
        ),
        ["Verkehrstechniker*in"]
    );
    assert_eq!(
        found("A SPONTANEOUS REPORT FROM A CONTACTABLE VERKEHRSTECHNIKER*IN (PATIENT)."),
        ["VERKEHRSTECHNIKER*IN"]
    );
    assert_eq!(
        found("She works as a Pflegefachkraft, Lehrer:innen too"),
        ["Pflegefachkraft"]
    );
    // a star that starts no ending is left alone
    assert_eq!(found("She works as a nurse*"), ["nurse"]);
}

#[test]
fn a_one_word_title_of_another_language_accented_or_not() {
    assert_eq!(
        found("CRYING X 3 HRS MOTHER IS FARMACÉUTICO - CHILD EASILY CONSOLABLE"),
        ["FARMACÉUTICO"]
    );
    assert_eq!(
        found("the patient is a 45 yo male Altenpfleger, with"),
        ["Altenpfleger"]
    );
    // the care titles Faker's job locales lack (lexicons/world.py WORLD_CARE_TITLES)
    for (text, want) in [
        (
            "CRYING X 3 HRS MOTHER IS cuidadora - CHILD EASILY",
            "cuidadora",
        ),
        (
            "crying x 3 hrs mother is sjuksköterska - child easily",
            "sjuksköterska",
        ),
        (
            "The patient is a 34 year old enfermera who received",
            "enfermera",
        ),
        ("the patient's mother, a pielęgniarka, said", "pielęgniarka"),
    ] {
        assert_eq!(found(text), [want], "{text}");
    }
}

#[test]
fn a_title_of_letters_of_several_bytes_does_not_crash() {
    // the words after a relative's title were compared byte by byte with "in ", "at ": "spé"
    // cut the "é", and the whole document failed; this call panicked
    let _ = found("the patient's mother, a médecin spécialiste");
    assert_eq!(
        found("Information has been received from a médecin spécialiste, who is the patient's"),
        ["médecin spécialiste"]
    );
}

#[test]
fn a_head_first_title_of_another_language_and_a_note() {
    assert_eq!(
        found("where she was employed as a Professor de artes visuais no ensino superior (artes plásticas e multimídia). She"),
        ["Professor de artes visuais no ensino superior"]
    );
    assert_eq!(
        found("crying x 3 hrs mother is cuidadora de idosos - child easily consolable"),
        ["cuidadora de idosos"]
    );
    assert_eq!(
        found("no prior vaccinations (within 4 weeks). Empleado de servicios de apoyo a la producción (patient) was calling"),
        ["Empleado de servicios de apoyo a la producción"]
    );
    assert_eq!(
        found("a spontaneous report from a contactable Costureiro, a máquina na confecção em série (patient). A"),
        ["Costureiro, a máquina na confecção em série"]
    );
    assert_eq!(
        found("no prior vaccinations (within 4 weeks). Scientist, research (medical) (patient) was calling"),
        ["Scientist, research (medical)"]
    );
    assert_eq!(
        found("a spontaneous report from a contactable Engineer, civil (consulting) reporting on himself. A"),
        ["Engineer, civil (consulting)"]
    );
    // an English title goes on with its sentence
    assert_eq!(
        found("she was employed as a nurse de facto at home"),
        ["nurse"]
    );
    assert_eq!(
        found(
            "a spontaneous report from a contactable ENGINEER, CIVIL (CONTRACTING) (PATIENT). A 34"
        ),
        ["ENGINEER, CIVIL (CONTRACTING)"]
    );
    assert_eq!(
        found("a spontaneous report from a contactable Engineer, civil (consulting) reporting for herself. A female"),
        ["Engineer, civil (consulting)"]
    );
    assert_eq!(
        found("Information has been received from a Operador de prensa de moldar vidro, who is the patient's mother, concerning"),
        ["Operador de prensa de moldar vidro"]
    );
}

#[test]
fn a_listed_title_after_words_no_list_knows_where_it_ends_its_phrase() {
    assert_eq!(
        found("CKD 3b. Retired lorry driver.\nVitals: PT IS A ROUTE TAXI OPERATOR (MOBAY)"),
        ["lorry driver", "ROUTE TAXI OPERATOR"]
    );
    assert_eq!(
        found("pt retired sugar worker (caroni), lives; Work: sugar cane worker; lives"),
        ["sugar worker", "sugar cane worker"]
    );
    // a description, an adverb, a person, a title going on into a sentence
    assert!(found(
        "pt is a pleasant bus driver. patient was a positive person for Covid. Now i am \
         completely different person, I. He is a retired lorry driver who"
    )
    .is_empty());
    // under a physician's care
    assert!(found(
        "pt was under MD cardiologist for irreg heart; pt is seeing neurologist for sxs;"
    )
    .is_empty());
}

#[test]
fn a_title_no_list_knows_after_a_label_of_ones_work() {
    assert_eq!(
        found("Occupation: site supervisor, Gulf Horizon LLC.\nWork: steel fixer for Al Dafna; JOB: ROOF THATCHER"),
        ["site supervisor", "steel fixer", "ROOF THATCHER"]
    );
    // a value that says there is none, a sentence after the label
    assert!(found(
        "Occupation: unemployed. Work: retired; Job: none\nOccupation: n/a. Work: at home with kids"
    )
    .is_empty());
}

#[test]
fn an_occupation_after_an_age_in_a_persons_description() {
    assert_eq!(
        found(
            "told her mother (r. petkova, 47, accountant) she had; his son, L. Oberhuber (31, \
             police officer with the police), called; (aged 58, nurse at ukc).\npt: ana z., \
             29 y, f, kindergarten teacher (vrtec), emšo; PATIENT: JOHN WARE, 35 YRS, M, \
             SECURITY GUARD AT OK TEDI"
        ),
        [
            "accountant",
            "police officer",
            "nurse",
            "kindergarten teacher",
            "SECURITY GUARD"
        ]
    );
    // a count, a dose, a state of health after the age
    assert!(
        found("(31, positive for covid); aged 40, pain in the arm; 29 y, f, afebrile").is_empty()
    );
}

#[test]
fn an_occupation_in_a_relatives_or_the_patients_description() {
    assert_eq!(
        found("His son, Dr. Felix Meißner, a neurologist at the Charité, was consulted."),
        ["neurologist"]
    );
    assert_eq!(
        found("Reporter: his son, Dr. Yoni Mizrahi (יוני מזרחי), a family physician with Clalit."),
        ["family physician"]
    );
    assert_eq!(
        found("Patient: Theresia Oberhuber (58), born 14.02.1963, hairdresser with her own salon."),
        ["hairdresser"]
    );
    assert_eq!(found("(she is 58, nurse at ukc)."), ["nurse"]);
    // the patient introduced by age, then named and described
    assert_eq!(
        found("A 29-year-old woman, Mrs Chiamaka Blessing Okonkwo, a banker with Access Bank."),
        ["banker"]
    );
    assert_eq!(
        found("A 59-year-old man, a civil servant at the Municipality of Sfax, had a rash."),
        ["civil servant"]
    );
    assert_eq!(
        found(
            "Segnalatrice: Luisa Zanon, figlia della paziente, insegnante di lettere alla scuola."
        ),
        ["insegnante di lettere"]
    );
    assert_eq!(
        found("hi, i'm 41, head chef at little saigon kitchen."),
        ["head chef"]
    );
    assert_eq!(
        found(
            "Patient: Mariam Al Ketbi (مريم الكتبي), 41 years, female, Emirates ID \
             784-1982-6031759-3, MRN 0861273, HR officer at the Authority."
        ),
        ["HR officer"]
    );
    // the reporter's qualification, and a description that goes on as a sentence
    assert!(found("Reporter: dr. Luc Dewaele, pneumologist, UZ Leuven.").is_empty());
    assert!(found("His wife, who drove him to the clinic, a nurse gave him oxygen.").is_empty());
    assert!(found("Her daughter, Ana. The nurse gave the dose, nurse practitioner.").is_empty());
}

#[test]
fn an_occupation_after_a_verb_of_work_in_another_language() {
    assert_eq!(
        found("Trabaja como comerciante: vende flores en el mercado."),
        ["comerciante"]
    );
    assert_eq!(
        found("Lavora come bagnina e cassiera allo stabilimento balneare."),
        ["bagnina e cassiera"]
    );
    assert_eq!(
        found("Er ist von Beruf Koch im Gasthof Zur Linde."),
        ["Koch"]
    );
    assert_eq!(
        found("PROFESSIONE: COLLABORATRICE SCOLASTICA PRESSO LA SCUOLA."),
        ["COLLABORATRICE SCOLASTICA"]
    );
    assert_eq!(
        found("Elle travaille comme aide-soignante depuis 2010."),
        ["aide-soignante"]
    );
    assert_eq!(found("Hij werkt als kapper in Utrecht."), ["kapper"]);
    // a value that says there is none, or a status
    assert!(found("Beruf: keine. Profesión: jubilado.").is_empty());
}

#[test]
fn a_pupil_or_student_of_a_named_school() {
    assert_eq!(
        found("A 16-year-old boy (Kristjan Tamm, pupil of Tallinna Reaalkool) had a rash."),
        ["pupil"]
    );
    assert_eq!(
        found("Kwabena Sarfo, male, JHS 2 pupil at Abura Presby Junior High School."),
        ["pupil"]
    );
    assert_eq!(
        found("PT IS 14, PUPIL AT ST JOHN BOSCO SCHOOL, FEVER AFTER DOSE"),
        ["PUPIL"]
    );
    assert_eq!(
        found("Her son, a medical student at Makerere University, had fever."),
        ["medical student"]
    );
    // the eye's pupil and a student of nothing named
    assert!(
        found("Left pupil of the eye reactive; PUPIL AT REST 3 MM; a student at school").is_empty()
    );
    assert!(found("right pupil at 3 mm, reactive to light; pupils of both eyes equal").is_empty());
}

#[test]
fn an_occupation_one_used_to_have() {
    assert_eq!(
        found(
            "mum used to be a seamstress at the silk factory; he used to be a tram driver for the city"
        ),
        ["seamstress", "tram driver"]
    );
    // (the subject left out, as a list of facts writes it; a trade no English list had)
    assert_eq!(
        found("lives at hämeenkatu 9 a 4, 20500 turku, used to be a tram driver for the city."),
        ["tram driver"]
    );
    assert_eq!(
        found("mum used to be a weaver at the silk factory"),
        ["weaver"]
    );
    assert!(found("it used to be a problem; she used to be a smoker").is_empty());
}

#[test]
fn an_occupation_after_the_employer_or_a_self_employment() {
    assert_eq!(
        found("The patient is employed at Tata Consultancy Services as an analyst; no allergies."),
        ["analyst"]
    );
    assert_eq!(
        found("He works for Toyota Tsusho as a logistics manager and had chest pain."),
        ["logistics manager"]
    );
    assert_eq!(
        found("The patient works night shifts at Foxconn in Shenzhen as an assembly line worker."),
        ["assembly line worker"]
    );
    assert_eq!(
        found("Patient is a 34 y/o female kindergarten teacher at Przedszkole nr 7."),
        ["kindergarten teacher"]
    );
    assert_eq!(
        found("Pt is self-employed tailor and had urticaria."),
        ["tailor"]
    );
    // the vaccine given as a booster is no occupation
    assert!(found("She works at the clinic as usual; dose given as a booster.").is_empty());
}

#[test]
fn an_occupation_after_shorthand_labels() {
    assert_eq!(
        found("occ: farmer; pt c/o fever, chills x 3 days"),
        ["farmer"]
    );
    assert_eq!(found("OCC: TAXI DRIVER; PT C/O FEVER"), ["TAXI DRIVER"]);
    assert_eq!(found("pt is hcw; c/o sob 30 min p/ vax"), ["hcw"]);
}

#[test]
fn a_title_in_a_list_of_identifiers_and_dates() {
    for (text, title) in [
        (
            "PERSONAL NO. 46001028417, BORN 02.06.1980, UNDERGROUND DRILLER, TABEL NO. GM-7734.",
            "UNDERGROUND DRILLER",
        ),
        (
            "resident id 320582198706143728, employee no. hr-0731946, quality inspector, workshop 3.",
            "quality inspector",
        ),
    ] {
        assert_eq!(found(text), [title], "{text}");
    }
    // a date before a sentence about a nurse is no list
    assert!(found("Seen on 12/25/2020, nurse called the doctor at once.").is_empty());
}

#[test]
fn a_title_after_a_name_and_a_comma_that_its_employer_follows() {
    for (text, title) in [
        (
            "Patient Josefa Naulivou (FNPF no. 41927760), a customs officer at Fiji Revenue and Customs Service, received",
            "customs officer",
        ),
        (
            "emeka eze, civil servant w/ fct water board. add: plot 1147 cadastral zone",
            "civil servant",
        ),
        (
            "PATIENT: IRAKLI BERIDZE, PERSONAL NO. 01008047391, A MARSHRUTKA DRIVER FOR TBILISI TRANSPORT COMPANY.",
            "MARSHRUTKA DRIVER",
        ),
        // after an opening bracket, and "@" for "at"
        (
            "The patient (a phlebotomist with Quest Diagnostics at the draw station) reported",
            "phlebotomist",
        ),
        (
            "10/18/91 PT SIERRA VOGEL (34 YO WF, MEAT PACKER @ IBP STORM LAKE) EXP TEMP ELEVATION",
            "MEAT PACKER",
        ),
    ] {
        assert_eq!(found(text), [title], "{text}");
    }
    // a reporter's work without an employer, a clause
    for text in [
        "The reporter, a nurse, said the patient recovered on day 3.",
        "On day 2, a nurse called the patient at home and she was fine.",
        "Nurse Stat call, 911 initiated, MD at Bedside. Resident awake.",
        "pt recv vax;on 14jul95, visited MD for D&C & found out she was pregnant",
        "seen in the ER (RN at bedside) and sent home (MD @ clinic)",
        "Adverse drug reaction reporting form (copy for the Department of Drug Administration)",
        "SARS CoV-2 (agent for COVID -19) not detected by PCR",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
}

#[test]
fn the_forms_reporting_for_self_in_brackets_or_short_and_work_part_time_as() {
    assert_eq!(
        found("a spontaneous report from a contactable healthcare professional (reporting for herself; aïssatou diop)"),
        ["healthcare professional"]
    );
    assert_eq!(
        found("a spontaneous report from a contactable pharmacist reporting for self (minh quan vo, a"),
        ["pharmacist"]
    );
    assert_eq!(
        found("Hx none. Works part time as a cashier at the mall. Dad Grant reports"),
        ["cashier"]
    );
    // another's report stays the reporter's qualification
    assert!(
        found("a spontaneous report from a contactable pharmacist reporting for a patient.")
            .is_empty()
    );
}

#[test]
fn after_an_age_a_title_whose_first_words_no_list_knows() {
    assert_eq!(
        found("Walker, Mark 52 yo log truck driver for Roseburg Forest Products; rt hand"),
        ["log truck driver"]
    );
    assert_eq!(
        found("PT EARL FREEMAN (48 Y/O CONRAIL TRACK INSPECTOR, ONEIDA NY) REPORTED"),
        ["CONRAIL TRACK INSPECTOR"]
    );
    assert_eq!(
        found("a 52 yo male log truck driver; rt hand"),
        ["log truck driver"]
    );
    // no listed title at the end of the phrase: no occupation
    assert!(found("a 45 yo female heavy smoker, developed fever").is_empty());
    assert!(found("a 45 yo female with severe headache, nurse called").is_empty());
}
