//! The guess behind `encoding: 'auto'` when a reply's strings are not UTF-8: which Windows
//! or East Asian code page the server's host wrote them in.
//!
//! Not chardetng (the guess before): it weighs 27 candidates on every byte — 3 µs for a
//! 31-byte hostname, twice gamedig's whole `i` decode — and it links encoding_rs's CJK
//! decoders, ~130 KB gzipped of the browser download. On 222 held-out replies it misread
//! 20, this guess 7 (`detect/tests.rs`). Query replies are a few short strings, so this
//! reads the bytes as each candidate would and scores what the reading looks like, with
//! no data but the candidates' own high halves and their languages' alphabets:
//! - a single-byte reading, per word holding a non-ASCII byte: each letter counts for the
//!   languages whose alphabet has it and against the others (the best language is the
//!   page's score), as do a language's typical ASCII letters (Polish `w`); against count a
//!   symbol between letters, a non-Latin letter beside ASCII letters, mixed case, a run of
//!   five accented Latin letters, a Cyrillic or Greek word without vowels, and Thai, Greek
//!   and Hebrew letters where their scripts never put them; a byte the page leaves
//!   undefined rules the page out;
//! - an East Asian reading must be well formed and is scored per character by the rows of
//!   its code table: common ideographs, kana and Hangul for; rare rows a little; another
//!   script's rows, user-defined rows and characters glued to ASCII letters against.
//!
//! Each candidate starts from a prior (what a reading must beat to be believed); ties go
//! to the commoner page, in [`CANDIDATES`] order (windows-1252 first).

use std::sync::OnceLock;

use encoding_rs::{
    Encoding, BIG5, EUC_KR, GBK, SHIFT_JIS, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252, WINDOWS_1253, WINDOWS_1254,
    WINDOWS_1255, WINDOWS_1256, WINDOWS_1257, WINDOWS_874,
};

use super::backend::decode;

mod letters;

/// A letter of one of the page's languages.
const IN_LANGUAGE: i8 = 4;
const IN_LANGUAGE_RARELY: i8 = 1;
/// An ASCII letter typical of a language, in a word with a non-ASCII letter.
const MARKER: i8 = 3;
/// windows-874 reads 87 of the 128 high bytes as Thai: any text reads as some Thai, so
/// a Thai letter earns less.
const IN_THAI: i8 = 3;
/// A letter none of a language's words use (scored per language).
const OUTSIDE_LANGUAGE: i8 = -6;
/// `Za¿ó³æ`: a symbol between letters is a letter of another page.
const SYMBOL_IN_WORD: i32 = -8;
/// `Cafй`: a Cyrillic (Greek, Hebrew …) letter in a word with ASCII letters.
const MIXED_SCRIPT: i32 = -6;
/// `Ή1` (`№1` read as Greek), `5Ђ` (`5€` read as Cyrillic): a word of one letter, a
/// non-ASCII capital.
const LONE_CAPITAL: i32 = -4;
/// `ДгЖ`: a capital after a small letter, or `АПНх`: a small letter after capitals.
const CAPITAL_AFTER_SMALL: i32 = -6;
/// `Ðóññêèé`: Latin words carry a few accented letters, not a run of them.
const ACCENTED_RUN: i32 = -6;
const ACCENTED_RUN_FREE: u32 = 4;
/// A Thai or Hebrew letter where its script never puts it: a vowel sign or tone mark with
/// no letter before it, a leading vowel with none after, a Hebrew final form inside a word.
const MISPLACED: i32 = -8;
const THAI_CONSONANT_RUN_FREE: u32 = 3;
/// A vowel sign or tone mark after a letter: the structure of real Thai (or pointed
/// Hebrew, vocalised Arabic) that other text read as Thai rarely has.
const MARK_PLACED: i32 = 4;
/// A Hebrew word that ends in a final form (what sets Hebrew apart from Cyrillic letters).
const FINAL_AT_END: i32 = 4;
/// A CJK character next to an ASCII letter (`Za¿ó` read as GBK).
const CJK_GLUED: i32 = -6;
/// Shift_JIS's 0x80: a C1 control, no text's character.
const LONE_CONTROL: i32 = -4;
/// A space between two Korean words (Chinese and Japanese put none between characters).
const KOREAN_SPACE: i32 = 2;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Hebrew,
    Arabic,
    Thai,
}

