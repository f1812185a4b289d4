use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A decimal number with at most one digit after the point, stored exactly in tenths:
/// Tenhou's final placement points (`owari`), e.g. `-19.0`, `52.0`, `1.3`, or the integer
/// form `48` of older logs.
///
/// Serialised as a JSON number (`-19.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tenths(pub i32);

impl Tenths {
    /// The value as a float.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(
            f,
            "{sign}{}.{}",
            self.0.unsigned_abs() / 10,
            self.0.unsigned_abs() % 10
        )
    }
}

/// The text is not a number with at most one decimal digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadTenths;

impl FromStr for Tenths {
    type Err = BadTenths;

    /// Reads `-19`, `-19.0`, `1.3`, `+5.5`. More than one decimal digit is refused, since it
    /// could not be stored exactly.
    fn from_str(s: &str) -> Result<Tenths, BadTenths> {
        let (neg, body) = match s.as_bytes().first() {
            Some(b'-') => (true, &s[1..]),
            Some(b'+') => (false, &s[1..]),
            _ => (false, s),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 1 {
            return Err(BadTenths);
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadTenths);
        }
        let int: i32 = int.parse().map_err(|_| BadTenths)?;
        let frac: i32 = if frac.is_empty() {
            0
        } else {
            i32::from(frac.as_bytes()[0] - b'0')
        };
        let v = int
            .checked_mul(10)
            .and_then(|v| v.checked_add(frac))
            .ok_or(BadTenths)?;
        Ok(Tenths(if neg { -v } else { v }))
    }
}

impl Serialize for Tenths {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Tenths {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tenths, D::Error> {
        let v = f64::deserialize(deserializer)?;
        let t = (v * 10.0).round();
        if !t.is_finite() || t.abs() > f64::from(i32::MAX) {
            return Err(serde::de::Error::custom("placement points out of range"));
        }
        #[allow(clippy::cast_possible_truncation)]
        Ok(Tenths(t as i32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_prints() {
        assert_eq!("-19.0".parse(), Ok(Tenths(-190)));
        assert_eq!("48".parse(), Ok(Tenths(480)));
        assert_eq!("1.3".parse(), Ok(Tenths(13)));
        assert_eq!("-0.5".parse(), Ok(Tenths(-5)));
        assert_eq!("1.25".parse::<Tenths>(), Err(BadTenths));
        assert_eq!("".parse::<Tenths>(), Err(BadTenths));
        assert_eq!("x".parse::<Tenths>(), Err(BadTenths));
        assert_eq!(Tenths(-5).to_string(), "-0.5");
        assert_eq!(Tenths(520).to_string(), "52.0");
    }
}
