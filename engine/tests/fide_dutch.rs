//! The FIDE Dutch reference cases: every `cases/NAME-rNN.trf` must pair to
//! exactly the lines of `cases/NAME-rNN.expected` (`exit 1`: no legal pairing).
//! Set `ARBITER_DUTCH_CASES=/some/dir` to run another directory of cases.

use arbiter_engine::pairing::dutch::{pair, pairing_text, PairingError};
use arbiter_engine::trf::Trf;
use std::path::{Path, PathBuf};

fn cases_dir() -> PathBuf {
    std::env::var_os("ARBITER_DUTCH_CASES")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide-dutch/cases"))
}

/// What pairing the case file gives, in the expected-file format.
fn run_case(trf_text: &str) -> String {
    let trf = match Trf::parse(trf_text) {
        Ok(t) => t,
        Err(e) => return format!("invalid TRF: {e}"),
    };
    let input = match trf.next_round_input() {
        Ok(i) => i,
        Err(e) => return format!("invalid TRF: {e}"),
    };
    match pair(&input) {
        Ok(p) => pairing_text(&p),
        Err(PairingError::NoLegalPairing) => "exit 1\n".to_string(),
        Err(e) => format!("error: {e}"),
    }
}

fn normalise(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
}

#[test]
fn fide_dutch_reference_cases() {
    let dir = cases_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf") && p.with_extension("expected").exists())
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no cases in {}", dir.display());
    let mut failures = Vec::new();
    for path in &names {
        let trf = std::fs::read_to_string(path).unwrap_or_default();
        let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap_or_default();
        let got = run_case(&trf);
        if normalise(&got) != normalise(&expected) {
            failures.push((
                path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                expected,
                got,
            ));
        }
    }
    let passed = names.len() - failures.len();
    println!("fide-dutch: {passed}/{} cases reproduced", names.len());
    if !failures.is_empty() {
        let mut report = String::new();
        for (name, expected, got) in failures.iter().take(8) {
            let first = normalise(expected).into_iter().zip(normalise(got)).position(|(a, b)| a != b);
            report.push_str(&format!(
                "\n{name} (first difference at line {}):\n  expected: {}\n  got:      {}\n",
                first.map_or(0, |i| i + 1),
                expected.replace('\n', " | "),
                got.replace('\n', " | ")
            ));
        }
        let all: Vec<&str> = failures.iter().map(|f| f.0.as_str()).collect();
        panic!("{} of {} cases differ: {}\nfirst ones:{report}", failures.len(), names.len(), all.join(" "));
    }
}

#[test]
fn fide_dutch_reference_tournaments_check_clean() {
    use arbiter_engine::pairing::dutch::check_tournament;
    let dir = cases_dir().with_file_name("tournaments");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "trf")).collect()
        })
        .unwrap_or_default();
    files.sort();
    if files.is_empty() {
        println!("fide-dutch: no tournaments in {}", dir.display());
        return;
    }
    let mut rounds = 0;
    let mut bad = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match Trf::parse(&text).map_err(|e| e.to_string()).and_then(|t| check_tournament(&t).map_err(|e| e.to_string()))
        {
            Ok(report) => {
                rounds += report.rounds_checked;
                if !report.is_clean() {
                    bad.push(format!("{name}: {report}"));
                }
            }
            Err(e) => bad.push(format!("{name}: {e}")),
        }
    }
    println!("fide-dutch: {} tournaments, {rounds} rounds checked, {} with differences", files.len(), bad.len());
    assert!(bad.is_empty(), "{}", bad.iter().take(5).cloned().collect::<Vec<_>>().join("\n"));
}
