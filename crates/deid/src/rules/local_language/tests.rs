//! Tests of `rules/local_language`.
use crate::rules::{words_with_reason, Reason};

fn local(text: &str) -> Vec<String> {
    words_with_reason(text, Reason::LocalWord)
}

#[test]
fn ordinary_words_of_a_spanish_narrative_are_released() {
    let text = "Notificación espontánea. La paciente presentó prurito y fiebre después \
                de la segunda dosis del tratamiento; se suspendió el medicamento y mejoró.";
    let words = local(text);
    for w in [
        "paciente",
        "presentó",
        "prurito",
        "fiebre",
        "después",
        "tratamiento",
    ] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    // a sentence's first word is capitalised by position only, unless a capitalised word
    // follows it ("Mercado Central" is a name wherever it stands)
    assert!(words.iter().any(|x| x == "Notificación"), "{words:?}");
    let words = local(
        "La paciente presentó fiebre. Mercado Central la atendió; se suspendió el \
         tratamiento y mejoró mucho después de la dosis.",
    );
    assert!(!words.iter().any(|x| x == "Mercado"), "{words:?}");
}

#[test]
fn frequent_words_that_are_surnames_elsewhere_are_released_given_names_are_not() {
    let words = local(
        "La paciente presentó fiebre por la noche y los síntomas mejoraron; se suspendió \
         el tratamiento y la paciente juan mejoró después de la dosis.",
    );
    for w in ["por", "los", "el"] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    assert!(!words.iter().any(|x| x == "juan"), "{words:?}");
    let words = local(
        "La patiente a présenté une éruption dans les jours suivant la dose; le \
         traitement a été arrêté et elle va mieux.",
    );
    assert!(words.iter().any(|x| x == "dans"), "{words:?}");
}