/// The non-ASCII letters a language writes, both cases where they differ in Unicode's
/// lower-casing (`İ`), and ASCII letters its words have far more than Western ones
/// (Polish `w`, Hungarian `k`): what tells `się` from `siê`. Or a whole script, where
/// the page serves one.
enum Alphabet {
    Letters(&'static str, &'static str),
    Script(Script),
}

enum Reading {
    Single(&'static [Alphabet]),
    Gbk,
    Big5,
    ShiftJis,
    EucKr,
}

/// The candidates, commonest first, with what a reading must beat to be believed: a few
/// accented bytes are weak evidence, and windows-1252 is what most legacy servers send.
const CANDIDATES: [(&Encoding, Reading, i32); 13] = [
    (WINDOWS_1252, Reading::Single(&WESTERN), 2),
    (WINDOWS_1251, Reading::Single(&[Alphabet::Script(Script::Cyrillic)]), 1),
    (WINDOWS_1254, Reading::Single(&[Alphabet::Letters("çğıöşüâîûİ", "")]), 0),
    (WINDOWS_1250, Reading::Single(&CENTRAL), 0),
    (WINDOWS_1257, Reading::Single(&BALTIC), -1),
    (WINDOWS_1253, Reading::Single(&[Alphabet::Script(Script::Greek)]), -1),
    (GBK, Reading::Gbk, -4),
    (BIG5, Reading::Big5, -4),
    (SHIFT_JIS, Reading::ShiftJis, -4),
    (EUC_KR, Reading::EucKr, -4),
    (WINDOWS_1256, Reading::Single(&[Alphabet::Script(Script::Arabic)]), -1),
    (WINDOWS_1255, Reading::Single(&[Alphabet::Script(Script::Hebrew)]), -1),
    // Any text reads as some Thai (87 of 128 high bytes are Thai letters).
    (WINDOWS_874, Reading::Single(&[Alphabet::Script(Script::Thai)]), -6),
];

/// Spanish, Portuguese, French, German, Italian, Dutch, Catalan, Swedish/Finnish,
/// Danish/Norwegian.
const WESTERN: [Alphabet; 9] = [
    Alphabet::Letters("áéíóúüñ", ""),
    Alphabet::Letters("áâãàçéêíóôõú", ""),
    Alphabet::Letters("àâæçéèêëîïôœùûüÿ", ""),
    Alphabet::Letters("äöüß", ""),
    Alphabet::Letters("àèéìíîòóù", ""),
    Alphabet::Letters("éèëïö", ""),
    Alphabet::Letters("àçèéíïòóúü", ""),
    Alphabet::Letters("åäöšž", ""),
    Alphabet::Letters("æøåéó", ""),
];

/// Polish, Czech, Slovak, Hungarian, Romanian, Croatian/Slovene/Bosnian, German, Albanian.
const CENTRAL: [Alphabet; 8] = [
    Alphabet::Letters("ąćęłńóśźż", "wky"),
    Alphabet::Letters("áčďéěíňóřšťúůýž", "ky"),
    Alphabet::Letters("áäčďéíĺľňóôŕšťúýž", "ky"),
    Alphabet::Letters("áéíóöőúüű", "ky"),
    Alphabet::Letters("ăâîşţ", ""),
    Alphabet::Letters("čćđšž", "k"),
    Alphabet::Letters("äöüß", ""),
    Alphabet::Letters("çë", ""),
];

/// Lithuanian, Latvian, Estonian.
const BALTIC: [Alphabet; 3] = [
    Alphabet::Letters("ąčęėįšųūž", ""),
    Alphabet::Letters("āčēģīķļņšūž", ""),
    Alphabet::Letters("äõöüšž", ""),
];

/// How one page reads one byte of its high half.
#[derive(Clone, Copy, Default)]
struct High {
    kind: Kind,
    upper: bool,
    /// A letter few words use (Serbian ђ read from Western `€`): it earns little.
    rare: bool,
    /// A Cyrillic or Greek vowel: their words have one.
    vowel: bool,
    /// A Thai consonant: what Thai marks sit on.
    base: bool,
    place: Place,
    /// Bit `i`: the letter belongs to the page's alphabet `i`.
    languages: u16,
}

/// Where a letter may stand in a word of its script.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Place {
    #[default]
    Free,
    /// Thai vowel signs and tone marks, Hebrew points, Arabic harakat: after a letter.
    Mark,
    /// Thai เ แ โ ใ ไ: before a letter.
    Leading,
    /// Hebrew ך ם ן ף ץ: last in a word.
    Final,
    /// Greek ς: last in a word.
    FinalSigma,
    /// Hebrew כ מ נ פ צ, Greek σ: never last in a word.
    NotFinal,
    /// A Thai consonant that is never a vowel: Thai syllables have one, so four in a row
    /// is other text read as Thai.
    ThaiConsonant,
}

