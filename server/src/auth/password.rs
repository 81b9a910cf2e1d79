//! Password hashing with argon2id (the `argon2` crate's defaults: OWASP's
//! recommended m=19 MiB, t=2, p=1), stored as PHC strings.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// The shortest password accepted.
pub const MIN_LENGTH: usize = 8;
/// The longest password accepted (bounds hashing work).
pub const MAX_LENGTH: usize = 256;

/// Hashes `password` with a fresh random salt. CPU-heavy (~50 ms): call it
/// through `actix_web::web::block`.
///
/// # Errors
/// Only if the hasher rejects its own parameters (never with the defaults).
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

/// Whether `password` matches the PHC string `phc`. A malformed hash never matches.
#[must_use]
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_differ_by_salt() {
        let a = hash("correct horse").unwrap_or_default();
        let b = hash("correct horse").unwrap_or_default();
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b);
        assert!(verify("correct horse", &a));
        assert!(!verify("wrong horse", &a));
        assert!(!verify("correct horse", "not a hash"));
    }
}
