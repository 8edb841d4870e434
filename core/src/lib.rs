//! gamequery-core: codecs and client/server flows for game-server query protocols.
//!
//! The contract, as in rustls and quinn-proto: everything outside `net` is sans-IO and
//! deterministic. Decoders take bytes and return typed values or an [`Error`] naming the
//! field and offset; exchanges and responders take bytes plus the current time as plain
//! milliseconds (`now_ms`) and return bytes, events and deadlines. No socket, clock,
//! thread or runtime is touched, which is what lets the same code run in a browser.
//! The `net` feature adds the tokio driver that the Node addon uses.

#![forbid(unsafe_code)]
// A build of some families (the browser's per-family modules) leaves parts of the shared
// leaves unused; the whole registry's build is held to every lint.
#![cfg_attr(
    not(all(
        feature = "samp",
        feature = "minecraft",
        feature = "a2s",
        feature = "sqp",
        feature = "quake",
        feature = "gamespy",
        feature = "fivem",
        feature = "mumble",
        feature = "satisfactory",
        feature = "teamspeak",
        feature = "apis"
    )),
    allow(dead_code, unused_imports, unused_macros, unused_variables, unreachable_code)
)]

#[cfg(feature = "a2s")]
pub mod a2s;
#[cfg(feature = "gamespy")]
pub mod all_seeing_eye;
#[cfg(feature = "apis")]
pub mod altvmp;
pub mod api;
#[cfg(feature = "apis")]
pub mod assettocorsa;
#[cfg(feature = "apis")]
pub mod beammp;
#[cfg(feature = "apis")]
pub mod brokeprotocol;
#[cfg(feature = "apis")]
pub mod buildandshoot;
pub mod call;
#[cfg(feature = "apis")]
pub mod discord;
#[cfg(feature = "quake")]
pub mod doom3;
#[cfg(feature = "apis")]
pub mod eco;
#[cfg(feature = "apis")]
pub mod eldewrito;
#[cfg(feature = "apis")]
pub mod epic;
pub mod error;
pub mod exchange;
#[cfg(feature = "apis")]
pub mod factorio;
#[cfg(feature = "apis")]
pub mod farmingsimulator;
#[cfg(feature = "fivem")]
pub mod fivem;
#[doc(hidden)]
pub mod fuzzing;
pub mod gamedig;
pub mod games;
pub mod gamespy;
#[cfg(feature = "gamespy")]
pub mod gamespy1;
#[cfg(feature = "gamespy")]
pub mod gamespy2;
#[cfg(feature = "gamespy")]
pub mod gamespy3;
#[cfg(feature = "apis")]
pub mod geneshift;
#[cfg(feature = "apis")]
pub mod hawakening;
pub mod http;
#[cfg(feature = "apis")]
pub mod hytale;
pub mod idtech;
mod index;
pub mod input;
pub mod internal;
pub mod json;
#[cfg(feature = "apis")]
pub mod kspdmp;
pub mod limit;
#[cfg(feature = "minecraft")]
pub mod minecraft;
#[cfg(feature = "apis")]
pub mod minetest;
#[cfg(feature = "mumble")]
pub mod mumble;
#[cfg(feature = "net")]
pub mod net;
pub mod options;
#[cfg(feature = "apis")]
pub mod palworld;
pub mod protocol;
#[cfg(feature = "quake")]
pub mod quake;
#[cfg(feature = "apis")]
pub mod ragemp;
#[cfg(feature = "apis")]
pub mod renegadex;
pub mod resend;
pub mod rng;
#[cfg(feature = "samp")]
pub mod samp;
#[cfg(feature = "satisfactory")]
pub mod satisfactory;
#[cfg(feature = "apis")]
pub mod scpsl;
pub mod serve;
pub mod similar;
pub mod slots;
pub mod sniff;
pub mod source_rcon;
pub mod spec;
#[cfg(feature = "sqp")]
pub mod sqp;
pub mod status;
pub mod tape;
pub mod target;
#[cfg(feature = "teamspeak")]
pub mod teamspeak3;
#[cfg(feature = "apis")]
pub mod terraria;
pub mod text;
pub mod tls;
#[cfg(feature = "ts")]
pub mod typescript;
#[cfg(feature = "gamespy")]
pub mod unreal2;
pub mod values;
#[cfg(feature = "apis")]
pub mod vintagestory;
pub mod wire;

pub use error::{Error, ErrorCode, Result};
