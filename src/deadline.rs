//! When a computation must stop: one type for every time limit the engine passes down
//! (issue 37), instead of `Option<Instant>` here, seconds there and ad hoc comparisons with the
//! clock. Seconds given by the user become a [`Deadline`] once, at the facade
//! ([`Deadline::after`]); below that only deadlines are passed.
//!
//! The clock is [`web_time::Instant`]: `std::time::Instant` natively, and one reading
//! `performance.now()` in a browser, where `std`'s panics. Nothing here depends on any other
//! module of the crate.

use std::time::Duration;
use web_time::Instant;

/// When a computation must stop, or no limit ([`Deadline::none`], the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Deadline(Option<Instant>);

/// Limits past this many seconds (about 31 years) are no limit: no search is that patient, and
/// adding them to the clock could overflow.
const NO_LIMIT_PAST: f64 = 1e9;

impl Deadline {
    /// No limit: every computation runs to its end.
    pub const fn none() -> Deadline {
        Deadline(None)
    }

    /// The deadline at `instant`.
    pub const fn at(instant: Instant) -> Deadline {
        Deadline(Some(instant))
    }

    /// The deadline `seconds` after `start` (the moment a command started, say): NaN, zero or
    /// negative is already over; more than 10^9 seconds, infinite, or past what the clock can
    /// hold is no limit.
    pub fn after(start: Instant, seconds: f64) -> Deadline {
        if seconds.is_nan() || seconds <= 0.0 {
            Deadline(Some(start))
        } else if seconds > NO_LIMIT_PAST {
            Deadline(None)
        } else {
            Deadline(start.checked_add(Duration::from_secs_f64(seconds)))
        }
    }

    /// The deadline `duration` from now; past what the clock can hold is no limit.
    pub fn from_now(duration: Duration) -> Deadline {
        Deadline(Instant::now().checked_add(duration))
    }

    /// The moment, or None for no limit.
    pub const fn instant(self) -> Option<Instant> {
        self.0
    }

    /// Whether there is a limit at all.
    pub const fn is_limited(self) -> bool {
        self.0.is_some()
    }

    /// The time left from now (zero once passed), or None for no limit.
    pub fn left(self) -> Option<Duration> {
        self.0.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Whether the deadline has come (never, without a limit).
    pub fn passed(self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }

    /// The earlier of two deadlines: a budget of its own within the caller's time. No limit is
    /// later than any deadline.
    pub fn earlier(self, other: Deadline) -> Deadline {
        match (self.0, other.0) {
            (Some(a), Some(b)) => Deadline(Some(a.min(b))),
            (a, b) => Deadline(a.or(b)),
        }
    }

    /// The deadline `by` sooner, to keep that much time for what follows; unchanged when the
    /// clock can't go back that far, and no limit stays no limit.
    pub fn sooner_by(self, by: Duration) -> Deadline {
        Deadline(self.0.map(|d| d.checked_sub(by).unwrap_or(d)))
    }

    /// The deadline that leaves `f(time left)` from now, with one reading of the clock (a share
    /// of the time left, or the time left less a reserve); no limit stays no limit.
    pub fn with_time_left(self, f: impl FnOnce(Duration) -> Duration) -> Deadline {
        let now = Instant::now();
        Deadline(self.0.map(|d| now + f(d.saturating_duration_since(now))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Instant {
        Instant::now()
    }

    #[test]
    fn after_nan_negative_or_zero_seconds_is_already_over_at_start() {
        let s = start();
        for seconds in [f64::NAN, -1.0, f64::NEG_INFINITY, 0.0, -0.0] {
            assert_eq!(Deadline::after(s, seconds), Deadline::at(s), "{seconds}");
        }
        assert!(Deadline::after(s, f64::NAN).passed());
        assert_eq!(Deadline::after(s, -1.0).left(), Some(Duration::ZERO));
    }

    #[test]
    fn after_more_than_1e9_seconds_or_infinity_is_no_limit() {
        let s = start();
        assert_eq!(Deadline::after(s, 1e10), Deadline::none());
        assert_eq!(Deadline::after(s, f64::INFINITY), Deadline::none());
        assert_eq!(Deadline::after(s, f64::MAX), Deadline::none());
    }

    #[test]
    fn after_at_most_1e9_seconds_is_that_long_after_start() {
        let s = start();
        assert_eq!(Deadline::after(s, 1.5).instant(), Some(s + Duration::from_millis(1500)));
        assert_eq!(Deadline::after(s, 1e9).instant(), s.checked_add(Duration::from_secs(1_000_000_000)));
        assert!(!Deadline::after(s, 60.0).passed());
    }

    #[test]
    fn no_limit_is_the_default_never_passes_and_has_no_time_left() {
        assert_eq!(Deadline::default(), Deadline::none());
        assert!(!Deadline::none().passed());
        assert!(!Deadline::none().is_limited());
        assert_eq!(Deadline::none().left(), None);
        assert_eq!(Deadline::none().instant(), None);
    }

    #[test]
    fn left_is_zero_once_passed_and_at_most_the_limit_before() {
        let s = start();
        assert!(Deadline::at(s).passed());
        assert_eq!(Deadline::at(s).left(), Some(Duration::ZERO));
        let left = Deadline::after(s, 60.0).left().unwrap();
        assert!(left <= Duration::from_secs(60) && left > Duration::from_secs(59), "{left:?}");
    }

    #[test]
    fn earlier_takes_the_sooner_and_no_limit_is_later_than_any() {
        let s = start();
        let (a, b) = (Deadline::at(s), Deadline::after(s, 5.0));
        assert_eq!(a.earlier(b), a);
        assert_eq!(b.earlier(a), a);
        assert_eq!(a.earlier(Deadline::none()), a);
        assert_eq!(Deadline::none().earlier(b), b);
        assert_eq!(Deadline::none().earlier(Deadline::none()), Deadline::none());
    }

    #[test]
    fn sooner_by_moves_the_deadline_back_unless_the_clock_cannot_go_that_far() {
        let s = start();
        let later = Deadline::after(s, 5.0);
        assert_eq!(later.sooner_by(Duration::from_secs(2)).instant(), Some(s + Duration::from_secs(3)));
        assert_eq!(later.sooner_by(Duration::MAX), later);
        assert_eq!(Deadline::none().sooner_by(Duration::from_secs(1)), Deadline::none());
    }

    #[test]
    fn with_time_left_rescales_the_time_left_and_keeps_no_limit() {
        let s = start();
        let half = Deadline::after(s, 100.0).with_time_left(|left| left / 2).left().unwrap();
        assert!(half <= Duration::from_secs(50) && half > Duration::from_secs(49), "{half:?}");
        assert!(Deadline::at(s).with_time_left(|left| left).passed());
        assert_eq!(Deadline::none().with_time_left(|_| Duration::ZERO), Deadline::none());
    }

    #[test]
    fn from_now_past_what_the_clock_holds_is_no_limit() {
        assert_eq!(Deadline::from_now(Duration::MAX), Deadline::none());
        assert!(!Deadline::from_now(Duration::from_secs(60)).passed());
    }
}
