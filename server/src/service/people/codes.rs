//! One-time codes a person reads out or types (claim codes, staff
//! invitations): eight characters from an alphabet without look-alikes (no
//! 0/O, 1/I), shown as `ABCD-EFGH`, and stored only as their SHA-256.

use rand::Rng as _;
use sha2::{Digest as _, Sha256};

/// A fresh code, `ABCD-EFGH` (40 bits of randomness).
#[must_use]
pub fn fresh() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    let chars: String = (0..8).map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())])).collect();
    format!("{}-{}", &chars[..4], &chars[4..])
}

/// The SHA-256 (hex) of a code as typed: case, spaces and dashes ignored.
#[must_use]
pub fn hash(code: &str) -> String {
    let clean: String = code.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect();
    Sha256::digest(clean.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::{fresh, hash};

    #[test]
    fn codes_read_without_confusion_and_match_however_typed() {
        let code = fresh();
        assert_eq!(code.len(), 9);
        assert!(code.chars().all(|c| c == '-' || (c.is_ascii_alphanumeric() && !"01OI".contains(c))), "{code}");
        assert_eq!(hash(&code), hash(&code.to_lowercase().replace('-', " ")));
        assert_ne!(hash("ABCD-EFGH"), hash("ABCD-EFGJ"));
    }
}