const RARE: &str = "ЂђЃѓЉљЊњЌќЋћЏџЈјЅѕҐґÿŸŕŔĺĹðÐþÞΐΰϊϋΪΫฃฅฆฌฎฏฐฑฒฬฤฦๅ๎๏ฯ๚๛";
const VOWELS: &str = "аеёиоуыэюяєіїъАЕЁИОУЫЭЮЯЄІЇЪαεηιουωάέήίόύώϊϋΐΰΑΕΗΙΟΥΩΆΈΉΊΌΎΏΪΫ";

fn place(c: char) -> Place {
    match c as u32 {
        0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E | 0x05B0..=0x05BD | 0x05BF | 0x05C1 | 0x05C2 | 0x064B..=0x0652 => {
            Place::Mark
        }
        0x0E40..=0x0E44 => Place::Leading,
        0x05DA | 0x05DD | 0x05DF | 0x05E3 | 0x05E5 => Place::Final,
        0x05DB | 0x05DE | 0x05E0 | 0x05E4 | 0x05E6 => Place::NotFinal,
        // Greek σ is ς at the end of a word (Russian т and у read as Greek break that; a
        // Russian word ending in т is Greek-shaped, so no credit for it).
        0x03C2 => Place::FinalSigma,
        0x03C3 => Place::NotFinal,
        0x0E01..=0x0E2E if !matches!(c, 'ย' | 'ว' | 'อ') => Place::ThaiConsonant,
        _ => Place::Free,
    }
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Kind {
    #[default]
    Undefined,
    Symbol,
    Letter(Script),
}

fn script(c: char) -> Option<Script> {
    Some(match c as u32 {
        0x0370..=0x03FF | 0x1F00..=0x1FFF => Script::Greek,
        0x0400..=0x052F => Script::Cyrillic,
        0x0590..=0x05FF | 0xFB1D..=0xFB4F => Script::Hebrew,
        0x0600..=0x06FF | 0x0750..=0x077F | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => Script::Arabic,
        0x0E50..=0x0E59 | 0xAA | 0xB5 | 0xBA => return None,
        0x0E00..=0x0E7F => Script::Thai,
        _ if letters::is_letter(c) => Script::Latin,
        _ => return None,
    })
}

/// A single-byte candidate, ready to score: how it reads each byte, and what each byte
/// adds to each of its languages' scores.
struct Page {
    /// Every byte, ASCII included (the same in every page), so the walk has one lookup.
    bytes: [High; 256],
    /// What each byte adds to each language's score (one lane per language, so the
    /// walk adds a fixed-width row): the credit of a high letter, an ASCII marker's.
    lanes: Box<[[i8; LANES]; 256]>,
    has_markers: bool,
    languages: usize,
}

/// Languages per page, at most.
const LANES: usize = 16;

/// The single-byte candidates' pages, their high halves read once through the decoder.
fn pages() -> &'static [Option<Page>] {
    static PAGES: OnceLock<Vec<Option<Page>>> = OnceLock::new();
    PAGES.get_or_init(|| {
        let bytes: Vec<u8> = (0x80..=0xFF).collect();
        CANDIDATES
            .iter()
            .map(|(encoding, reading, _)| {
                let Reading::Single(alphabets) = reading else {
                    return None;
                };
                let mut page = Page {
                    bytes: [High::default(); 256],
                    lanes: Box::new([[0; LANES]; 256]),
                    has_markers: false,
                    languages: alphabets.len(),
                };
                for (b, slot) in page.bytes.iter_mut().enumerate().take(0x80) {
                    let b = b as u8;
                    *slot = High {
                        kind: if b.is_ascii_alphabetic() {
                            Kind::Letter(Script::Latin)
                        } else {
                            Kind::Symbol
                        },
                        upper: b.is_ascii_uppercase(),
                        ..High::default()
                    };
                }
                for (slot, c) in page.bytes[0x80..].iter_mut().zip(decode(&bytes, encoding).chars()) {
                    *slot = classify(c, alphabets);
                }
                for (b, h) in page.bytes.iter().enumerate().skip(0x80) {
                    if let Kind::Letter(script) = h.kind {
                        let credit = match script {
                            _ if h.rare => IN_LANGUAGE_RARELY,
                            Script::Thai => IN_THAI,
                            _ => IN_LANGUAGE,
                        };
                        for (i, lane) in page.lanes[b].iter_mut().enumerate().take(alphabets.len()) {
                            *lane = if h.languages >> i & 1 == 1 {
                                credit
                            } else {
                                OUTSIDE_LANGUAGE
                            };
                        }
                    }
                }
                for (i, alphabet) in alphabets.iter().enumerate() {
                    if let Alphabet::Letters(_, markers) = alphabet {
                        for m in markers.bytes() {
                            page.lanes[usize::from(m)][i] = MARKER;
                            page.lanes[usize::from(m.to_ascii_uppercase())][i] = MARKER;
                            page.has_markers = true;
                        }
                    }
                }
                Some(page)
            })
            .collect()
    })
}

