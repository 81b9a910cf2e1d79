//! Abuse limits: how often one client address and one account may try a
//! password (sign-in, sign-up), and how many live sockets one address may
//! hold. Rates are GCRA token buckets (the `governor` crate): a burst is
//! allowed at once, then attempts come back at a steady rate.
//!
//! A venue's players share one public address, so the per-address limits are
//! set (and configurable) well above a field's size, and the tight limit is
//! per account and address, where it stops password guessing without
//! touching anyone else: someone guessing an account's password from one
//! address does not lock its owner out from another.

use crate::config::Settings;
use crate::error::{ApiError, ApiResult, Code};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

/// Keys kept before idle buckets are dropped (a full bucket carries no state).
const PRUNE_AT: usize = 10_000;

/// The limits of one server instance (each instance counts on its own).
#[derive(Debug)]
pub struct Limits {
    by_address: DefaultKeyedRateLimiter<IpAddr>,
    by_account: DefaultKeyedRateLimiter<(String, IpAddr)>,
    sockets: Arc<Mutex<HashMap<IpAddr, u32>>>,
    max_sockets: u32,
}

fn quota(per_minute: u32, burst: u32) -> Quota {
    let one = NonZeroU32::MIN;
    Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(one)).allow_burst(NonZeroU32::new(burst).unwrap_or(one))
}

fn check<K: Hash + Eq + Clone>(limiter: &DefaultKeyedRateLimiter<K>, key: &K) -> Result<(), u64> {
    if limiter.len() > PRUNE_AT {
        limiter.retain_recent();
    }
    limiter.check_key(key).map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()).as_secs() + 1)
}

impl Limits {
    /// Limits as the settings give them (`auth_*`, `ws_per_address`).
    #[must_use]
    pub fn new(settings: &Settings) -> Limits {
        Limits {
            by_address: RateLimiter::keyed(quota(
                settings.auth_per_minute_per_address,
                settings.auth_burst_per_address,
            )),
            by_account: RateLimiter::keyed(quota(
                settings.auth_per_minute_per_account,
                settings.auth_burst_per_account,
            )),
            sockets: Arc::default(),
            max_sockets: settings.ws_per_address,
        }
    }

    /// Counts one password attempt on `account` (a normalised e-mail) from
    /// `address`; refuses it when the address, or the account tried from
    /// that address, is over its limit.
    ///
    /// # Errors
    /// 429 `too_many_attempts` with the seconds to wait (`Retry-After`).
    pub fn password_attempt(&self, address: IpAddr, account: &str) -> ApiResult<()> {
        check(&self.by_account, &(account.to_string(), address)).map_err(|secs| {
            ApiError::too_many(
                Code::TooManyAttempts,
                format!("Too many sign-in attempts for this account. Wait {} before trying again.", human_wait(secs)),
                secs,
            )
        })?;
        check(&self.by_address, &address).map_err(|secs| {
            ApiError::too_many(
                Code::TooManyAttempts,
                format!(
                    "Too many sign-in and sign-up attempts from this network. Wait {} before trying again.",
                    human_wait(secs)
                ),
                secs,
            )
        })
    }

    /// Takes one of `address`'s live-socket places, given back when the
    /// permit is dropped (the socket closed).
    ///
    /// # Errors
    /// 429 `too_many_connections` when the address holds `ws_per_address` sockets.
    pub fn open_socket(&self, address: IpAddr) -> ApiResult<SocketPermit> {
        let mut open = self.sockets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = open.entry(address).or_insert(0);
        if *n >= self.max_sockets {
            return Err(ApiError::too_many(
                Code::TooManyConnections,
                format!(
                    "This network already has {} live connections open; close some pages and reload.",
                    self.max_sockets
                ),
                10,
            ));
        }
        *n += 1;
        Ok(SocketPermit { sockets: self.sockets.clone(), address })
    }

    /// Live sockets `address` holds now.
    #[must_use]
    pub fn sockets_open(&self, address: IpAddr) -> u32 {
        self.sockets.lock().map_or(0, |open| open.get(&address).copied().unwrap_or(0))
    }
}

/// "12 seconds", "3 minutes".
fn human_wait(secs: u64) -> String {
    match secs {
        0..=1 => "a second".into(),
        2..=90 => format!("{secs} seconds"),
        _ => format!("{} minutes", secs.div_ceil(60)),
    }
}

/// One live socket's place in its address's count; dropping it gives the place back.
#[derive(Debug)]
pub struct SocketPermit {
    sockets: Arc<Mutex<HashMap<IpAddr, u32>>>,
    address: IpAddr,
}

impl Drop for SocketPermit {
    fn drop(&mut self) {
        let mut open = self.sockets.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_account_burst: u32, per_address_burst: u32, sockets: u32) -> Limits {
        let mut s = Settings::new("127.0.0.1:0", "sqlite::memory:", None);
        s.auth_burst_per_account = per_account_burst;
        s.auth_per_minute_per_account = 1;
        s.auth_burst_per_address = per_address_burst;
        s.auth_per_minute_per_address = 1;
        s.ws_per_address = sockets;
        Limits::new(&s)
    }

    #[test]
    fn an_account_is_limited_on_its_own_and_told_how_long_to_wait() {
        let l = limits(3, 100, 1);
        let venue: IpAddr = [203, 0, 113, 7].into();
        for _ in 0..3 {
            assert!(l.password_attempt(venue, "alice@example.com").is_ok());
        }
        let refused = l.password_attempt(venue, "alice@example.com").err().map(|e| (e.code(), e.message().to_string()));
        assert_eq!(refused.as_ref().map(|r| r.0), Some("too_many_attempts"));
        assert!(refused.is_some_and(|r| r.1.contains("Wait") && r.1.contains("seconds")));
        // Someone else at the same venue is not affected.
        assert!(l.password_attempt(venue, "bob@example.com").is_ok());
    }

    #[test]
    fn guessing_from_one_address_does_not_lock_the_owner_out_from_another() {
        let l = limits(3, 100, 1);
        let (attacker, owner): (IpAddr, IpAddr) = ([198, 51, 100, 9].into(), [203, 0, 113, 7].into());
        // Five wrong guesses a second for four seconds: all but the burst refused…
        let refused = (0..20).filter(|_| l.password_attempt(attacker, "alice@example.com").is_err()).count();
        assert_eq!(refused, 17);
        // …while the owner, from the venue, still has every one of their own tries.
        assert!((0..3).all(|_| l.password_attempt(owner, "alice@example.com").is_ok()));
    }

    #[test]
    fn an_address_is_limited_across_accounts() {
        let l = limits(10, 5, 1);
        let a: IpAddr = [198, 51, 100, 1].into();
        for i in 0..5 {
            assert!(l.password_attempt(a, &format!("p{i}@example.com")).is_ok());
        }
        assert!(l.password_attempt(a, "p9@example.com").is_err());
        assert!(l.password_attempt([198, 51, 100, 2].into(), "p9@example.com").is_ok());
    }

    #[test]
    fn socket_places_are_counted_and_given_back() {
        let l = limits(1, 1, 2);
        let a: IpAddr = [192, 0, 2, 1].into();
        let first = l.open_socket(a);
        let second = l.open_socket(a);
        assert!(first.is_ok() && second.is_ok());
        assert_eq!(l.open_socket(a).err().map(|e| e.code()), Some("too_many_connections"));
        drop(first);
        assert_eq!(l.sockets_open(a), 1);
        assert!(l.open_socket(a).is_ok());
        drop(second);
        assert_eq!(l.sockets_open(a), 0);
    }
}
