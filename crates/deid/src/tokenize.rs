//! The one tokenizer of the engine. The unit of every decision and every mask is the **Unicode
//! word**: a maximal run of letters, combining marks and digits of any script ("Björn",
//! "Ødegård", "Иван", "王小明", "23Dec2020", "93to95"). Apostrophes, hyphens and every other
//! character separate words and stay in the *gap* between them, whose first characters are the
//! "post-space" characters the deep model reads. Rules, model input, featurize, masking and the
//! app's spans all use these words, so a mask can never leave part of a word visible.
//!
//! i2b2's `[a-zA-Z0-9]+` tokens ([`i2b2_tokens`]) exist only because the i2b2 2014 evaluation
//! counts them; only `eval` (and figures that must be comparable with it) uses them.
//!
//! Offsets are Unicode code points into the exact text, as in i2b2 XML. Byte offsets are kept
//! beside them so that slicing is O(1); [`OffsetMap`] converts between code points and bytes.

use serde::Serialize;

/// One word (or, from [`i2b2_tokens`], one `[a-zA-Z0-9]+` token).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Token {
    /// Code point offset of the first character.
    pub start: usize,
    /// Code point offset one past the last character.
    pub end: usize,
    /// Byte offset of the first character (for slicing the `&str`).
    #[serde(skip)]
    pub byte_start: usize,
    /// Byte offset one past the last character.
    #[serde(skip)]
    pub byte_end: usize,
}

impl Token {
    /// The token's text in `text`, the document it was found in (byte offsets: panics on
    /// another text where they fall inside a character).
    pub fn text<'a>(&self, text: &'a str) -> &'a str {
        &text[self.byte_start..self.byte_end]
    }
}

/// Whether `ch` belongs to a word: a letter, combining mark or digit of any script.
pub fn is_word_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric()
        || (!ch.is_ascii()
            && (ch.is_alphanumeric() || unicode_normalization::char::is_combining_mark(ch)))
}

/// A tokenized document: the text plus its words in order.
#[derive(Debug, Clone)]
pub struct Tokenized<'a> {
    /// The document's text.
    pub text: &'a str,
    /// Its words, in order, non-overlapping.
    pub tokens: Vec<Token>,
    /// [`case_is_informative`] of the text, computed once for the lexicons, features and
    /// context rules that all depend on it.
    pub case_informative: bool,
}

impl<'a> Tokenized<'a> {
    /// Tokenizes `text` into Unicode words ([`tokenize`]).
    pub fn new(text: &'a str) -> Tokenized<'a> {
        Tokenized {
            text,
            tokens: tokenize(text),
            case_informative: case_is_informative(text),
        }
    }

    /// The number of words.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// Whether the text has no word at all.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// The text of word `i` (panics when `i >= len()`).
    pub fn token_text(&self, i: usize) -> &'a str {
        self.tokens[i].text(self.text)
    }

    /// The characters between token `i` and the next token (or the end of the text).
    pub fn gap_after(&self, i: usize) -> &'a str {
        let from = self.tokens[i].byte_end;
        let to = self
            .tokens
            .get(i + 1)
            .map_or(self.text.len(), |t| t.byte_start);
        &self.text[from..to]
    }

    /// The characters between the previous token (or the start of the text) and token `i`.
    pub fn gap_before(&self, i: usize) -> &'a str {
        let to = self.tokens[i].byte_start;
        let from = if i == 0 {
            0
        } else {
            self.tokens[i - 1].byte_end
        };
        &self.text[from..to]
    }

    /// Up to `n` "post-space" characters after token `i` (Meldau 2018, variation b-d).
    pub fn post_space(&self, i: usize, n: usize) -> impl Iterator<Item = char> + 'a {
        self.gap_after(i).chars().take(n)
    }
}

/// Split `text` into Unicode words with code point and byte offsets.
pub fn tokenize(text: &str) -> Vec<Token> {
    split_runs(text, is_word_char)
}

/// Split `text` into `[a-zA-Z0-9]+` tokens, as the i2b2 2014 evaluation script counts them.
/// For evaluation only: decisions and masks are made on [`tokenize`]'s words.
pub fn i2b2_tokens(text: &str) -> Vec<Token> {
    split_runs(text, |c| c.is_ascii_alphanumeric())
}

/// Maximal runs of characters for which `member` holds.
fn split_runs(text: &str, member: impl Fn(char) -> bool) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(text.len() / 5);
    let mut in_token = false;
    let (mut start, mut byte_start) = (0, 0);
    let mut cp = 0;
    for (byte, ch) in text.char_indices() {
        let word = member(ch);
        if word && !in_token {
            in_token = true;
            start = cp;
            byte_start = byte;
        } else if !word && in_token {
            in_token = false;
            tokens.push(Token {
                start,
                end: cp,
                byte_start,
                byte_end: byte,
            });
        }
        cp += 1;
    }
    if in_token {
        tokens.push(Token {
            start,
            end: cp,
            byte_start,
            byte_end: text.len(),
        });
    }
    tokens
}

