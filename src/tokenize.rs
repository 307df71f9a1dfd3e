//! Tokenizer compatible with the i2b2 2014 evaluation script: tokens are maximal runs of
//! ASCII letters and digits (`[a-zA-Z0-9]+`). Everything between tokens (whitespace, punctuation,
//! non-ASCII letters, emoji) is kept as the token's *gap*, whose first characters are the
//! "post-space" characters the deep model reads.
//!
//! Offsets are Unicode code points into the exact text, as in i2b2 XML. Byte offsets are kept
//! beside them so that slicing is O(1); [`OffsetMap`] converts to UTF-16 for the UI.

use serde::Serialize;

/// One `[a-zA-Z0-9]+` token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Token {
    /// Code point offset of the first character.
    pub start: usize,
    /// Code point offset one past the last character.
    pub end: usize,
    /// Byte offsets of the same range (for slicing the `&str`).
    #[serde(skip)]
    pub byte_start: usize,
    #[serde(skip)]
    pub byte_end: usize,
}

impl Token {
    pub fn text<'a>(&self, text: &'a str) -> &'a str {
        &text[self.byte_start..self.byte_end]
    }
}

/// A tokenized document: the text plus its tokens in order.
#[derive(Debug, Clone)]
pub struct Tokenized<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
}

impl<'a> Tokenized<'a> {
    pub fn new(text: &'a str) -> Tokenized<'a> {
        Tokenized {
            text,
            tokens: tokenize(text),
        }
    }

    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

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

/// Split `text` into `[a-zA-Z0-9]+` tokens with code point and byte offsets.
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::with_capacity(text.len() / 5);
    let mut in_token = false;
    let (mut start, mut byte_start) = (0, 0);
    let mut cp = 0;
    for (byte, ch) in text.char_indices() {
        let word = ch.is_ascii_alphanumeric();
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

/// Converts between code point, byte and UTF-16 offsets of one text. For ASCII text all three
/// coincide and no table is built.
#[derive(Debug, Clone)]
pub struct OffsetMap {
    /// `byte_of[cp]` for every code point offset `0..=n_chars`; empty when the text is ASCII.
    byte_of: Vec<usize>,
    /// `utf16_of[cp]`; empty when the text is ASCII.
    utf16_of: Vec<usize>,
    n_chars: usize,
}

impl OffsetMap {
    pub fn new(text: &str) -> OffsetMap {
        if text.is_ascii() {
            return OffsetMap {
                byte_of: Vec::new(),
                utf16_of: Vec::new(),
                n_chars: text.len(),
            };
        }
        let mut byte_of = Vec::with_capacity(text.len() + 1);
        let mut utf16_of = Vec::with_capacity(text.len() + 1);
        let mut u16 = 0;
        for (b, ch) in text.char_indices() {
            byte_of.push(b);
            utf16_of.push(u16);
            u16 += ch.len_utf16();
        }
        byte_of.push(text.len());
        utf16_of.push(u16);
        let n_chars = byte_of.len() - 1;
        OffsetMap {
            byte_of,
            utf16_of,
            n_chars,
        }
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
            self.byte_of[cp]
        }
    }

    /// UTF-16 code unit offset of code point offset `cp` (what JavaScript string indices count).
    pub fn utf16(&self, cp: usize) -> usize {
        if self.is_ascii() {
            cp
        } else {
            self.utf16_of[cp]
        }
    }

    /// Code point offset of a UTF-16 offset; an offset inside a surrogate pair rounds down.
    pub fn cp_from_utf16(&self, u16: usize) -> usize {
        if self.is_ascii() {
            return u16.min(self.n_chars);
        }
        match self.utf16_of.binary_search(&u16) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }

    /// Code point offset of a byte offset; a byte inside a character rounds down.
    pub fn cp_from_byte(&self, byte: usize) -> usize {
        if self.is_ascii() {
            return byte.min(self.n_chars);
        }
        match self.byte_of.binary_search(&byte) {
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
    use super::*;
    use proptest::prelude::*;

    fn texts(text: &str) -> Vec<&str> {
        tokenize(text).iter().map(|t| t.text(text)).collect()
    }

    #[test]
    fn splits_on_everything_but_ascii_alphanumerics() {
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
        let toks = tokenize(text);
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
        // the emoji is one code point but two UTF-16 units
        assert_eq!(map.utf16(16), 17);
        assert_eq!(map.cp_from_utf16(17), 16);
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
            let toks = tokenize(&text);
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
            // UTF-16 conversions agree with what JavaScript would count
            let utf16_len: usize = text.encode_utf16().count();
            prop_assert_eq!(map.utf16(chars.len()), utf16_len);
            for cp in 0..=chars.len() {
                prop_assert_eq!(map.cp_from_utf16(map.utf16(cp)), cp);
                prop_assert_eq!(map.cp_from_byte(map.byte(cp)), cp);
            }
        }
    }
}