// `str::contains(char)` searches for a non-ASCII char's UTF-8 as a substring: the two-way
// searcher and core's slice panic path, which with the other slicing sites removed took
// 5 KB off the browser's download gzipped, for a few short lists.
fn has(set: &str, c: char) -> bool {
    set.chars().any(|x| x == c)
}

fn classify(c: char, alphabets: &[Alphabet]) -> High {
    if c == '\u{FFFD}' || ('\u{80}'..='\u{9F}').contains(&c) {
        return High::default();
    }
    let Some(script) = script(c) else {
        return High {
            kind: Kind::Symbol,
            ..High::default()
        };
    };
    let lower = letters::lower(c);
    let languages = alphabets.iter().enumerate().fold(0u16, |mask, (i, alphabet)| {
        let has = match alphabet {
            Alphabet::Letters(letters, _) => letters.chars().any(|l| l == c || l == lower),
            Alphabet::Script(s) => *s == script,
        };
        mask | (u16::from(has) << i)
    });
    High {
        kind: Kind::Letter(script),
        upper: letters::is_upper(c),
        rare: has(RARE, c),
        vowel: has(VOWELS, c),
        base: ('\u{0E01}'..='\u{0E2E}').contains(&c),
        place: place(c),
        languages,
    }
}

/// The code page the strings most likely are in (they are known not to be UTF-8): the
/// best score, ties to the earlier candidate. A single-byte page whose score cannot beat
/// the best so far (its [`ceilings`]) is not read in full; the candidates' order (the
/// commoner first) makes that most of them.
pub(crate) fn guess(strings: &[&[u8]]) -> &'static Encoding {
    let pages = pages();
    let words = words_with_high_bytes(strings);
    let (tops, undefined) = ceilings(&words);
    let leads = possible_leads(strings);
    let mut best: Option<(i32, &'static Encoding)> = None;
    for (i, (encoding, reading, prior)) in CANDIDATES.iter().enumerate() {
        let beats = |top: i32| best.is_none_or(|(b, _)| top + prior > b);
        let score = match (reading, &pages[i]) {
            (Reading::Single(_), _) if undefined >> i & 1 == 1 => None,
            (Reading::Single(_), Some(page)) if beats(tops[i]) => single(&words, page),
            (Reading::Single(_), _) => None,
            (double, _) if beats(leads * PAIR_CEILING) => double_byte(strings, double),
            _ => None,
        };
        if let Some(score) = score.map(|s| s + prior) {
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, encoding));
            }
        }
    }
    best.map_or(WINDOWS_1252, |(_, e)| e)
}

/// The most a double-byte character earns in any reading (an EUC-KR Hangul, 7, after a
/// space between words), so a double-byte reading scores at most this per
/// [`possible_leads`] (tested over every pair).
const PAIR_CEILING: i32 = 9;

