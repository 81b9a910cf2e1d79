//! Fuzzing the TRF reader with proptest: random bytes, and valid files with
//! random edits, must never panic it — nor anything a server or `arbiter
//! pair` does next with what it read (rounds, point values, the pairing
//! input, writing the file back). Bounded so it runs with the other tests.

use super::{LineEnding, Trf};
use proptest::prelude::*;

/// Valid files to mutate: the module's sample and a FIDE Dutch reference case.
const SEEDS: [&str; 2] = [
    "012 Club Championship\nXXR 5\nXXC black1\nBBW  3.0\nBBD  1.0\n### a comment\n\
001    1 m GM Carlsen, Magnus                   2830 NOR 1503014     1990/11/30  5.0    1     3 w 1     2 b =  0000 - H\n\
001    2 w IM Example, Erika                    2400 GER                         7.0    2  0000 - U     1 w =     3 b +\n\
001    3      Test0003 Player0003               2300                             0.0    3     1 b 0  0000 - Z     2 w -\n\
XXA    1  1.0\nXXP    1    2\nXXS W=1.0\n250  1.0  1  3\n260 1 2\nXYZ something unknown\n",
    include_str!("../../tests/data/fide-dutch/cases/d0003-r05.trf"),
];

/// Characters that matter to the format: digits, signs, result letters,
/// colours, separators, line ends and a few outside ASCII.
const ALPHABET: &[char] = &[
    '0', '1', '2', '9', ' ', ' ', '+', '-', '=', '.', '/', 'w', 'b', 'W', 'B', 'H', 'F', 'U', 'Z', 'L', 'D', 'X', '\r',
    '\n', '\t', '½', 'é', '\u{feff}', '\u{0}',
];

/// One random edit of a file.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace the character at a position (modulo the length).
    Set(usize, char),
    /// Insert a character.
    Insert(usize, char),
    /// Remove a run of characters.
    Remove(usize, usize),
    /// Repeat a line.
    DuplicateLine(usize),
    /// Cut the file short.
    Truncate(usize),
    /// Put a very large number in a column.
    BigNumber(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = proptest::sample::select(ALPHABET);
    prop_oneof![
        4 => (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Set(i, c)),
        2 => (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
        2 => (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Remove(i, n)),
        1 => any::<usize>().prop_map(Edit::DuplicateLine),
        1 => any::<usize>().prop_map(Edit::Truncate),
        1 => any::<usize>().prop_map(Edit::BigNumber),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Set(i, c) => {
                if !chars.is_empty() {
                    chars[i % n] = c;
                }
            }
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Remove(i, len) => {
                let at = i % n;
                let end = (at + len).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            Edit::DuplicateLine(i) => {
                let s: String = chars.iter().collect();
                let lines: Vec<&str> = s.split('\n').collect();
                let line = lines[i % lines.len()];
                chars = format!("{s}\n{line}").chars().collect();
            }
            Edit::Truncate(i) => chars.truncate(i % n),
            Edit::BigNumber(i) => {
                let at = i % (chars.len() + 1);
                chars.splice(at..at, "99999999999999999999".chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Reads `text` and uses what was read the way callers do; any panic fails the test.
fn exercise(text: &str) {
    let Ok(trf) = Trf::parse(text) else { return };
    let written = trf.to_text(LineEnding::Cr);
    let _ = Trf::parse(&written);
    let _ = trf.total_rounds();
    let _ = trf.declared_initial_colour();
    let _ = trf.initial_colour();
    let _ = trf.point_system();
    let paired = trf.rounds_paired().min(30);
    for round in 1..=paired + 1 {
        let _ = trf.round_input(round);
        let _ = trf.recorded_round(round);
        let _ = trf.forbidden_pairs(round);
    }
    let _ = trf.next_round_input();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary bytes, read as TRF files are (UTF-8, else Latin-1).
    #[test]
    fn random_bytes_never_panic_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let text = String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect());
        exercise(&text);
    }

    /// Random lines built from the format's characters, behind a valid header.
    #[test]
    fn random_lines_never_panic_the_reader(
        lines in proptest::collection::vec(
            (proptest::sample::select(&["001", "XXR", "XXC", "XXA", "XXP", "XXS", "BBW", "250", "260", "012", "162"][..]),
             proptest::collection::vec(proptest::sample::select(ALPHABET), 0..120)),
            0..12,
        )
    ) {
        let text: String = lines.iter().map(|(tag, rest)| format!("{tag}{}\n", rest.iter().collect::<String>())).collect();
        exercise(&text);
    }

    /// Valid files with a few random edits.
    #[test]
    fn edited_valid_files_never_panic_the_reader(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(edit(), 1..6),
    ) {
        exercise(&apply(SEEDS[seed], &edits));
    }
}
