//! The clock. `MIND_NOW` (RFC 3339) fixes it for every command; this is the only
//! place that asks the operating system for the time.

use chrono::{DateTime, FixedOffset, Local, NaiveDate};

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy)]
pub struct Clock {
    now: DateTime<FixedOffset>,
}

impl Clock {
    /// `MIND_NOW` when set (an invalid value is a usage error), else the local time.
    pub fn from_env() -> Result<Self> {
        match std::env::var("MIND_NOW") {
            Ok(value) if !value.trim().is_empty() => Self::parse(value.trim()),
            _ => Ok(Clock {
                now: Local::now().fixed_offset(),
            }),
        }
    }

    pub fn parse(value: &str) -> Result<Self> {
        DateTime::parse_from_rfc3339(value)
            .map(|now| Clock { now })
            .map_err(|e| {
                Error::usage_hint(
                    format!("MIND_NOW={value:?} is not an RFC 3339 time ({e})"),
                    "use a value such as 2026-01-15T09:00:00+00:00, or unset MIND_NOW",
                )
            })
    }

    pub fn fixed(now: DateTime<FixedOffset>) -> Self {
        Clock { now }
    }

    pub fn now(&self) -> DateTime<FixedOffset> {
        self.now
    }

    pub fn today(&self) -> NaiveDate {
        self.now.date_naive()
    }

    /// Milliseconds since the Unix epoch, as `state.json` stores them.
    pub fn epoch_ms(&self) -> i64 {
        self.now.timestamp_millis()
    }
}