#[test]
fn a_german_narratives_nouns_are_ordinary_words_its_names_are_not() {
    let text = "Verdachtsfall einer Nebenwirkung. Die Patientin erhielt die erste Dosis des \
                Impfstoffs. Etwa sechs Stunden nach der Impfung traten Fieber und \
                Kopfschmerzen auf. Sie wurde mit Paracetamol behandelt, die Beschwerden \
                klangen nach drei Tagen ab. Ihr Hausarzt, Herr Dr. Huber, meldete den Fall; \
                Frau Müller aus der Praxis Sonnenhof rief an.";
    let words = local(text);
    for w in [
        "Patientin",
        "Impfung",
        "Fieber",
        "Kopfschmerzen",
        "Beschwerden",
        "Stunden",
        "und",
        "mit",
    ] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    for w in ["Huber", "Müller", "Praxis", "Sonnenhof"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    // (the titles are no names: `unsafe/salutations.txt` lists them, and no span holds them)
    for w in ["Herr", "Frau"] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    // a surname that is a noun too, after a given name
    let words = local(
        "Die Patientin hatte nach der Impfung Fieber und Schwindel; ihre Tochter Marie \
         Stein wurde informiert, die Beschwerden sind nach drei Tagen abgeklungen.",
    );
    assert!(words.iter().any(|x| x == "Beschwerden"), "{words:?}");
    assert!(!words.iter().any(|x| x == "Stein"), "{words:?}");
    // a capitalised noun right after a title is a name ("Herr Fieber")
    let words = local(
        "Der Patient hatte nach der Impfung Fieber und wurde bei Herr Wagner behandelt; \
         die Beschwerden sind nach drei Tagen abgeklungen, eine Meldung wurde gemacht.",
    );
    assert!(!words.iter().any(|x| x == "Wagner"), "{words:?}");
}

#[test]
fn names_addresses_and_other_styles_keep_their_decision() {
    // a name on an UNSAFE list, a street's words next to its numbers
    let text = "La paciente rosa vive en la calle 23 entre 12 y 14, apto 32, y presentó \
                fiebre después de la dosis; se suspendió el tratamiento y mejoró mucho.";
    let words = local(text);
    for w in ["rosa", "entre", "apto", "calle"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    let words = local(
        "La paciente presentó fiebre y tos; vive en la colonia centro con su hija. Se \
         suspendió el tratamiento y mejoró mucho después de tres semanas.",
    );
    assert!(words.iter().any(|x| x == "fiebre"), "{words:?}");
    for w in ["colonia", "centro", "hija"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    let words = local(
        "La paciente, Ana Pérez, 34 años, comerciante en el mercado, presentó fiebre; su \
         esposo José (chauffeur de taxi) la trajo. Se suspendió el tratamiento y mejoró.",
    );
    assert!(words.iter().any(|x| x == "fiebre"), "{words:?}");
    // "y" between two words it leaves masked ("coluria y acolia"), and next to released ones
    let words = local(
        "La paciente presentó fiebre y tos tras la dosis; tuvo coluria y acolia. Se \
         suspendió el tratamiento y mejoró mucho después de tres semanas.",
    );
    assert_eq!(words.iter().filter(|w| *w == "y").count(), 2, "{words:?}");
    for w in ["comerciante", "chauffeur", "taxi"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    // a particle between capitals is a name's or a street's, elsewhere an ordinary word
    let words = local(
        "La patiente habite au Domaine une Fois; elle a présenté une éruption après la \
         dose, le traitement a été arrêté et elle va mieux.",
    );
    assert_eq!(words.iter().filter(|w| *w == "une").count(), 1, "{words:?}");
    // ALL CAPS and lower-case narratives: a name looks like any word, so only words no
    // name, place or street list holds, and none next to such a word or an institution
    for text in [text.to_uppercase(), text.to_lowercase()] {
        let words: Vec<String> = local(&text).iter().map(|w| w.to_lowercase()).collect();
        // ("tratamiento" follows "el", a surname elsewhere)
        assert!(words.iter().any(|x| x == "mucho"), "{words:?}");
        for w in [
            "rosa",
            "paciente",
            "entre",
            "apto",
            "calle",
            "fiebre",
            "presentó",
        ] {
            assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
        }
    }
    let text = "el paciente, pescador artesanal, presentó fiebre después de la dosis; su hija \
                es maestra en la escuela n.º 47 de pocitos y vive en fortaleza-ce. se \
                suspendió el tratamiento y mejoró mucho después de tres semanas (ex \
                portuario, anp).";
    for words in [local(text), local(&text.to_uppercase())] {
        let words: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
        for w in ["artesanal", "escuela", "ce", "anp", "pocitos"] {
            assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
        }
        assert!(words.iter().any(|x| x == "fiebre"), "{words:?}");
    }
    // an address runs across an abbreviation's period; students are occupations (a word no
    // list knows counts as a name's neighbour only where it is a name list's: "ucsf
    // intermedia" is released, as counting every unknown word cost 0.5-0.8 points of
    // precision on the world sets for two tokens of dev-world-3)
    let text = "mi hijo tiene fiebre desde ayer y tos; vivo en privada de los jazmines mz 4 lt \
                12, col. siete regiones, santa lucía del camino. je m'appelle seydou kanouté, \
                étudiant en médecine; ucsf intermedia el divisadero; se suspendió el \
                tratamiento y mejoró mucho después de tres semanas.";
    let words = local(text);
    for w in ["siete", "regiones", "étudiant"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    assert!(words.iter().any(|x| x == "fiebre"), "{words:?}");
    // English shorthand is no other language for its letters ("c/o", "n/v", "h/a")
    assert!(
        local("primarily n/v;also c/o h/a & body aches;seen by PMD;sx resolved w/in 48hr;")
            .is_empty()
    );
    // switched off (DEID_LOCAL_WORDS=0): the model's and the other rules' decision
    assert!(!local(text).is_empty());
    let off = crate::rules::RuleEngine::embedded().with_local_words(false);
    let doc = crate::tokenize::Tokenized::new(text);
    let out = off.apply(&doc, &crate::tokenize::OffsetMap::new(text));
    assert!(!out.rules.iter().any(|r| r.reason == Reason::LocalWord));
    // an English narrative: nothing of it is another language's
    assert!(local(
        "The patient developed a rash after the second dose; the drug was stopped and she \
         recovered. No rechallenge."
    )
    .is_empty());
}

#[test]
fn a_health_post_before_its_name_is_not_released() {
    for text in [
        "El 22/09/2023, en el puesto de salud Los Cocos, le indicaron reposo y paracetamol tras \
         la vacuna; la paciente mejoró después de la dosis.",
        "No dia 22/09/2023, no posto de saúde Vila Esperança, recebeu a segunda dose da vacina \
         e teve febre; a paciente melhorou depois.",
        "Le 21/08/2023, au poste de santé de Golf Sud, elle a reçu la deuxième dose du vaccin \
         et la patiente a eu de la fièvre.",
        "Extração do dente em fevereiro de 2024 na clínica dentária Sorriso do Mondego, depois \
         a paciente teve febre e a vacina foi adiada.",
    ] {
        let words = local(text);
        for w in [
            "puesto",
            "posto",
            "poste",
            "salud",
            "saúde",
            "santé",
            "clínica",
            "dentária",
        ] {
            assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
        }
        // the narrative's other words still read
        assert!(
            words
                .iter()
                .any(|x| ["vacina", "vacuna", "vaccin"].contains(&x.as_str())),
            "{words:?}"
        );
    }
}

#[test]
fn without_capitals_a_schools_or_a_companys_name_keeps_its_words() {
    // the words after an institution's kind and before a legal form are its name
    for text in [
        "segnalazione della rete nazionale di farmacovigilanza, inserita il 16/03/2021. \
         insegnante di matematica al liceo scientifico galileo galilei, codice fiscale.",
        "LA PACIENTE TRABAJA EN LA EMPRESA. COSTURERA EN CONFECCIONES RIBEIRINHA LDA, \
         PRESENTÓ FIEBRE Y DOLOR DESPUÉS DE LA SEGUNDA DOSIS DEL TRATAMIENTO.",
    ] {
        let words: Vec<String> = local(text).iter().map(|w| w.to_lowercase()).collect();
        assert!(!words.is_empty(), "{text}");
        for w in ["galileo", "ribeirinha"] {
            assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
        }
    }
}

#[test]
fn an_occupation_after_an_age_and_sex_keeps_its_words() {
    let text = "Paciente Joaquim Albuquerque (47 yo m, motorista de ônibus, Recife) \
                recebeu a vacina e apresentou febre e dor de cabeça no dia seguinte; \
                a febre passou depois de dois dias sem tratamento.";
    let words = local(text);
    assert!(words.iter().any(|x| x == "apresentou"), "{words:?}");
    for w in ["ônibus", "motorista"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
}

#[test]
fn a_header_in_the_reporters_language_inside_an_english_report_is_read_in_its_language() {
    // the Spanish sentence releases its ordinary words; the English report around it, its names
    // and its ALL CAPS twin do not change
    let text = "Case report received from the regional centre. La paciente presentó fiebre y \
                dolor después de la segunda dosis del tratamiento. The patient was a 45 year \
                old woman, Carmen Ruiz de Alarcón, who had received nivolumab every two weeks \
                for melanoma and developed colitis after the fourth cycle.";
    let words = local(text);
    for w in [
        "paciente",
        "presentó",
        "fiebre",
        "dolor",
        "después",
        "tratamiento",
    ] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    for w in ["Carmen", "Ruiz", "Alarcón"] {
        assert!(!words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    // (the "de" of the Spanish sentence, not the name's)
    assert_eq!(words.iter().filter(|x| *x == "de").count(), 1, "{words:?}");
    assert!(local(&text.to_uppercase()).is_empty());
}

#[test]
fn the_words_beside_a_dates_number_are_released_a_weekday_glued_to_a_town_is_not() {
    let text = "La paciente presentó fiebre y dolor después de la segunda dosis del tratamiento. \
                Ingresó el 13/04/2024 por neumonía; alta el 19/04/2024 (quarta-feira), recuperada.";
    let words = local(text);
    for w in ["Ingresó", "por", "recuperada"] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    assert_eq!(words.iter().filter(|x| *x == "el").count(), 2, "{words:?}");
    assert!(!words.iter().any(|x| x == "quarta"), "{words:?}");
    // an address's numbers still keep their words
    let words = local(
        "La paciente presentó fiebre y dolor después de la segunda dosis del tratamiento; \
         vive en la calle entre 12 y 14, apto 32.",
    );
    assert!(
        !words.iter().any(|x| x == "entre" || x == "apto"),
        "{words:?}"
    );
    // a year's date says nothing of an address
    let words = local(
        "La paciente toma omeprazol desde 2021 y clindamicina desde 10/10/2024 por un absceso \
         dental; presentó diarrea con fiebre después de la segunda semana.",
    );
    assert_eq!(
        words.iter().filter(|x| *x == "desde").count(),
        2,
        "{words:?}"
    );
    // ... but a particle between a holiday and its year is the date's
    let words = local(
        "La paciente tomó el mismo antibiótico en la Navidad de 2019 sin incidencias; presentó \
         diarrea con fiebre después de la segunda semana.",
    );
    assert_eq!(words.iter().filter(|x| *x == "de").count(), 1, "{words:?}");
}

#[test]
fn a_word_hyphened_inside_a_name_stays_with_it() {
    let text = "Sage-femme: visite a domicile. Elle est marchande au marche de Fonds-des-Blancs \
                depuis deux ans; la patiente va bien, pas de fievre, allaitement sans douleur.";
    let words = local(text);
    assert!(!words.iter().any(|x| x == "des"), "{words:?}");
    // an ordinary compound keeps its words ("allaitement" and "sans" stay released)
    assert!(words.iter().any(|x| x == "sans"), "{words:?}");
}

#[test]
fn the_word_after_a_hospitals_abbreviated_head_stays_masked() {
    let text = "paciente con fiebre y tos desde el lunes. antec: tx renal 2024 (hosp. britanico), \
                inmunosupresion con tacrolimus; se suspendió el tratamiento y mejoró después.";
    let words = local(text);
    assert!(!words.iter().any(|x| x == "britanico"), "{words:?}");
    assert!(words.iter().any(|x| x == "fiebre"), "{words:?}");
}

#[test]
fn the_first_word_after_a_persons_label_stays_with_the_name() {
    let text = "NOTIFICAÇÃO ARMED-2024-0207, RECEBIDA EM 17/09/2024. DOENTE: FELICIDADE NAMBUNDU \
                KATUMBELA, 29 ANOS, ZUNGUEIRA; A DOENTE TEVE FEBRE E FELICIDADE APÓS A DOSE.";
    let words = local(text);
    assert!(words.iter().any(|x| x == "APÓS"), "{words:?}");
    // (the word itself elsewhere is released: "E FELICIDADE APÓS")
    assert_eq!(
        words.iter().filter(|x| *x == "FELICIDADE").count(),
        1,
        "{words:?}"
    );
    // ... and the name's next words
    let words = local(
        "NA SEGUNDA-FEIRA, 2 DE DEZEMBRO DE 2024. DOENTE: ZAITUNE ANCHA IMPISSA, 31 ANOS, \
         VENDEDORA; A FERIDA ANCHA E FUNDA.",
    );
    assert_eq!(
        words.iter().filter(|x| *x == "ANCHA").count(),
        1,
        "{words:?}"
    );
    // a street's name after its kind, in ALL CAPS
    let words = local(
        "SERVICO NACIONAL DE AMBULANCIAS - NOTIFICAÇÃO MZ-2025-0118. PEDREIRO NA CONSTRUTORA; \
         AVENIDA DAS FORÇAS POPULARES, CASA N.º 77, MAPUTO. O DOENTE TEVE FEBRE E VISÃO TURVA \
         APÓS A DOSE DE MEFLOQUINA.",
    );
    // (and a public service's kind, Portuguese written without its cedilla)
    assert!(!words.iter().any(|x| x == "SERVICO"), "{words:?}");
    assert!(words.iter().any(|x| x == "APÓS"), "{words:?}");
    assert!(
        !words.iter().any(|x| x == "FORÇAS" || x == "POPULARES"),
        "{words:?}"
    );
    // a neighbourhood's kind before its name, in ALL CAPS
    let words = local(
        "NOTIFICATION GN-2025-0311, REÇUE LE 12/09/2025. ORPAILLEUR POUR LA SOCIÉTÉ MINIÈRE ; \
         QUARTIER SALAMANIDA, CARRÉ 31, KANKAN. LE PATIENT A EU UNE FIÈVRE APRÈS LA DOSE.",
    );
    assert!(words.iter().any(|x| x == "FIÈVRE"), "{words:?}");
    assert!(!words.iter().any(|x| x == "QUARTIER"), "{words:?}");
    // ... with the blank that French sets before the colon
    let words = local(
        "NOTIFICATION MR-DPL-2025-0052, REÇUE LE 02/04/2025. PATIENTE : TOUTOU AHMEDOU ELKORY, \
         42 ANS, COMMERÇANTE AU MARCHÉ; LA PATIENTE A EU UNE FIÈVRE APRÈS LA DOSE.",
    );
    assert!(words.iter().any(|x| x == "FIÈVRE"), "{words:?}");
    assert!(!words.iter().any(|x| x == "TOUTOU"), "{words:?}");
    // a title's abbreviation and a word of every sentence after the label are released still
    let words = local(
        "Notificação do hospital.\nPaciente: minha mãe, Maria das Dores; \
         Paciente: Sr. Graham Ashcroft, 74 años.",
    );
    assert!(words.iter().any(|x| x == "Sr"), "{words:?}");
}

#[test]
fn a_streets_particle_before_an_elided_article_and_its_name_stays() {
    // (a French report: its ordinary "de" is released, the street's is not)
    let text =
        "Déclaration d'effet indésirable. La patiente a présenté une fièvre et une éruption \
                après la prise de médicament; elle habite au 27, rue de l'Alzette à Esch.";
    let words = local(text);
    assert!(words.iter().any(|x| x == "fièvre"), "{words:?}");
    assert_eq!(words.iter().filter(|x| *x == "de").count(), 1, "{words:?}");
}