/// Whether capitals carry information in a document: not in one written entirely in capitals
/// (older systems) or entirely in lower case (shorthand). The rules then decide as if every
/// word were lower case, so their decisions do not depend on the document's style.
pub fn case_is_informative(text: &str) -> bool {
    // Count word shapes, not letters: prose has a capitalised word in most sentences, lower-case
    // shorthand has almost none (its capitals are acronyms: "MMR", "DTP"), ALL CAPS has no
    // lower-case words at all.
    let (words, title, lower) = if text.is_ascii() {
        word_shapes_ascii(text.as_bytes())
    } else {
        word_shapes(text)
    };
    words < 8 || (title * 40 >= words && lower * 10 >= words)
}

/// (words, Title-case words, lower-case words), a word being a run of letters; one pass.
fn word_shapes(text: &str) -> (usize, usize, usize) {
    let (mut words, mut title, mut lower) = (0usize, 0usize, 0usize);
    // the word being read: its first letter's case, a capital after it, its length in letters
    let (mut first_upper, mut rest_upper, mut len) = (false, false, 0usize);
    let mut finish = |first_upper: bool, rest_upper: bool, len: usize| {
        words += 1;
        if first_upper && !rest_upper && len > 1 {
            title += 1;
        } else if !first_upper && !rest_upper {
            lower += 1;
        }
    };
    for c in text.chars() {
        if c.is_alphabetic() {
            if len == 0 {
                first_upper = c.is_uppercase();
                rest_upper = false;
            } else {
                rest_upper |= c.is_uppercase();
            }
            len += 1;
        } else if len > 0 {
            finish(first_upper, rest_upper, len);
            len = 0;
        }
    }
    if len > 0 {
        finish(first_upper, rest_upper, len);
    }
    (words, title, lower)
}

/// `word_shapes` of an ASCII text, over bytes in one pass (most narratives are ASCII).
fn word_shapes_ascii(text: &[u8]) -> (usize, usize, usize) {
    let (mut words, mut title, mut lower) = (0usize, 0usize, 0usize);
    for w in text.split(|b| !b.is_ascii_alphabetic()) {
        let Some((first, rest)) = w.split_first() else {
            continue;
        };
        let rest_lower = !rest.iter().any(u8::is_ascii_uppercase);
        words += 1;
        if first.is_ascii_uppercase() && rest_lower && !rest.is_empty() {
            title += 1;
        } else if !first.is_ascii_uppercase() && rest_lower {
            lower += 1;
        }
    }
    (words, title, lower)
}

/// Converts between code point and byte offsets of one text. For ASCII text both coincide and
/// no table is built; otherwise 4 bytes per character (narratives are far below 4 GiB). UTF-16
/// offsets exist only at the UI boundary, in JavaScript (`ui/app/js/offsets.js`).
#[derive(Debug, Clone)]
pub struct OffsetMap {
    /// `byte_of[cp]` for every code point offset `0..=n_chars`; empty when the text is ASCII.
    byte_of: Vec<u32>,
    n_chars: usize,
}

impl OffsetMap {
    /// The map of `text`: no table when it is ASCII, else one entry per code point.
    pub fn new(text: &str) -> OffsetMap {
        if text.is_ascii() {
            return OffsetMap {
                byte_of: Vec::new(),
                n_chars: text.len(),
            };
        }
        let mut byte_of = Vec::with_capacity(text.len() + 1);
        byte_of.extend(text.char_indices().map(|(b, _)| b as u32));
        byte_of.push(text.len() as u32);
        let n_chars = byte_of.len() - 1;
        OffsetMap { byte_of, n_chars }
    }

    /// Number of code points in the text.
    pub fn len_chars(&self) -> usize {
        self.n_chars
    }

    fn is_ascii(&self) -> bool {
        self.byte_of.is_empty()
    }

    /// Byte offset of code point offset `cp` (`cp <= len_chars()`).
    pub fn byte(&self, cp: usize) -> usize {
        if self.is_ascii() {
            cp
        } else {
            self.byte_of[cp] as usize
        }
    }

    /// Code point offset of a byte offset; a byte inside a character rounds down.
    pub fn cp_from_byte(&self, byte: usize) -> usize {
        if self.is_ascii() {
            return byte.min(self.n_chars);
        }
        match self
            .byte_of
            .binary_search(&(byte.min(u32::MAX as usize) as u32))
        {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }

    /// The text between two code point offsets.
    pub fn slice<'t>(&self, text: &'t str, start: usize, end: usize) -> &'t str {
        &text[self.byte(start)..self.byte(end)]
    }
}

#[cfg(test)]
mod tests {
    /// The definition `word_shapes` and `word_shapes_ascii` implement in one pass.
    fn word_shapes_by_definition(text: &str) -> (usize, usize, usize) {
        let (mut words, mut title, mut lower) = (0usize, 0usize, 0usize);
        for w in text.split(|c: char| !c.is_alphabetic()) {
            let Some(first) = w.chars().next() else {
                continue;
            };
            let rest_lower = w.chars().skip(1).all(|c| !c.is_uppercase());
            words += 1;
            if first.is_uppercase() && rest_lower && w.chars().count() > 1 {
                title += 1;
            } else if !first.is_uppercase() && rest_lower {
                lower += 1;
            }
        }
        (words, title, lower)
    }

