//! gamequery-core: codecs and client/server flows for game-server query protocols.
//!
//! The contract, as in rustls and quinn-proto: everything outside `net` is sans-IO and
//! deterministic. Decoders take bytes and return typed values or an [`Error`] naming the
//! field and offset; exchanges and responders take bytes plus the current time as plain
//! milliseconds (`now_ms`) and return bytes, events and deadlines. No socket, clock,
//! thread or runtime is touched, which is what lets the same code run in a browser.
//! The `net` feature adds the tokio driver that the Node addon uses.

#![forbid(unsafe_code)]

pub mod a2s;
pub mod all_seeing_eye;
pub mod altvmp;
pub mod api;
pub mod assettocorsa;
pub mod beammp;
pub mod brokeprotocol;
pub mod buildandshoot;
pub mod call;
pub mod discord;
pub mod doom3;
pub mod eco;
pub mod eldewrito;
pub mod epic;
pub mod error;
pub mod exchange;
pub mod factorio;
pub mod farmingsimulator;
pub mod fivem;
#[doc(hidden)]
pub mod fuzzing;
pub mod gamedig;
pub mod games;
pub mod gamespy;
pub mod gamespy1;
pub mod gamespy2;
pub mod gamespy3;
pub mod geneshift;
pub mod hawakening;
pub mod http;
pub mod hytale;
pub mod idtech;
mod index;
pub mod input;
pub mod internal;
pub mod json;
pub mod kspdmp;
pub mod limit;
pub mod minecraft;
pub mod minetest;
pub mod mumble;
#[cfg(feature = "net")]
pub mod net;
pub mod options;
pub mod palworld;
pub mod protocol;
pub mod quake;
pub mod ragemp;
pub mod renegadex;
pub mod resend;
pub mod rng;
pub mod samp;
pub mod satisfactory;
pub mod scpsl;
pub mod serve;
pub mod similar;
pub mod slots;
pub mod sniff;
pub mod source_rcon;
pub mod spec;
pub mod sqp;
pub mod status;
pub mod tape;
pub mod target;
pub mod teamspeak3;
pub mod terraria;
pub mod text;
pub mod tls;
#[cfg(feature = "ts")]
pub mod typescript;
pub mod unreal2;
pub mod values;
pub mod vintagestory;
pub mod wire;

pub use error::{Error, ErrorCode, Result};
