//! Words written in another script than the document's: in a narrative in Latin letters, a run
//! of Devanagari, Arabic, Cyrillic or Chinese is nearly always a name or a place given beside its
//! transliteration ("ramesh chandra tiwari (रमेश चंद्र तिवारी)", "Mme Naïma Lahlou (نعيمة لحلو)").
//! The model's opinion of such a word rests on few examples of its script, so the combination
//! never releases one that the rules call PHI (as it never releases a word of a script the
//! model has no characters for).

use crate::tokenize::Tokenized;

/// Per word: whether it is written in a script foreign to a document in Latin letters. Greek
/// is no foreign script here: its letters are clinical symbols ("β-hCG", "α1", "μg").
pub fn foreign_script_words(doc: &Tokenized) -> Vec<bool> {
    let (mut latin, mut other) = (0usize, 0usize);
    for i in 0..doc.len() {
        for c in doc.token_text(i).chars().filter(|c| c.is_alphabetic()) {
            match script_of(c) {
                Script::Latin => latin += 1,
                Script::Other => other += 1,
                Script::Greek => {}
            }
        }
    }
    // a document mainly in another script (a narrative in Russian, Chinese) has no foreign words
    // in this sense: its own words are for the model and the rules to read
    if other == 0 || latin < 4 * other {
        return vec![false; doc.len()];
    }
    (0..doc.len())
        .map(|i| {
            let mut letters = doc
                .token_text(i)
                .chars()
                .filter(|c| c.is_alphabetic())
                .peekable();
            letters.peek().is_some() && letters.all(|c| script_of(c) == Script::Other)
        })
        .collect()
}

#[derive(PartialEq, Eq, Clone, Copy)]
enum Script {
    Latin,
    Greek,
    Other,
}

fn script_of(c: char) -> Script {
    match c as u32 {
        0..=0x024F | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF | 0xFF21..=0xFF5A => {
            Script::Latin
        }
        0x0370..=0x03FF | 0x1F00..=0x1FFF => Script::Greek,
        // IPA and spacing modifiers, with Latin
        0x0250..=0x02FF => Script::Latin,
        _ => Script::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenize::Tokenized;

    fn foreign(text: &str) -> Vec<String> {
        let doc = Tokenized::new(text);
        foreign_script_words(&doc)
            .iter()
            .enumerate()
            .filter(|(_, f)| **f)
            .map(|(i, _)| doc.token_text(i).to_string())
            .collect()
    }

    #[test]
    fn a_name_in_its_own_script_beside_its_transliteration_is_foreign() {
        assert_eq!(
            foreign(
                "a 58-year-old male patient, ramesh chandra tiwari (रमेश चंद्र तिवारी), \
                 aadhaar 4826, received covishield on 06-apr-2021 and developed weakness"
            ),
            ["रमेश", "चंद्र", "तिवारी"]
        );
        assert_eq!(
            foreign(
                "Vaccinee: Mme Naïma Lahlou Sqalli (نعيمة لحلو الصقلي), born 1961, \
                 received her second dose of Comirnaty and had chest pain"
            ),
            ["نعيمة", "لحلو", "الصقلي"]
        );
        assert_eq!(
            foreign("PATIENT SEMYONOVA (СЕМЁНОВА) RECEIVED SPUTNIK V, FEVER ON DAY 2"),
            ["СЕМЁНОВА"]
        );
    }

    #[test]
    fn greek_symbols_and_latin_diacritics_are_not_foreign() {
        assert!(foreign("β-hCG negative, 25 μg, Ødegård and Łukasz in Kraków, 5 µg").is_empty());
    }

    #[test]
    fn a_document_in_another_script_has_no_foreign_words() {
        assert!(foreign("Пациентка Иванова получила вакцину, COVID-19, 12.03.2021").is_empty());
        assert!(foreign("患者王小明接种疫苗后发热 BNT162b2").is_empty());
    }
}
