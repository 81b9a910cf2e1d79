//! Password hashing with argon2id, stored as PHC strings, at OWASP's
//! recommended minimum (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1).
//!
//! Each hash or verification allocates its 19 MiB and keeps a core busy for
//! tens of milliseconds, so they run through a [`Hasher`]: at most one per
//! core at a time, the rest waiting in a FIFO queue. A burst of sign-ups or
//! sign-ins (a room full of players, or an attacker) then costs time, not
//! memory.

use crate::error::{ApiError, Code, Fill};
use argon2::{Algorithm, Argon2, Params, PasswordHasher as _, PasswordVerifier as _, Version};
use std::sync::Arc;
use tokio::sync::Semaphore;
use zxcvbn::feedback::{Suggestion, Warning};

/// The shortest password accepted.
pub const MIN_LENGTH: usize = 8;
/// The longest password accepted (bounds hashing work).
pub const MAX_LENGTH: usize = 256;

/// Argon2id memory cost in KiB: 19 MiB (OWASP Password Storage Cheat Sheet).
pub const MEMORY_KIB: u32 = 19 * 1024;
/// Argon2id passes over the memory (OWASP: t=2 with 19 MiB).
pub const ITERATIONS: u32 = 2;
/// Argon2id lanes (OWASP: p=1).
pub const LANES: u32 = 1;

/// How hard a password must be to guess (zxcvbn's score, 0–4): 3 is
/// "safely unguessable", about 10^8 guesses or more (Dropbox's zxcvbn,
/// as NIST SP 800-63B §5.1.1.2 asks: refuse passwords from breach and
/// dictionary lists, and context-specific words such as the user's name).
pub const MIN_SCORE: zxcvbn::Score = zxcvbn::Score::Three;