/// High bytes followed by a byte that could trail them (every reading's trails are 0x40 or
/// above): only these can start a character that earns a double-byte reading anything.
/// A Western name's `é` before a space or at its end is none, so the four East Asian
/// readings of most replies are never walked.
fn possible_leads(strings: &[&[u8]]) -> i32 {
    let leads = strings
        .iter()
        .map(|s| s.windows(2).filter(|pair| pair[0] >= 0x80 && pair[1] >= 0x40).count())
        .sum::<usize>();
    i32::try_from(leads).unwrap_or(i32::MAX / PAIR_CEILING)
}

/// Each candidate's score, `None` for those ruled out (every page read in full).
#[cfg(test)]
fn scores<'a>(strings: &'a [&'a [u8]]) -> impl Iterator<Item = (&'static Encoding, Option<i32>)> + 'a {
    let pages = pages();
    let words = words_with_high_bytes(strings);
    CANDIDATES
        .iter()
        .enumerate()
        .map(move |(i, (encoding, reading, prior))| {
            let score = match reading {
                Reading::Single(_) => pages[i].as_ref().and_then(|page| single(&words, page)),
                double => double_byte(strings, double),
            };
            (*encoding, score.map(|s| s + prior))
        })
}

/// At least each single-byte page's [`single`] score, one lane per candidate: the sum of
/// each byte's best credit in any of the page's languages (every other rule subtracts but
/// a placed mark's and a final letter's, counted here wherever they could be earned: a
/// mark after a high byte of its word, a final not followed by an ASCII letter); and a bit
/// per candidate for a byte undefined in its page. One pass for all pages.
fn ceilings(words: &[&[u8]]) -> ([i32; LANES], u16) {
    let table = ceiling_rows();
    let mut tops = [0i32; LANES];
    let mut undefined = 0;
    for word in words {
        let mut high_before = false;
        for (k, &b) in word.iter().enumerate() {
            let b = usize::from(b);
            for (top, &v) in tops.iter_mut().zip(&table.rows[b]) {
                *top += i32::from(v);
            }
            undefined |= table.undefined[b];
            // Cheap enough: marks and finals are rare in the Western text most guesses read.
            let mut bonus = |lanes: u16, credit: i32| {
                for (i, top) in tops.iter_mut().enumerate() {
                    if lanes >> i & 1 == 1 {
                        *top += credit;
                    }
                }
            };
            if high_before && table.marks[b] != 0 {
                bonus(table.marks[b], MARK_PLACED);
            }
            if table.finals[b] != 0 && !word.get(k + 1).is_some_and(u8::is_ascii_alphabetic) {
                bonus(table.finals[b], FINAL_AT_END);
            }
            high_before |= b >= 0x80;
        }
    }
    (tops, undefined)
}

/// Each byte's ceiling credit in every single-byte page (lane = candidate): its most in any
/// of the page's languages; and the pages where it is a mark or a final (a bit each), which
/// may earn their bonus.
struct CeilingRows {
    rows: [[i8; LANES]; 256],
    undefined: [u16; 256],
    marks: [u16; 256],
    finals: [u16; 256],
}

