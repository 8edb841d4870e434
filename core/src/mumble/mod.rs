//! Mumble's UDP ping (port 64738): what voice-server dashboards show as "12/50 users".
//! Two forms, both answered by Mumble 1.5: the legacy 12-byte ping and its 24-byte reply
//! (every server since 1.2), and 1.5's protobuf ping (`MumbleUDP.Ping` after a type byte)
//! with the extended information. Facts from Mumble's `src/Server/Server.cpp` and
//! `src/MumbleUDP.proto`, and a real murmurd 1.3.4's replies (tests/fixtures/mumble.json).

pub mod exchange;
pub mod gamedig;
pub mod packets;
pub mod responder;
pub mod spec;
pub mod unified;

pub use packets::{MumbleRequest, MumbleResponse, MumbleState, DEFAULT_PORT};
