//! `arbiter pair` and `arbiter check` as tournament managers call them: the
//! built binary on the FIDE (Dutch) reference cases (engine/tests/data/fide-dutch),
//! compared with the expected pairings, exit codes and messages.

use arbiter_tests::process::arbiter_binary;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn reference(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/data/fide-dutch").join(path)
}

fn arbiter(args: &[&str]) -> anyhow::Result<Output> {
    Ok(Command::new(arbiter_binary()?).args(args).output()?)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The expected pairing file, line ends normalised.
fn expected(case: &str) -> anyhow::Result<String> {
    let raw = std::fs::read_to_string(reference(&format!("cases/{case}.expected")))?;
    Ok(raw.lines().map(|l| format!("{}\n", l.trim_end())).collect())
}

#[test]
fn pair_writes_the_reference_pairing_to_stdout_and_to_a_file() -> anyhow::Result<()> {
    for case in ["d0003-r05", "d0010-r02", "L0001-r07"] {
        let input = reference(&format!("cases/{case}.trf"));
        let input = input.to_str().unwrap_or_default();
        let out = arbiter(&["pair", "--dutch", input, "-p"])?;
        assert_eq!(out.status.code(), Some(0), "{case}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), expected(case)?, "{case}");

        let dir = tempfile::tempdir()?;
        let file = dir.path().join("pairing.txt");
        let out = arbiter(&["pair", "--dutch", input, "-p", file.to_str().unwrap_or_default()])?;
        assert_eq!(out.status.code(), Some(0), "{case}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{case}: nothing on stdout when writing a file");
        assert_eq!(std::fs::read_to_string(&file)?, expected(case)?, "{case}");
    }
    Ok(())
}

#[test]
fn pair_exits_1_when_no_legal_pairing_exists() -> anyhow::Result<()> {
    let case = "x0021-r11";
    assert_eq!(expected(case)?.trim(), "exit 1");
    let input = reference(&format!("cases/{case}.trf"));
    let out = arbiter(&["pair", "--dutch", input.to_str().unwrap_or_default(), "-p"])?;
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("no legal pairing"), "{}", text(&out.stderr));
    Ok(())
}

#[test]
fn pair_exits_3_naming_the_line_and_field_of_bad_input_and_5_for_a_missing_file() -> anyhow::Result<()> {
    let source = std::fs::read_to_string(reference("cases/d0003-r05.trf"))?;
    // Player 2's rating (cols 49-52) becomes letters.
    let mut lines: Vec<String> = source.split(['\r', '\n']).map(str::to_string).collect();
    let at = lines.iter().position(|l| l.starts_with("001    2")).ok_or_else(|| anyhow::anyhow!("no player 2"))?;
    lines[at].replace_range(48..52, "ABCD");
    let dir = tempfile::tempdir()?;
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, lines.join("\n"))?;
    let out = arbiter(&["pair", "--dutch", bad.to_str().unwrap_or_default(), "-p"])?;
    assert_eq!(out.status.code(), Some(3));
    let err = text(&out.stderr);
    assert!(err.contains(&format!("line {}", at + 1)) && err.contains("rating"), "{err}");

    let out = arbiter(&["pair", "--dutch", dir.path().join("missing.trf").to_str().unwrap_or_default(), "-p"])?;
    assert_eq!(out.status.code(), Some(5));
    assert!(text(&out.stderr).contains("cannot read"), "{}", text(&out.stderr));
    Ok(())
}

#[test]
fn check_passes_a_reference_tournament_and_names_the_round_a_changed_copy_breaks() -> anyhow::Result<()> {
    let path = reference("tournaments/d0003.trf");
    let out = arbiter(&["check", "--dutch", path.to_str().unwrap_or_default()])?;
    assert_eq!(out.status.code(), Some(0), "{}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).starts_with("All "), "{}", text(&out.stdout));

    // Reverse the colours of player 1's round-1 game on both players' lines.
    let source = std::fs::read_to_string(&path)?;
    let mut lines: Vec<String> = source.split(['\r', '\n']).map(str::to_string).collect();
    let one = lines.iter().position(|l| l.starts_with("001    1 ")).ok_or_else(|| anyhow::anyhow!("no player 1"))?;
    let opponent: u32 = lines[one][91..95].trim().parse()?;
    let other = lines
        .iter()
        .position(|l| l.starts_with("001 ") && l[4..8].trim().parse() == Ok(opponent))
        .ok_or_else(|| anyhow::anyhow!("no opponent"))?;
    for i in [one, other] {
        let flipped = if &lines[i][96..97] == "w" { "b" } else { "w" };
        lines[i].replace_range(96..97, flipped);
    }
    let dir = tempfile::tempdir()?;
    let changed = dir.path().join("changed.trf");
    std::fs::write(&changed, lines.join("\r"))?;
    let out = arbiter(&["check", "--dutch", changed.to_str().unwrap_or_default()])?;
    assert_eq!(out.status.code(), Some(1), "{}{}", text(&out.stdout), text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("round 1: ") && report.contains("colours reversed"), "{report}");
    Ok(())
}

#[test]
fn explain_prints_the_brackets_colours_and_pab_before_the_pairing() -> anyhow::Result<()> {
    let case = "d0007-r03";
    let input = reference(&format!("cases/{case}.trf"));
    let out = arbiter(&["pair", "--dutch", input.to_str().unwrap_or_default(), "-p", "--explain"])?;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.ends_with(&expected(case)?), "{stdout}");
    // Round 3 of 7 players: three score groups, the PAB to 2 (C.04.3 C2, C5, C9), board 3's colours by 5.2.4.
    for line in [
        "Bracket 1: scoregroup 2.0",
        "Bracket 3: scoregroup 0.5 (heterogeneous",
        "[C12]",
        "Board 3: 3 (1.0) White",
        "5.2.4",
        "PAB: 2 (0.5)",
    ] {
        assert!(stdout.contains(line), "missing {line:?} in:\n{stdout}");
    }
    Ok(())
}