fn ceiling_rows() -> &'static CeilingRows {
    const _: () = assert!(CANDIDATES.len() <= LANES);
    static ROWS: OnceLock<CeilingRows> = OnceLock::new();
    ROWS.get_or_init(|| {
        let mut table = CeilingRows {
            rows: [[0; LANES]; 256],
            undefined: [0; 256],
            marks: [0; 256],
            finals: [0; 256],
        };
        for (i, page) in pages().iter().enumerate() {
            let Some(page) = page else { continue };
            for (b, h) in page.bytes.iter().enumerate() {
                match h.kind {
                    Kind::Undefined => table.undefined[b] |= 1 << i,
                    Kind::Letter(_) if b >= 0x80 || page.has_markers => {
                        table.rows[b][i] = page.lanes[b][..page.languages].iter().copied().max().unwrap_or(0);
                        match h.place {
                            Place::Mark => table.marks[b] |= 1 << i,
                            Place::Final => table.finals[b] |= 1 << i,
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        table
    })
}

/// The runs of letters, digits and high bytes that hold a high byte: all a single-byte
/// reading looks at (ASCII punctuation and spaces end a word in every reading), so
/// the ASCII bulk of a reply is walked once, not once per candidate.
fn words_with_high_bytes<'a>(strings: &[&'a [u8]]) -> WordList<'a> {
    let in_word = |b: u8| b >= 0x80 || b.is_ascii_alphanumeric();
    let mut words = WordList::default();
    for &s in strings.iter().filter(|s| !s.is_ascii()) {
        let mut at = 0;
        while let Some(high) = s[at..].iter().position(|&b| b >= 0x80) {
            let high = at + high;
            let start = s[..high].iter().rposition(|&b| !in_word(b)).map_or(0, |p| p + 1);
            let end = s[high..]
                .iter()
                .position(|&b| !in_word(b))
                .map_or(s.len(), |p| high + p);
            words.push(&s[start.max(at)..end]);
            at = end;
        }
    }
    words
}

/// Words on the stack while they are few (a server name holds a handful): the guess runs
/// once per reply, where an allocation is a tenth of its time. Not in the browser, where
/// this is 250 bytes of download for those 17 ns.
#[cfg(not(target_family = "wasm"))]
type WordList<'a> = Words<'a>;
#[cfg(target_family = "wasm")]
type WordList<'a> = Vec<&'a [u8]>;

#[cfg(not(target_family = "wasm"))]
#[derive(Default)]
struct Words<'a> {
    inline: [&'a [u8]; 16],
    len: usize,
    spilled: Vec<&'a [u8]>,
}

#[cfg(not(target_family = "wasm"))]
impl<'a> Words<'a> {
    fn push(&mut self, word: &'a [u8]) {
        if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = word;
            self.len += 1;
        } else {
            if self.spilled.is_empty() {
                self.spilled.extend_from_slice(&self.inline);
            }
            self.spilled.push(word);
        }
    }
}

#[cfg(not(target_family = "wasm"))]
impl<'a> std::ops::Deref for Words<'a> {
    type Target = [&'a [u8]];

    fn deref(&self) -> &Self::Target {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }
}

/// A single-byte reading's score; `None` when a byte is undefined in the page.
fn single(strings: &[&[u8]], page: &Page) -> Option<i32> {
    let languages = page.languages;
    let mut per_language = [0i32; LANES];
    let mut penalty = 0;
    for &s in strings {
        let mut word = Word::default();
        let mut symbol_after_letter = false;
        for &b in s {
            let h = page.bytes[usize::from(b)];
            match h.kind {
                Kind::Undefined => return None,
                Kind::Letter(script) => {
                    if b >= 0x80 || page.has_markers {
                        for (score, &lane) in per_language.iter_mut().zip(&page.lanes[usize::from(b)]) {
                            *score += i32::from(lane);
                        }
                    }
                    if symbol_after_letter {
                        penalty += SYMBOL_IN_WORD;
                    }
                    symbol_after_letter = false;
                    penalty += word.letter(b >= 0x80, script, h);
                }
                Kind::Symbol if b.is_ascii_digit() => symbol_after_letter = false,
                Kind::Symbol => {
                    symbol_after_letter = b >= 0x80 && word.last.is_some();
                    penalty += word.end();
                }
            }
        }
        penalty += word.end();
    }
    Some(per_language[..languages].iter().copied().max().unwrap_or(0) + penalty)
}

/// The word being read: what its letters so far say.
#[derive(Default)]
struct Word {
    ascii_letters: bool,
    foreign: i32,
    accented_run: u32,
    thai_consonants: u32,
    /// Letters of a script with vowel letters (Cyrillic, Greek), and how many were vowels.
    voiced: (u32, u32),
    marks_in_row: u32,
    letters: u32,
    /// Capitals in a row: `АПНх` (Chinese read as Cyrillic) ends a capital word small.
    capitals: u32,
    /// The last character, when it was a letter.
    last: Option<(Script, High)>,
}

impl Word {
    fn letter(&mut self, high: bool, script: Script, h: High) -> i32 {
        let mut penalty = 0;
        let after = self.last.filter(|(s, _)| *s == script).map(|(_, l)| l);
        if h.upper && self.last.is_some_and(|(_, l)| !l.upper) {
            penalty += CAPITAL_AFTER_SMALL;
        }
        if !h.upper && self.capitals >= 2 && script == self.last.map_or(script, |(s, _)| s) {
            penalty += CAPITAL_AFTER_SMALL;
        }
        self.capitals = if h.upper { self.capitals + 1 } else { 0 };
        self.letters += 1;
        let marks = if h.place == Place::Mark {
            self.marks_in_row + 1
        } else {
            0
        };
        self.marks_in_row = marks;
        let misplaced = match (after.map(|l| l.place), h.place) {
            (None, Place::Mark) => true,
            // Thai marks sit on a consonant (or on a vowel sign on one), never on ำ or ะ.
            (Some(_), Place::Mark)
                if script == Script::Thai && !after.is_some_and(|l| l.base || l.place == Place::Mark) =>
            {
                true
            }
            // Thai stacks a tone mark on a vowel sign; nothing stacks more.
            (Some(Place::Mark), Place::Mark) => script != Script::Thai || marks > 2,
            (Some(Place::Final | Place::FinalSigma), _) => true,
            (Some(Place::Leading), Place::Mark | Place::Leading) => true,
            _ => self.last.is_some_and(|(_, l)| l.place == Place::Leading) && after.is_none(),
        };
        if misplaced {
            penalty += MISPLACED;
        } else if marks == 1 {
            penalty += MARK_PLACED;
        }
        if matches!(script, Script::Cyrillic | Script::Greek) {
            self.voiced.0 += 1;
            self.voiced.1 += u32::from(h.vowel);
        }
        if h.place == Place::ThaiConsonant {
            self.thai_consonants += 1;
            if self.thai_consonants > THAI_CONSONANT_RUN_FREE {
                penalty += MISPLACED;
            }
        } else {
            self.thai_consonants = 0;
        }
        if !high {
            self.ascii_letters = true;
            self.accented_run = 0;
        } else if script == Script::Latin {
            self.accented_run += 1;
            if self.accented_run > ACCENTED_RUN_FREE {
                penalty += ACCENTED_RUN;
            }
        } else {
            self.foreign += 1;
        }
        self.last = Some((script, h));
        penalty
    }

