//! Upper and lower case, for players' names (two names that differ only in case are one name) and for the
//! first letter of a sentence. Unicode's full case tables would be 9 KB of the app's first download
//! (brotli) for names typed at a table, so the letters covered are the Latin, Greek, Cyrillic and Armenian
//! alphabets (U+0000 to U+058F, and the Latin letters of U+1E00 to U+1EFF): for each of them the case is
//! exactly the standard library's (`char::to_lowercase`, `char::to_uppercase`) wherever that is one letter,
//! which the tests check letter by letter. Every other character keeps its case: letters that change case
//! into several (`ß` → `SS`) and scripts beyond these blocks.

/// `count` letters from `first`, `stride` apart, whose other case is `delta` away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    first: u16,
    count: u8,
    stride: u8,
    delta: i32,
}

const fn run(first: u16, count: u8, stride: u8, delta: i32) -> Run {
    Run {
        first,
        count,
        stride,
        delta,
    }
}

/// The letter in lower case (itself if it has none, or is not covered).
pub fn lowercase(letter: char) -> char {
    changed(&LOWER, letter)
}

/// The letter in upper case (itself if it has none, or is not covered).
pub fn uppercase(letter: char) -> char {
    changed(&UPPER, letter)
}

/// The text in lower case, letter by letter: the key under which names that differ only in case are one.
pub fn lowercased(text: &str) -> String {
    text.chars().map(lowercase).collect()
}

/// Whether two names are the same but for case.
pub fn same_name(one: &str, other: &str) -> bool {
    one.chars().map(lowercase).eq(other.chars().map(lowercase))
}

/// The text with its first letter in upper case: a clause ("roll the dice first") made a sentence.
pub fn capitalised(text: &str) -> String {
    let mut letters = text.chars();
    match letters.next() {
        Some(first) => std::iter::once(uppercase(first)).chain(letters).collect(),
        None => String::new(),
    }
}

fn changed(runs: &[Run], letter: char) -> char {
    let code = u32::from(letter);
    // The runs are sorted and apart: only the last one starting at or before the letter may hold it.
    let Some(run) = runs[..runs.partition_point(|run| u32::from(run.first) <= code)].last() else {
        return letter;
    };
    let offset = code - u32::from(run.first);
    let stride = u32::from(run.stride);
    if offset % stride != 0 || offset / stride >= u32::from(run.count) {
        return letter;
    }
    code.checked_add_signed(run.delta)
        .and_then(char::from_u32)
        .unwrap_or(letter)
}

