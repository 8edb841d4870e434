//! How a declared option is read ([`super::declare!`]): each a reader of one key of
//! [`Options`], its default and its bounds with it, so that a declaration says once what
//! JavaScript may give and what the plan gets.

use serde_json::Value;

use super::Options;
use crate::error::Result;
use crate::text::TextEncoding;

/// What reads one option: the options and the key, the value the plan gets.
pub trait Read<T>: FnOnce(&mut Options, &'static str) -> Result<T> {}
impl<T, F: FnOnce(&mut Options, &'static str) -> Result<T>> Read<T> for F {}

/// `true` or `false`; `default` when absent.
pub fn boolean(default: bool) -> impl Read<bool> {
    move |o, key| o.boolean(key, default)
}

/// A string, if given.
pub fn string() -> impl Read<Option<String>> {
    |o, key| o.string(key)
}

/// A whole number within `min..=max`; `default` when absent.
pub fn integer(min: u64, max: u64, default: u64) -> impl Read<u64> {
    move |o, key| o.integer(key, min, max, default)
}

/// One of `choices`; `default` when absent.
pub fn choice(choices: &'static [&'static str], default: &'static str) -> impl Read<&'static str> {
    move |o, key| o.choice(key, choices, default)
}

/// A WHATWG encoding label, or `'auto'` (the default).
pub fn encoding() -> impl Read<TextEncoding> {
    |o, key| TextEncoding::from_option(o.string(key)?.as_deref())
}

/// A string made the plan's value by `parse` (a dialect's name …), absent as `None`.
pub fn text<T>(parse: fn(Option<&str>) -> Result<T>) -> impl Read<T> {
    move |o, key| parse(o.string(key)?.as_deref())
}

/// A value of a shape of its own (a list, a boolean or a string …), absent as `None`.
pub fn value<T>(parse: fn(Option<Value>) -> Result<T>) -> impl Read<T> {
    move |o, key| parse(o.raw(key))
}

/// `tls` of a protocol over HTTP: `true`, `false` or `{ ca, insecure, serverName }`
/// ([`crate::tls::read`]); `default` (on: a protocol that speaks only HTTPS) when absent.
pub fn tls(default: bool) -> impl Read<Option<crate::tls::Tls>> {
    move |o, key| crate::tls::read(o.raw(key), default)
}

/// An option another part of the call takes before the plan reads (7 Days to Die's
/// `telnet`, the `sdtd` game's console): here it is one given where it means nothing.
pub fn refused(why: &'static str) -> impl Read<()> {
    move |o, key| match o.raw(key) {
        None => Ok(()),
        Some(_) => Err(crate::error::Error::invalid(format!("option {key} {why}"))),
    }
}

/// A number within `min..=max`; `default` when absent.
pub fn number(min: f64, max: f64, default: f64) -> impl Read<f64> {
    move |o, key| o.number(key, min, max, default)
}

/// A string that must be given: `missing` says what it is, when it is not.
pub fn required(missing: &'static str) -> impl Read<String> {
    move |o, key| {
        o.string(key)?
            .ok_or_else(|| crate::error::Error::invalid(format!("option {key} is required: {missing}")))
    }
}