    fn end(&mut self) -> i32 {
        let mut penalty = if self.ascii_letters {
            self.foreign * MIXED_SCRIPT
        } else {
            0
        };
        let one_high_letter = self.letters == 1 && (self.accented_run == 1 || self.foreign == 1);
        if one_high_letter && self.last.is_some_and(|(_, l)| l.upper) {
            penalty += LONE_CAPITAL;
        }
        // Fewer than one vowel in five letters: `ЕККБДБ` is Greek capitals read as Cyrillic.
        if self.voiced.0 >= 3 && self.voiced.1 * 5 < self.voiced.0 {
            penalty += MISPLACED;
        }
        penalty += match self.last.map(|(_, l)| l.place) {
            Some(Place::Final) => FINAL_AT_END,
            Some(Place::NotFinal | Place::Leading) => MISPLACED,
            _ => 0,
        };
        *self = Self::default();
        penalty
    }
}

/// A double-byte reading's score; `None` when ill-formed. A high byte alone is ill-formed
/// but for Shift_JIS's half-width katakana (and its 0x80, U+0080) and GBK's 0x80 (€).
fn double_byte(strings: &[&[u8]], reading: &Reading) -> Option<i32> {
    let pair = match reading {
        Reading::Gbk => gbk,
        Reading::Big5 => big5,
        Reading::ShiftJis => shift_jis,
        _ => euc_kr,
    };
    let mut score = 0;
    for &s in strings.iter().filter(|s| !s.is_ascii()) {
        let mut i = 0;
        // Characters since the last CJK one: Korean puts one space between words.
        let mut since_cjk = usize::MAX;
        while i < s.len() {
            let lead = s[i];
            if lead < 0x80 {
                let run = s[i..].iter().position(|&b| b >= 0x80).unwrap_or(s.len() - i);
                since_cjk = if s[i..i + run].iter().all(|&b| b == b' ') {
                    since_cjk.saturating_add(run)
                } else {
                    usize::MAX
                };
                i += run;
                continue;
            }
            if since_cjk == 1 && matches!(reading, Reading::EucKr) {
                score += KOREAN_SPACE;
            }
            since_cjk = 0;
            let glued = |at: usize| s.get(at).is_some_and(u8::is_ascii_alphabetic);
            // `25°C` read as one Big5 character: its trail an ASCII letter, then ASCII.
            let trail_in_word = s.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
                && s.get(i + 2).is_none_or(|&b| b < 0x80)
                && s.get(i.wrapping_sub(1)).is_some_and(u8::is_ascii_alphanumeric);
            match (reading, lead) {
                (Reading::ShiftJis, 0xA1..=0xDF) | (Reading::Gbk, 0x80) => {
                    i += 1;
                    continue;
                }
                (Reading::ShiftJis, 0x80) => {
                    score += LONE_CONTROL;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            if matches!(reading, Reading::Gbk) && is_gb18030_four(&s[i..]) {
                i += 4;
                continue;
            }
            score += pair(lead, *s.get(i + 1)?)?;
            if glued(i.wrapping_sub(1)) || glued(i + 2) || trail_in_word {
                score += CJK_GLUED;
            }
            i += 2;
        }
    }
    Some(score)
}

fn is_gb18030_four(s: &[u8]) -> bool {
    matches!(s, [0x81..=0xFE, 0x30..=0x39, 0x81..=0xFE, 0x30..=0x39, ..])
}

/// GBK (GB2312 rows inside): level-1 hanzi are the common 3,755; the rows of kana, Greek,
/// Cyrillic, pinyin and box drawing are another script's text read wrongly.
fn gbk(lead: u8, trail: u8) -> Option<i32> {
    if !(0x81..=0xFE).contains(&lead) || !matches!(trail, 0x40..=0x7E | 0x80..=0xFE) {
        return None;
    }
    let gb2312 = trail >= 0xA1;
    Some(match lead {
        // Shared with Korean Hangul rows: below EUC-KR there (Chinese text rarely keeps to
        // these rows for long; Korean always does).
        0xB0..=0xC8 if gb2312 => 6,
        0xC9..=0xD7 if gb2312 => 8,
        0xD8..=0xF7 if gb2312 => 5,
        0xA1 | 0xA3 if gb2312 => 3,
        0xA4..=0xA9 if gb2312 => -4,
        0xAA..=0xAF | 0xF8..=0xFE if gb2312 => -6,
        _ => 0,
    })
}

/// Big5: A440–C67E are the common hanzi, C940–F9D5 the rarer ones.
fn big5(lead: u8, trail: u8) -> Option<i32> {
    if !(0x81..=0xFE).contains(&lead) || !matches!(trail, 0x40..=0x7E | 0xA1..=0xFE) {
        return None;
    }
    Some(match lead {
        // Korean and GBK text reads as these rows too, but never with an ASCII trail byte.
        0xA4..=0xC5 if trail >= 0xA1 => 6,
        0xA4..=0xC5 => 8,
        0xC6 if trail <= 0x7E => 8,
        0xC9..=0xF9 => 3,
        0xA1..=0xA3 => 2,
        0xC6..=0xC8 => -4,
        _ => -1,
    })
}

/// Shift_JIS: kana and level-1 kanji are everyday Japanese.
fn shift_jis(lead: u8, trail: u8) -> Option<i32> {
    if !matches!(lead, 0x81..=0x9F | 0xE0..=0xFC) || !matches!(trail, 0x40..=0x7E | 0x80..=0xFC) {
        return None;
    }
    Some(match (lead, trail) {
        (0x82, 0x9F..) | (0x83, ..=0x96) => 8,
        (0x88, 0x9F..) | (0x89..=0x97, _) | (0x98, ..=0x72) => 8,
        (0x98..=0x9F | 0xE0..=0xEA, _) => 3,
        (0x81 | 0x82, _) => 3,
        (0x83 | 0x84, _) => -4,
        (0xF0..=0xF9, _) => -6,
        _ => 0,
    })
}

/// EUC-KR as browsers read it (Windows 949): the KS X 1001 Hangul rows are everyday Korean.
fn euc_kr(lead: u8, trail: u8) -> Option<i32> {
    if !(0x81..=0xFE).contains(&lead) || !matches!(trail, 0x41..=0x5A | 0x61..=0x7A | 0x81..=0xFE) {
        return None;
    }
    let ksx = trail >= 0xA1;
    Some(match lead {
        0xB0..=0xC8 if ksx => 7,
        0xCA..=0xFD if ksx => 3,
        0xA1 | 0xA3 if ksx => 3,
        0xA5 | 0xAA..=0xAC if ksx => -4,
        0xC9 | 0xFE if ksx => -6,
        0x81..=0xC6 if !ksx => 2,
        _ => 0,
    })
}

#[cfg(test)]
mod tests;
