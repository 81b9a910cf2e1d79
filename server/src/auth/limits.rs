//! Abuse limits: how often one client address and one account may try a
//! password (sign-in, sign-up), how many unknown one-time codes and
//! already-registered e-mails (on sign-up) one address may meet, and how
//! many live sockets one address may hold. Rates are GCRA token buckets (the
//! `governor` crate): a burst is allowed at once, then attempts come back at
//! a steady rate.
//!
//! A venue's players share one public address, so the per-address limit
//! counts only what costs or threatens: failed sign-ins and sign-ups (a
//! successful sign-in is never counted), set well above a field's size. The
//! tight limit is per account and address, where it stops password guessing
//! without touching anyone else: someone guessing an account's password from
//! one address does not lock its owner out from another.
//!
//! An address over its limit is refused (429) until its bucket refills,
//! unless it is a named venue address (`--venue-address`): there, one
//! attacker inside the crowd must not lock the crowd out, so attempts go on
//! (each account still under its own limit) and a failure for an unknown
//! account is answered at once, without the password hash's work.

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
    failures: Failures,
    by_account: DefaultKeyedRateLimiter<(String, IpAddr)>,
    code_misses: Failures,
    taken: Failures,
    venue: Vec<IpAddr>,
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
            failures: Failures::new(quota(settings.auth_per_minute_per_address, settings.auth_burst_per_address)),
            by_account: RateLimiter::keyed(quota(
                settings.auth_per_minute_per_account,
                settings.auth_burst_per_account,
            )),
            code_misses: Failures::new(quota(CODE_MISSES_PER_MINUTE, CODE_MISSES_BURST)),
            taken: Failures::new(quota(TAKEN_PER_MINUTE, TAKEN_BURST)),
            venue: settings.venue_addresses.clone(),
            sockets: Arc::default(),
            max_sockets: settings.ws_per_address,
        }
    }

    /// Lets one password attempt on `account` (a normalised e-mail) from
    /// `address` go ahead, counting it on the account's bucket at that
    /// address. The answer says whether the address is over its limit (only
    /// a venue address goes ahead then: see the module doc).
    ///
    /// # Errors
    /// 429 `too_many_attempts` with the seconds to wait (`Retry-After`) when
    /// the account, tried from that address, or the address (not a venue's)
    /// is over its limit.
    pub fn password_attempt(&self, address: IpAddr, account: &str) -> ApiResult<Attempt> {
        check(&self.by_account, &(account.to_string(), address)).map_err(|secs| {
            ApiError::too_many(
                Code::TooManyAttempts,
                format!("Too many sign-in attempts for this account. Wait {} before trying again.", human_wait(secs)),
                secs,
            )
        })?;
        let over = self.failures.over_limit(address);
        match over {
            Some(secs) if !self.venue.contains(&address) => Err(ApiError::too_many(
                Code::TooManyAttempts,
                format!(
                    "Too many failed sign-ins and sign-ups from this network. Wait {} before trying again.",
                    human_wait(secs)
                ),
                secs,
            )),
            _ => Ok(Attempt { address_over_limit: over.is_some() }),
        }
    }

    /// Counts a failed sign-in, or a sign-up, on `address`'s bucket; an
    /// address whose bucket is empty is over its limit until it refills.
    pub fn count_against_address(&self, address: IpAddr) {
        self.failures.count(address);
    }

    /// Lets `address` sign up, unless its sign-ups have met too many
    /// e-mail addresses that already have an account: until mail confirms
    /// sign-ups, that answer tells whether an address is registered, so it
    /// is rationed (a person meets it once, having forgotten their account;
    /// a list of addresses being checked meets it again and again).
    ///
    /// # Errors
    /// 429 `too_many_attempts` with the seconds to wait.
    pub fn sign_up_allowed(&self, address: IpAddr) -> ApiResult<()> {
        self.taken.refuse_over_limit(address, |wait| {
            format!("Too many sign-ups with e-mail addresses that already have an account from this network. Wait {wait} or sign in.")
        })
    }

    /// Counts a sign-up refused because its e-mail has an account.
    pub fn email_taken(&self, address: IpAddr) {
        self.taken.count(address);
    }

    /// Lets `address` look a one-time code up (a claim code, a staff
    /// invitation), unless it has missed too often: codes are 40 random
    /// bits, and only guessing misses many. A venue address is no exception
    /// (a lookup is rare; a guess at a co-organiser's invitation is not).
    ///
    /// # Errors
    /// 429 `too_many_attempts` with the seconds to wait.
    pub fn code_lookup(&self, address: IpAddr) -> ApiResult<()> {
        self.code_misses.refuse_over_limit(address, |wait| {
            format!(
                "Too many unknown codes tried from this network. Wait {wait} and check the code with the organiser."
            )
        })
    }

    /// Counts a code lookup that found nothing against `address`.
    pub fn code_missed(&self, address: IpAddr) {
        self.code_misses.count(address);
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

/// Unknown one-time codes one address may try at once, then per minute.
const CODE_MISSES_BURST: u32 = 20;
/// See [`CODE_MISSES_BURST`].
const CODE_MISSES_PER_MINUTE: u32 = 10;

/// Sign-ups meeting an existing account one address may make at once, then per minute.
const TAKEN_BURST: u32 = 10;
/// See [`TAKEN_BURST`].
const TAKEN_PER_MINUTE: u32 = 5;

/// A per-address bucket of failures; an address that empties it is over its
/// limit until the bucket would take one more.
#[derive(Debug)]
struct Failures {
    bucket: DefaultKeyedRateLimiter<IpAddr>,
    /// Addresses over the limit, and until when (seconds from `epoch`).
    over: Mutex<HashMap<IpAddr, u64>>,
    epoch: std::time::Instant,
}

impl Failures {
    fn new(quota: Quota) -> Failures {
        Failures { bucket: RateLimiter::keyed(quota), over: Mutex::default(), epoch: std::time::Instant::now() }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_secs()
    }

    fn count(&self, address: IpAddr) {
        if let Err(secs) = check(&self.bucket, &address) {
            let now = self.now();
            let mut over = self.over.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if over.len() > PRUNE_AT {
                over.retain(|_, until| *until > now);
            }
            over.insert(address, now + secs);
        }
    }

    /// 429 `too_many_attempts` for `address` while it is over the limit, in
    /// the words `say` puts around the wait ("12 seconds").
    fn refuse_over_limit(&self, address: IpAddr, say: impl FnOnce(String) -> String) -> ApiResult<()> {
        match self.over_limit(address) {
            Some(secs) => Err(ApiError::too_many(Code::TooManyAttempts, say(human_wait(secs)), secs)),
            None => Ok(()),
        }
    }

    /// Seconds until `address` may try again, when it is over the limit.
    fn over_limit(&self, address: IpAddr) -> Option<u64> {
        let now = self.now();
        let mut over = self.over.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match over.get(&address) {
            Some(&until) if until > now => Some(until - now),
            Some(_) => {
                over.remove(&address);
                None
            }
            None => None,
        }
    }
}

/// What [`Limits::password_attempt`] found about the attempt's address.
#[derive(Clone, Copy, Debug)]
pub struct Attempt {
    /// The address is over its limit (a venue address, let through): a
    /// failure for an unknown account is answered without hashing.
    pub address_over_limit: bool,
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
    fn an_address_is_limited_by_its_failures_across_accounts() {
        let l = limits(10, 5, 1);
        let a: IpAddr = [198, 51, 100, 1].into();
        // Successful attempts are not counted against the address…
        for i in 0..8 {
            assert!(l.password_attempt(a, &format!("p{i}@example.com")).is_ok());
        }
        // …failures are: five, then the address is refused for every account.
        for _ in 0..5 {
            l.count_against_address(a);
        }
        assert!(l.password_attempt(a, "p1@example.com").is_ok());
        l.count_against_address(a);
        let refused = l.password_attempt(a, "p9@example.com").err().map(|e| (e.code(), e.message().to_string()));
        assert_eq!(refused.as_ref().map(|r| r.0), Some("too_many_attempts"));
        assert!(refused.is_some_and(|r| r.1.contains("this network")));
        assert!(l.password_attempt([198, 51, 100, 2].into(), "p9@example.com").is_ok());
    }

    #[test]
    fn a_venue_address_over_its_limit_goes_on_and_says_so() {
        let mut s = Settings::new("127.0.0.1:0", "sqlite::memory:", None);
        s.auth_burst_per_address = 3;
        s.auth_per_minute_per_address = 1;
        s.auth_burst_per_account = 3;
        s.auth_per_minute_per_account = 1;
        let venue: IpAddr = [203, 0, 113, 7].into();
        s.venue_addresses = vec![venue];
        let l = Limits::new(&s);
        assert!(l.password_attempt(venue, "a@example.com").is_ok_and(|a| !a.address_over_limit));
        for _ in 0..10 {
            l.count_against_address(venue);
        }
        // Over its limit, but a venue: every account may still try, flagged.
        for i in 0..5 {
            assert!(l.password_attempt(venue, &format!("p{i}@example.com")).is_ok_and(|a| a.address_over_limit));
        }
        // Each account keeps its own limit there.
        let tries = (0..12).filter(|_| l.password_attempt(venue, "alice@example.com").is_ok()).count();
        assert_eq!(tries, 3);
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