// The letters of the covered blocks whose case is another single letter, as runs; the tests derive them from
// the standard library and print these tables if they ever differ.
#[rustfmt::skip]
const LOWER: [Run; 89] = [
    run(0x0041, 26, 1, 32), run(0x00C0, 23, 1, 32), run(0x00D8, 7, 1, 32), run(0x0100, 24, 2, 1),
    run(0x0132, 3, 2, 1), run(0x0139, 8, 2, 1), run(0x014A, 23, 2, 1), run(0x0178, 1, 1, -121),
    run(0x0179, 3, 2, 1), run(0x0181, 1, 1, 210), run(0x0182, 2, 2, 1), run(0x0186, 1, 1, 206),
    run(0x0187, 1, 1, 1), run(0x0189, 2, 1, 205), run(0x018B, 1, 1, 1), run(0x018E, 1, 1, 79),
    run(0x018F, 1, 1, 202), run(0x0190, 1, 1, 203), run(0x0191, 1, 1, 1), run(0x0193, 1, 1, 205),
    run(0x0194, 1, 1, 207), run(0x0196, 1, 1, 211), run(0x0197, 1, 1, 209), run(0x0198, 1, 1, 1),
    run(0x019C, 1, 1, 211), run(0x019D, 1, 1, 213), run(0x019F, 1, 1, 214), run(0x01A0, 3, 2, 1),
    run(0x01A6, 1, 1, 218), run(0x01A7, 1, 1, 1), run(0x01A9, 1, 1, 218), run(0x01AC, 1, 1, 1),
    run(0x01AE, 1, 1, 218), run(0x01AF, 1, 1, 1), run(0x01B1, 2, 1, 217), run(0x01B3, 2, 2, 1),
    run(0x01B7, 1, 1, 219), run(0x01B8, 1, 1, 1), run(0x01BC, 1, 1, 1), run(0x01C4, 1, 1, 2),
    run(0x01C5, 1, 1, 1), run(0x01C7, 1, 1, 2), run(0x01C8, 1, 1, 1), run(0x01CA, 1, 1, 2),
    run(0x01CB, 9, 2, 1), run(0x01DE, 9, 2, 1), run(0x01F1, 1, 1, 2), run(0x01F2, 2, 2, 1),
    run(0x01F6, 1, 1, -97), run(0x01F7, 1, 1, -56), run(0x01F8, 20, 2, 1), run(0x0220, 1, 1, -130),
    run(0x0222, 9, 2, 1), run(0x023A, 1, 1, 10795), run(0x023B, 1, 1, 1), run(0x023D, 1, 1, -163),
    run(0x023E, 1, 1, 10792), run(0x0241, 1, 1, 1), run(0x0243, 1, 1, -195), run(0x0244, 1, 1, 69),
    run(0x0245, 1, 1, 71), run(0x0246, 5, 2, 1), run(0x0370, 2, 2, 1), run(0x0376, 1, 1, 1),
    run(0x037F, 1, 1, 116), run(0x0386, 1, 1, 38), run(0x0388, 3, 1, 37), run(0x038C, 1, 1, 64),
    run(0x038E, 2, 1, 63), run(0x0391, 17, 1, 32), run(0x03A3, 9, 1, 32), run(0x03CF, 1, 1, 8),
    run(0x03D8, 12, 2, 1), run(0x03F4, 1, 1, -60), run(0x03F7, 1, 1, 1), run(0x03F9, 1, 1, -7),
    run(0x03FA, 1, 1, 1), run(0x03FD, 3, 1, -130), run(0x0400, 16, 1, 80), run(0x0410, 32, 1, 32),
    run(0x0460, 17, 2, 1), run(0x048A, 27, 2, 1), run(0x04C0, 1, 1, 15), run(0x04C1, 7, 2, 1),
    run(0x04D0, 48, 2, 1), run(0x0531, 38, 1, 48), run(0x1E00, 75, 2, 1), run(0x1E9E, 1, 1, -7615),
    run(0x1EA0, 48, 2, 1),
];
#[rustfmt::skip]
const UPPER: [Run; 119] = [
    run(0x0061, 26, 1, -32), run(0x00B5, 1, 1, 743), run(0x00E0, 23, 1, -32), run(0x00F8, 7, 1, -32),
    run(0x00FF, 1, 1, 121), run(0x0101, 24, 2, -1), run(0x0131, 1, 1, -232), run(0x0133, 3, 2, -1),
    run(0x013A, 8, 2, -1), run(0x014B, 23, 2, -1), run(0x017A, 3, 2, -1), run(0x017F, 1, 1, -300),
    run(0x0180, 1, 1, 195), run(0x0183, 2, 2, -1), run(0x0188, 1, 1, -1), run(0x018C, 1, 1, -1),
    run(0x0192, 1, 1, -1), run(0x0195, 1, 1, 97), run(0x0199, 1, 1, -1), run(0x019A, 1, 1, 163),
    run(0x019B, 1, 1, 42561), run(0x019E, 1, 1, 130), run(0x01A1, 3, 2, -1), run(0x01A8, 1, 1, -1),
    run(0x01AD, 1, 1, -1), run(0x01B0, 1, 1, -1), run(0x01B4, 2, 2, -1), run(0x01B9, 1, 1, -1),
    run(0x01BD, 1, 1, -1), run(0x01BF, 1, 1, 56), run(0x01C5, 1, 1, -1), run(0x01C6, 1, 1, -2),
    run(0x01C8, 1, 1, -1), run(0x01C9, 1, 1, -2), run(0x01CB, 1, 1, -1), run(0x01CC, 1, 1, -2),
    run(0x01CE, 8, 2, -1), run(0x01DD, 1, 1, -79), run(0x01DF, 9, 2, -1), run(0x01F2, 1, 1, -1),
    run(0x01F3, 1, 1, -2), run(0x01F5, 1, 1, -1), run(0x01F9, 20, 2, -1), run(0x0223, 9, 2, -1),
    run(0x023C, 1, 1, -1), run(0x023F, 2, 1, 10815), run(0x0242, 1, 1, -1), run(0x0247, 5, 2, -1),
    run(0x0250, 1, 1, 10783), run(0x0251, 1, 1, 10780), run(0x0252, 1, 1, 10782), run(0x0253, 1, 1, -210),
    run(0x0254, 1, 1, -206), run(0x0256, 2, 1, -205), run(0x0259, 1, 1, -202), run(0x025B, 1, 1, -203),
    run(0x025C, 1, 1, 42319), run(0x0260, 1, 1, -205), run(0x0261, 1, 1, 42315), run(0x0263, 1, 1, -207),
    run(0x0264, 1, 1, 42343), run(0x0265, 1, 1, 42280), run(0x0266, 1, 1, 42308), run(0x0268, 1, 1, -209),
    run(0x0269, 1, 1, -211), run(0x026A, 1, 1, 42308), run(0x026B, 1, 1, 10743), run(0x026C, 1, 1, 42305),
    run(0x026F, 1, 1, -211), run(0x0271, 1, 1, 10749), run(0x0272, 1, 1, -213), run(0x0275, 1, 1, -214),
    run(0x027D, 1, 1, 10727), run(0x0280, 1, 1, -218), run(0x0282, 1, 1, 42307), run(0x0283, 1, 1, -218),
    run(0x0287, 1, 1, 42282), run(0x0288, 1, 1, -218), run(0x0289, 1, 1, -69), run(0x028A, 2, 1, -217),
    run(0x028C, 1, 1, -71), run(0x0292, 1, 1, -219), run(0x029D, 1, 1, 42261), run(0x029E, 1, 1, 42258),
    run(0x0345, 1, 1, 84), run(0x0371, 2, 2, -1), run(0x0377, 1, 1, -1), run(0x037B, 3, 1, 130),
    run(0x03AC, 1, 1, -38), run(0x03AD, 3, 1, -37), run(0x03B1, 17, 1, -32), run(0x03C2, 1, 1, -31),
    run(0x03C3, 9, 1, -32), run(0x03CC, 1, 1, -64), run(0x03CD, 2, 1, -63), run(0x03D0, 1, 1, -62),
    run(0x03D1, 1, 1, -57), run(0x03D5, 1, 1, -47), run(0x03D6, 1, 1, -54), run(0x03D7, 1, 1, -8),
    run(0x03D9, 12, 2, -1), run(0x03F0, 1, 1, -86), run(0x03F1, 1, 1, -80), run(0x03F2, 1, 1, 7),
    run(0x03F3, 1, 1, -116), run(0x03F5, 1, 1, -96), run(0x03F8, 1, 1, -1), run(0x03FB, 1, 1, -1),
    run(0x0430, 32, 1, -32), run(0x0450, 16, 1, -80), run(0x0461, 17, 2, -1), run(0x048B, 27, 2, -1),
    run(0x04C2, 7, 2, -1), run(0x04CF, 1, 1, -15), run(0x04D1, 48, 2, -1), run(0x0561, 38, 1, -48),
    run(0x1E01, 75, 2, -1), run(0x1E9B, 1, 1, -59), run(0x1EA1, 48, 2, -1),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The covered code points.
    const COVERED: [(u32, u32); 2] = [(0x0000, 0x058F), (0x1E00, 0x1EFF)];

    /// The standard library's other case of a letter, where it is one letter.
    fn std_single(mut mapped: impl Iterator<Item = char>) -> Option<char> {
        let first = mapped.next()?;
        mapped.next().is_none().then_some(first)
    }

    fn covered(code: u32) -> bool {
        COVERED
            .iter()
            .any(|&(first, last)| (first..=last).contains(&code))
    }

    /// The runs of the letters the standard library maps to another single letter, in code point order.
    fn std_runs(map: fn(char) -> Option<char>) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        let letters = COVERED
            .iter()
            .flat_map(|&(first, last)| first..=last)
            .filter_map(char::from_u32);
        for letter in letters {
            let Some(other) = map(letter).filter(|&other| other != letter) else {
                continue;
            };
            let code = u32::from(letter);
            let delta = u32::from(other) as i32 - code as i32;
            if let Some(last) = runs.last_mut() {
                let end = u32::from(last.first) + (u32::from(last.count) - 1) * u32::from(last.stride);
                let step = code - end;
                let fits = match last.count {
                    1 => step == 1 || step == 2,
                    _ => step == u32::from(last.stride),
                };
                if last.delta == delta && fits && last.count < u8::MAX {
                    last.stride = step as u8;
                    last.count += 1;
                    continue;
                }
            }
            runs.push(run(code as u16, 1, 1, delta));
        }
        runs
    }

    /// A table as this file writes it.
    fn source(name: &str, runs: &[Run]) -> String {
        let mut lines = vec![format!("const {name}: [Run; {}] = [", runs.len())];
        for chunk in runs.chunks(4) {
            let runs: Vec<String> = chunk
                .iter()
                .map(|run| {
                    format!(
                        "run(0x{:04X}, {}, {}, {}),",
                        run.first, run.count, run.stride, run.delta
                    )
                })
                .collect();
            lines.push(format!("    {}", runs.join(" ")));
        }
        lines.push("];\n".into());
        lines.join("\n")
    }

    #[test]
    fn the_tables_are_the_standard_librarys_cases() {
        let lower = std_runs(|letter| std_single(letter.to_lowercase()));
        let upper = std_runs(|letter| std_single(letter.to_uppercase()));
        assert!(
            LOWER == lower[..] && UPPER == upper[..],
            "the tables differ from the standard library's; they are:\n{}{}",
            source("LOWER", &lower),
            source("UPPER", &upper)
        );
    }

    #[test]
    fn every_covered_letter_changes_case_as_std_does_and_every_other_character_keeps_it() {
        for letter in (0..=0x10FFFF).filter_map(char::from_u32) {
            let (lower, upper) = match covered(u32::from(letter)) {
                true => (
                    std_single(letter.to_lowercase()).unwrap_or(letter),
                    std_single(letter.to_uppercase()).unwrap_or(letter),
                ),
                false => (letter, letter),
            };
            assert_eq!(lowercase(letter), lower, "lower case of {letter:?}");
            assert_eq!(uppercase(letter), upper, "upper case of {letter:?}");
        }
    }

    #[test]
    fn names_are_the_same_but_for_case() {
        assert!(same_name("Anna", "aNNA"));
        assert!(same_name("Élise", "éLISE"));
        assert!(same_name("Ørjan", "øRJAN"));
        assert!(same_name("Ştefan", "ştefan"));
        assert!(same_name("Σοφία", "ΣΟΦΊΑ"));
        assert!(same_name("Игорь", "ИГОРЬ"));
        assert!(same_name("Nguyễn", "NGUYỄN"));
        assert!(!same_name("Anna", "Anne"));
        assert!(!same_name("Anna", "Ann"));
        assert_eq!(lowercased("Zoë ÅSA"), "zoë åsa");
        assert_eq!(capitalised("écrivez d'abord"), "Écrivez d'abord");
        assert_eq!(capitalised("roll first"), "Roll first");
        assert_eq!(capitalised("ßa"), "ßa");
        assert_eq!(capitalised(""), "");
    }
}