/// Why a password is refused, in words a person can act on: a 422
/// `weak_password` (see [`ApiError::text`]); `None` when it is long enough and
/// hard enough to guess. `context` holds the account's own words (e-mail,
/// name), which make a password easier to guess.
#[must_use]
pub fn weakness(password: &str, context: &[&str]) -> Option<ApiError> {
    let refuse = |id, args: Vec<(&'static str, Fill)>| Some(ApiError::invalid(Code::WeakPassword, "").text(id, args));
    let len = password.chars().count();
    if !(MIN_LENGTH..=MAX_LENGTH).contains(&len) {
        return refuse(
            "refusal-password-length",
            vec![("min", Fill::from(&MIN_LENGTH)), ("max", Fill::from(&MAX_LENGTH))],
        );
    }
    if personal(password, context) {
        return refuse("refusal-password-personal", vec![]);
    }
    let words: Vec<String> = context
        .iter()
        .flat_map(|c| c.split(|ch: char| !ch.is_alphanumeric()))
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let estimate = zxcvbn::zxcvbn(password, &words);
    if estimate.score() >= MIN_SCORE {
        return None;
    }
    let hints: Vec<String> = estimate
        .feedback()
        .map(|f| {
            let warning = f.warning().map(warning_id);
            warning
                .into_iter()
                .chain(f.suggestions().iter().take(2).map(|s| suggestion_id(*s)))
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    if hints.is_empty() {
        refuse("refusal-password-guessable", vec![])
    } else {
        refuse("refusal-password-guessable-hints", vec![("hints", Fill::Messages(hints))])
    }
}

/// Whether `password` holds the account's own words: its e-mail, the
/// e-mail's local part, or its name (with or without spaces), each of 4
/// characters or more, in any case. zxcvbn only lowers the score of such a
/// password; one that is the e-mail twice still scored high enough.
fn personal(password: &str, context: &[&str]) -> bool {
    let password = password.to_lowercase();
    let mut own: Vec<String> = Vec::new();
    for c in context.iter().map(|c| c.trim().to_lowercase()) {
        if let Some((local, _)) = c.split_once('@') {
            own.push(local.to_string());
        } else {
            own.push(c.split_whitespace().collect());
        }
        own.push(c);
    }
    own.iter().filter(|w| w.chars().count() >= 4).any(|w| password.contains(w.as_str()))
}

/// The message of zxcvbn's warning, in `errors.ftl`.
const fn warning_id(w: Warning) -> &'static str {
    match w {
        Warning::StraightRowsOfKeysAreEasyToGuess => "password-warning-straight-rows-of-keys-are-easy-to-guess",
        Warning::ShortKeyboardPatternsAreEasyToGuess => "password-warning-short-keyboard-patterns-are-easy-to-guess",
        Warning::RepeatsLikeAaaAreEasyToGuess => "password-warning-repeats-like-aaa-are-easy-to-guess",
        Warning::RepeatsLikeAbcAbcAreOnlySlightlyHarderToGuess => {
            "password-warning-repeats-like-abc-abc-are-only-slightly-harder-to-guess"
        }
        Warning::ThisIsATop10Password => "password-warning-this-is-a-top-10-password",
        Warning::ThisIsATop100Password => "password-warning-this-is-a-top-100-password",
        Warning::ThisIsACommonPassword => "password-warning-this-is-a-common-password",
        Warning::ThisIsSimilarToACommonlyUsedPassword => "password-warning-this-is-similar-to-a-commonly-used-password",
        Warning::SequencesLikeAbcAreEasyToGuess => "password-warning-sequences-like-abc-are-easy-to-guess",
        Warning::RecentYearsAreEasyToGuess => "password-warning-recent-years-are-easy-to-guess",
        Warning::AWordByItselfIsEasyToGuess => "password-warning-a-word-by-itself-is-easy-to-guess",
        Warning::DatesAreOftenEasyToGuess => "password-warning-dates-are-often-easy-to-guess",
        Warning::NamesAndSurnamesByThemselvesAreEasyToGuess => {
            "password-warning-names-and-surnames-by-themselves-are-easy-to-guess"
        }
        Warning::CommonNamesAndSurnamesAreEasyToGuess => "password-warning-common-names-and-surnames-are-easy-to-guess",
    }
}

/// The message of zxcvbn's suggestion, in `errors.ftl`.
const fn suggestion_id(s: Suggestion) -> &'static str {
    match s {
        Suggestion::UseAFewWordsAvoidCommonPhrases => "password-suggestion-use-a-few-words-avoid-common-phrases",
        Suggestion::NoNeedForSymbolsDigitsOrUppercaseLetters => {
            "password-suggestion-no-need-for-symbols-digits-or-uppercase-letters"
        }
        Suggestion::AddAnotherWordOrTwo => "password-suggestion-add-another-word-or-two",
        Suggestion::CapitalizationDoesntHelpVeryMuch => "password-suggestion-capitalization-doesnt-help-very-much",
        Suggestion::AllUppercaseIsAlmostAsEasyToGuessAsAllLowercase => {
            "password-suggestion-all-uppercase-is-almost-as-easy-to-guess-as-all-lowercase"
        }
        Suggestion::ReversedWordsArentMuchHarderToGuess => {
            "password-suggestion-reversed-words-arent-much-harder-to-guess"
        }
        Suggestion::PredictableSubstitutionsDontHelpVeryMuch => {
            "password-suggestion-predictable-substitutions-dont-help-very-much"
        }
        Suggestion::UseALongerKeyboardPatternWithMoreTurns => {
            "password-suggestion-use-a-longer-keyboard-pattern-with-more-turns"
        }
        Suggestion::AvoidRepeatedWordsAndCharacters => "password-suggestion-avoid-repeated-words-and-characters",
        Suggestion::AvoidSequences => "password-suggestion-avoid-sequences",
        Suggestion::AvoidRecentYears => "password-suggestion-avoid-recent-years",
        Suggestion::AvoidYearsThatAreAssociatedWithYou => {
            "password-suggestion-avoid-years-that-are-associated-with-you"
        }
        Suggestion::AvoidDatesAndYearsThatAreAssociatedWithYou => {
            "password-suggestion-avoid-dates-and-years-that-are-associated-with-you"
        }
    }
}

/// A hashing failure: the worker thread died (never the parameters, which are constants).
#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// The argon2id hasher at the parameters above.
fn argon2() -> Argon2<'static> {
    // The constants are within argon2's limits; `Params::DEFAULT` is the same
    // recommendation, kept as the fallback so this can never fail.
    let params = Params::new(MEMORY_KIB, ITERATIONS, LANES, None).unwrap_or(Params::DEFAULT);
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes `password` with a fresh random 16-byte salt (from the operating
/// system's generator). CPU- and memory-heavy: call it
/// through a [`Hasher`].
///
/// # Errors
/// Only if the hasher rejects its own parameters (never with these constants).
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    Ok(argon2().hash_password(password.as_bytes())?.to_string())
}

/// Whether `password` matches the PHC string `phc` (verified at the
/// parameters the string records). A malformed hash never matches.
#[must_use]
pub fn verify(password: &str, phc: &str) -> bool {
    argon2().verify_password(password.as_bytes(), phc).is_ok()
}

/// Runs [`hash`] and [`verify`] on blocking threads, at most `slots` at once;
/// callers beyond that wait their turn in arrival order. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Hasher {
    slots: Arc<Semaphore>,
}