    proptest::proptest! {
        #[test]
        fn word_shapes_count_as_defined(text in "[a-zA-Z0-9 .,'\n-]{0,200}", uni in "\\PC{0,120}") {
            let want = word_shapes_by_definition(&text);
            proptest::prop_assert_eq!(super::word_shapes_ascii(text.as_bytes()), want);
            proptest::prop_assert_eq!(super::word_shapes(&text), want);
            proptest::prop_assert_eq!(super::word_shapes(&uni), word_shapes_by_definition(&uni));
        }
    }

    use super::*;
    use proptest::prelude::*;

    fn texts(text: &str) -> Vec<&str> {
        tokenize(text).iter().map(|t| t.text(text)).collect()
    }

    #[test]
    fn words_of_every_script_are_whole() {
        assert_eq!(
            texts(
                "Björn Ødegård, Иван Петров; 王小明 y محمد أحمد 93to95 Ní Bhriain O'Brien e\u{301}"
            ),
            [
                "Björn",
                "Ødegård",
                "Иван",
                "Петров",
                "王小明",
                "y",
                "محمد",
                "أحمد",
                "93to95",
                "Ní",
                "Bhriain",
                "O",
                "Brien",
                "e\u{301}"
            ]
        );
        // i2b2 tokens, for evaluation only, still split at non-ASCII letters
        let t = "Björn";
        let i2b2: Vec<&str> = i2b2_tokens(t).iter().map(|k| k.text(t)).collect();
        assert_eq!(i2b2, ["Bj", "rn"]);
    }

    #[test]
    fn splits_on_everything_but_letters_marks_and_digits() {
        assert_eq!(
            texts("On 23Dec2020, a 53-year-old (BP 165/104)."),
            [
                "On",
                "23Dec2020",
                "a",
                "53",
                "year",
                "old",
                "BP",
                "165",
                "104"
            ]
        );
        assert_eq!(texts(""), Vec::<&str>::new());
        assert_eq!(texts(" \t\r\n"), Vec::<&str>::new());
    }

    #[test]
    fn crlf_tabs_non_ascii_and_emoji_do_not_shift_offsets() {
        let text = "Café\r\n\tZürich 😀 on 1-5-21";
        let toks = i2b2_tokens(text);
        let chars: Vec<char> = text.chars().collect();
        let got: Vec<(String, usize, usize)> = toks
            .iter()
            .map(|t| (chars[t.start..t.end].iter().collect(), t.start, t.end))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Caf".into(), 0, 3),
                ("Z".into(), 7, 8),
                ("rich".into(), 9, 13),
                ("on".into(), 16, 18),
                ("1".into(), 19, 20),
                ("5".into(), 21, 22),
                ("21".into(), 23, 25),
            ]
        );
        let map = OffsetMap::new(text);
        assert_eq!(map.slice(text, 7, 13), "Zürich");
        assert_eq!(map.cp_from_byte(map.byte(16)), 16);
    }

    #[test]
    fn gaps_and_post_space() {
        let t = Tokenized::new("Dr. Smith,  aged 32.");
        assert_eq!(t.gap_after(0), ". ");
        assert_eq!(t.gap_before(0), "");
        assert_eq!(t.gap_after(1), ",  ");
        assert_eq!(t.post_space(3, 3).collect::<String>(), ".");
    }

    proptest! {
        #[test]
        fn tokens_match_the_i2b2_pattern_on_code_points(text in "\\PC{0,60}|[a-z0-9 \r\n\t😀éß,./-]{0,60}") {
            let chars: Vec<char> = text.chars().collect();
            let toks = i2b2_tokens(&text);
            // tokens are maximal, ordered, non-overlapping runs of [a-zA-Z0-9]
            let mut expected = Vec::new();
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_ascii_alphanumeric() {
                    let s = i;
                    while i < chars.len() && chars[i].is_ascii_alphanumeric() { i += 1; }
                    expected.push((s, i));
                } else { i += 1; }
            }
            let got: Vec<(usize, usize)> = toks.iter().map(|t| (t.start, t.end)).collect();
            prop_assert_eq!(got, expected);
            let map = OffsetMap::new(&text);
            for t in &toks {
                prop_assert_eq!(t.text(&text), map.slice(&text, t.start, t.end));
                prop_assert_eq!(map.byte(t.start), t.byte_start);
            }
            // words are maximal runs of word characters, and cover every letter and digit
            let words = tokenize(&text);
            let mut covered = vec![false; chars.len()];
            for w in &words {
                prop_assert!(w.start == 0 || !is_word_char(chars[w.start - 1]));
                prop_assert!(w.end == chars.len() || !is_word_char(chars[w.end]));
                covered[w.start..w.end].fill(true);
            }
            for (c, ch) in chars.iter().enumerate() {
                prop_assert_eq!(covered[c], is_word_char(*ch));
            }
            for cp in 0..=chars.len() {
                prop_assert_eq!(map.cp_from_byte(map.byte(cp)), cp);
            }
        }
    }
}
