//! `arbiter pair` and `arbiter check`: the FIDE (Dutch) System on TRF files,
//! called the way tournament managers call JaVaFo and bbpPairings.
//!
//! - `arbiter pair --dutch IN.trf -p [OUT]` pairs the round after the last one
//!   the file records and writes the number of pairs, then one board per line
//!   `WHITE BLACK` by pairing number in board order, the PAB as `ID 0`
//!   (to `OUT`, or standard output).
//! - `--explain` first prints, bracket by bracket, why each downfloater and
//!   each colour was chosen.
//! - `arbiter check --dutch IN.trf` re-pairs every recorded round from the
//!   rounds before it and lists each round paired differently, with its first
//!   difference.
//!
//! Exit codes ([`Outcome::code`]): 0 paired (or every round matches), 1 no
//! legal pairing (or some round differs), 2 unexpected error, 3 invalid input
//! (the message names the line and field; also an input file over 64 MiB),
//! 5 a file cannot be read or written (also an input that is not a regular
//! file: a device, a pipe, a directory).

use arbiter_engine::pairing::dutch::{self, check_tournament, pairing_text, PairingError};
use arbiter_engine::trf::Trf;
use clap::Args;
use std::path::{Path, PathBuf};

/// `arbiter pair`'s arguments.
#[derive(Clone, Debug, Args)]
pub struct PairArgs {
    /// Pair by the FIDE (Dutch) System, C.04.3 (the only system offered; accepted for compatibility).
    #[arg(long)]
    pub dutch: bool,
    /// The tournament so far, as a TRF16 / TRF-2026 / TRF(x) file.
    pub input: PathBuf,
    /// Write the pairing (to OUTPUT, or to standard output when none is given).
    #[arg(short = 'p', long = "pairing", value_name = "OUTPUT", num_args = 0..=1, default_missing_value = "-")]
    pub pairing: Option<String>,
    /// Also print, bracket by bracket, why each downfloater and each colour was chosen (C.04.3's terms).
    #[arg(long)]
    pub explain: bool,
}

/// `arbiter check`'s arguments.
#[derive(Clone, Debug, Args)]
pub struct CheckArgs {
    /// Check against the FIDE (Dutch) System, C.04.3 (accepted for compatibility).
    #[arg(long)]
    pub dutch: bool,
    /// A played tournament, as a TRF file.
    pub input: PathBuf,
}

/// How a command ended, with its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Paired; or every round checked matches.
    Done,
    /// No legal pairing exists; or some round differs.
    Negative,
    /// Something that should not happen.
    Unexpected,
    /// The input is not a valid tournament.
    InvalidInput,
    /// A file cannot be read or written.
    FileAccess,
}

impl Outcome {
    /// The process exit code (JaVaFo / bbpPairings conventions: 0, 1, 2, 3, 5).
    #[must_use]
    pub const fn code(self) -> i32 {
        match self {
            Outcome::Done => 0,
            Outcome::Negative => 1,
            Outcome::Unexpected => 2,
            Outcome::InvalidInput => 3,
            Outcome::FileAccess => 5,
        }
    }
}

/// The largest input file read (the largest real TRF is a few megabytes).
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// Reads the input: a regular file (not a device, pipe or directory, which
/// could be endless or block) of at most [`MAX_INPUT_BYTES`].
fn read_input(path: &Path) -> Result<Vec<u8>, (Outcome, String)> {
    use std::io::Read as _;
    let cannot = |e: &dyn std::fmt::Display| (Outcome::FileAccess, format!("cannot read {}: {e}", path.display()));
    let not_regular = || {
        (
            Outcome::FileAccess,
            format!(
                "cannot read {}: not a regular file (give a TRF file, not a device, pipe or directory)",
                path.display()
            ),
        )
    };
    let too_large = || {
        (
            Outcome::InvalidInput,
            format!(
                "{}: the file is larger than {} MiB, the most a TRF file may be",
                path.display(),
                MAX_INPUT_BYTES >> 20
            ),
        )
    };
    // Checked before opening too: opening a pipe blocks until someone writes to it.
    if !std::fs::metadata(path).map_err(|e| cannot(&e))?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(|e| cannot(&e))?;
    let meta = file.metadata().map_err(|e| cannot(&e))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    // A file growing while it is read stops at the cap all the same.
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).map_err(|e| cannot(&e))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

fn read(path: &Path) -> Result<Trf, (Outcome, String)> {
    let bytes = read_input(path)?;
    // TRF files are ASCII or Latin-1 in the wild: accept both by mapping bytes that are not UTF-8.
    let text = String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect());
    Trf::parse(&text).map_err(|e| (Outcome::InvalidInput, format!("{}: {e}", path.display())))
}

/// Runs `arbiter pair`: returns what to print on standard output, what to
/// print on standard error, and the outcome.
#[must_use]
pub fn pair(args: &PairArgs) -> (String, String, Outcome) {
    let trf = match read(&args.input) {
        Ok(t) => t,
        Err((outcome, message)) => return (String::new(), message, outcome),
    };
    let input = match trf.next_round_input() {
        Ok(i) => i,
        Err(e) => return (String::new(), format!("{}: {e}", args.input.display()), Outcome::InvalidInput),
    };
    let (pairing, explanation) = if args.explain {
        match dutch::explain(&input) {
            Ok((p, e)) => (Ok(p), Some(e.to_string())),
            Err(e) => (Err(e), None),
        }
    } else {
        (dutch::pair(&input), None)
    };
    let pairing = match pairing {
        Ok(p) => p,
        Err(PairingError::NoLegalPairing) => {
            return (
                String::new(),
                format!("round {}: {}", input.round, PairingError::NoLegalPairing),
                Outcome::Negative,
            )
        }
        Err(e @ PairingError::InvalidInput { .. }) => return (String::new(), e.to_string(), Outcome::InvalidInput),
        Err(e) => return (String::new(), e.to_string(), Outcome::Unexpected),
    };
    let text = pairing_text(&pairing);
    let mut stdout = explanation.unwrap_or_default();
    match args.pairing.as_deref() {
        None => {}
        Some("-") => stdout.push_str(&text),
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                return (stdout, format!("cannot write {path}: {e}"), Outcome::FileAccess);
            }
        }
    }
    (stdout, String::new(), Outcome::Done)
}

/// Runs `arbiter check`: the report on standard output, errors on standard
/// error, and the outcome.
#[must_use]
pub fn check(args: &CheckArgs) -> (String, String, Outcome) {
    let trf = match read(&args.input) {
        Ok(t) => t,
        Err((outcome, message)) => return (String::new(), message, outcome),
    };
    match check_tournament(&trf) {
        Ok(report) => {
            let outcome = if report.is_clean() { Outcome::Done } else { Outcome::Negative };
            (report.to_string(), String::new(), outcome)
        }
        Err(e) => (String::new(), format!("{}: {e}", args.input.display()), Outcome::InvalidInput),
    }
}