impl Hasher {
    /// A hasher running at most `slots` (at least 1) hashes at once.
    #[must_use]
    pub fn new(slots: usize) -> Hasher {
        Hasher { slots: Arc::new(Semaphore::new(slots.max(1))) }
    }

    /// A hasher with one slot per core.
    #[must_use]
    pub fn per_core() -> Hasher {
        Hasher::new(std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get))
    }

    /// How many slots are free right now (for metrics and tests).
    #[must_use]
    pub fn free_slots(&self) -> usize {
        self.slots.available_permits()
    }

    /// Hashes `password` (see [`hash`]) when a slot is free.
    ///
    /// # Errors
    /// [`HashError`] if the worker thread failed.
    pub async fn hash(&self, password: String) -> Result<String, HashError> {
        self.run(move || hash(&password).map_err(|e| HashError(e.to_string()))).await?
    }

    /// Verifies `password` against `phc` (see [`verify`]) when a slot is free.
    ///
    /// # Errors
    /// [`HashError`] if the worker thread failed.
    pub async fn verify(&self, password: String, phc: String) -> Result<bool, HashError> {
        self.run(move || verify(&password, &phc)).await
    }

    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, HashError> {
        let _slot = self.slots.acquire().await.map_err(|e| HashError(e.to_string()))?;
        tokio::task::spawn_blocking(work).await.map_err(|e| HashError(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weak_and_personal_passwords_are_refused_with_a_reason() {
        for weak in ["password", "12345678", "        ", "qwertyuiop", "alice1990!", "short"] {
            let why = weakness(weak, &["alice@example.com", "Alice Smith"]);
            assert!(why.is_some(), "{weak:?} was accepted");
        }
        assert!(weakness("alicesmith", &["alice@example.com", "Alice Smith"]).is_some(), "the user's own name");
        // Issue 29: the e-mail, its local part or the name, repeated or padded, are refused by name.
        let ctx = ["marguerite.yourcenar@example.com", "Marguerite Yourcenar"];
        for own in [
            "marguerite.yourcenar@example.commarguerite.yourcenar@example.com",
            "xX-marguerite.yourcenar-Xx-2024",
            "Marguerite Yourcenar Marguerite Yourcenar",
            "margueriteyourcenar!!margueriteyourcenar",
        ] {
            let why = weakness(own, &ctx).map(|e| e.message().to_string()).unwrap_or_default();
            assert!(why.contains("e-mail address or your name"), "{own:?}: {why:?}");
        }
        assert!(weakness("correct horse battery staple", &ctx).is_none());
        for strong in ["a long password", "demo tournament day", "correct horse battery staple", "Tr0mbone-Saucer-91"] {
            assert!(weakness(strong, &["bob@example.com", "Bob"]).is_none(), "{strong:?}");
        }
        assert!(weakness("password", &[]).is_some_and(|e| e.message().contains("too easy to guess")));
    }

    #[test]
    fn hashes_verify_and_differ_by_salt() {
        let a = hash("correct horse").unwrap_or_default();
        let b = hash("correct horse").unwrap_or_default();
        assert!(a.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{a}");
        assert_ne!(a, b);
        assert!(verify("correct horse", &a));
        assert!(!verify("wrong horse", &a));
        assert!(!verify("correct horse", "not a hash"));
    }

    #[test]
    fn hashes_stored_by_earlier_releases_still_verify() {
        // Written by the argon2 0.5 crate (Arbiter's hasher before 0.6) with these parameters.
        let stored = "$argon2id$v=19$m=19456,t=2,p=1$QXJiaXRlclNhbHQwNXg$V2RHc6PVlhNNEEA1sC5P4e1NTZz0zzQ2q+YkmnMShyg";
        assert!(verify("a long password", stored));
        assert!(!verify("a long passwore", stored));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_burst_runs_at_most_slots_at_once_and_gives_every_slot_back() {
        use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
        let hasher = Hasher::new(2);
        let (running, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let mut tasks = Vec::new();
        for _ in 0..16 {
            let (h, running, peak) = (hasher.clone(), running.clone(), peak.clone());
            tasks.push(tokio::spawn(async move {
                h.run(move || {
                    peak.fetch_max(running.fetch_add(1, SeqCst) + 1, SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    running.fetch_sub(1, SeqCst);
                })
                .await
            }));
        }
        for t in tasks {
            assert!(matches!(t.await, Ok(Ok(()))));
        }
        assert_eq!(peak.load(SeqCst), 2, "two at a time, never more (and the burst did overlap)");
        assert_eq!(hasher.free_slots(), 2, "every slot is given back");
        let phc = hasher.hash("password one".into()).await.unwrap_or_default();
        assert!(hasher.verify("password one".into(), phc).await.unwrap_or(false));
    }
}
