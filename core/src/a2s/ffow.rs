//! Frontlines: Fuel of War (2008, Unreal Engine 3) speaks A2S in a dialect of its own:
//! its info request is `FF FF FF FF 46 'LSQ'`, its reply an `I` of a different layout,
//! the challenge is asked the old way (`FF FF FF FF 57`), and the numbers in its replies
//! are big-endian. Facts from gamedig 5.3.3's `protocols/ffow.js` and GameQ's
//! `src/GameQ/Protocols/Ffow.php`; proven on two real servers' replies captured in GameQ's
//! tests (`tests/Protocols/Providers/Ffow`, 628534b): their game port reads 5476 — the port
//! GameQ's own result joins at — only big-endian, and their rule counts (20) only so too.
//! GameQ reads those fields little-endian (25621, 5120); gamedig big-endian. The code is ours.
//!
//! The query's exchange and the responder use it (`dialect: 'ffow'`); the codec does not,
//! so the browser's download carries none of it.

use serde::Serialize;

use super::info::Info;
use super::players::{read_rule_pairs, write_rule_pairs, Player};
use super::text::read_str;
use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;
use crate::values::RuleList;
use crate::wire::{Reader, Writer};

/// The info request, whole: no payload string, no challenge.
pub const INFO_REQUEST: &[u8] = b"\xff\xff\xff\xffFLSQ";
/// The old challenge request.
pub const CHALLENGE_REQUEST: &[u8] = b"\xff\xff\xff\xffW";

/// What its info reply has beyond Source's fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sFfow"))]
pub struct Ffow {
    /// The game mode (`FL`); the info's `game` holds the description, `folder` the mod.
    pub mode: String,
    pub average_fps: u8,
    pub round: u8,
    pub max_rounds: u8,
    /// Seconds.
    pub time_left: u16,
}

impl Input for Ffow {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            mode: o.or_default("mode")?,
            average_fps: o.or_default("averageFps")?,
            round: o.or_default("round")?,
            max_rounds: o.or_default("maxRounds")?,
            time_left: o.or_default("timeLeft")?,
        })
    }
}

/// A reply, after the `FF FF FF FF` header (split replies joined first). Short-lived: one
/// per datagram, moved on at once (A2S's own `Response` is as large).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Challenge([u8; 4]),
    Info(Info, Ffow),
    Players(Vec<Player>),
    Rules(RuleList, bool),
}

fn i32_be(r: &mut Reader, field: &'static str) -> Result<i32> {
    Ok(r.u32_be(field)? as i32)
}

impl Reply {
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.array::<4>("header")? != [0xff; 4] {
            return Err(Error::at(ErrorCode::BadMagic, "header", 0, "expected FF FF FF FF"));
        }
        match r.u8("type")? {
            b'A' => Ok(Self::Challenge(r.array("challenge")?)),
            b'I' => read_info(&mut r),
            b'D' => {
                let count = r.u8("player count")?;
                let mut players = Vec::with_capacity(usize::from(count).min(r.remaining() / 10));
                for _ in 0..count {
                    if r.is_empty() {
                        break;
                    }
                    players.push(Player {
                        index: r.u8("player index")?,
                        name: read_str(&mut r, "player name")?,
                        score: i32_be(&mut r, "player score")?,
                        duration: f32::from_bits(r.u32_be("player duration")?),
                        ..Player::default()
                    });
                }
                Ok(Self::Players(players))
            }
            b'E' => {
                let count = r.u16_be("rule count")?;
                let (rules, truncated, _) = read_rule_pairs(&mut r, count)?;
                Ok(Self::Rules(rules, truncated))
            }
            other => Err(Error::at(
                ErrorCode::UnexpectedOpcode,
                "type",
                4,
                format_args!("0x{other:02x} is not a Frontlines: Fuel of War reply"),
            )),
        }
    }

    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(256);
        w.bytes(&[0xff; 4]);
        match self {
            Self::Challenge(c) => {
                w.u8(b'A').bytes(c);
            }
            Self::Info(info, ffow) => write_info(info, ffow, &mut w),
            Self::Players(players) => {
                w.u8(b'D').u8(players.len().min(255) as u8);
                for p in players.iter().take(255) {
                    w.u8(p.index).bytes(p.name.as_bytes()).u8(0);
                    w.u32_be(p.score as u32).u32_be(p.duration.to_bits());
                }
            }
            Self::Rules(rules, _) => {
                w.u8(b'E').u16_be(rules.0.len().min(usize::from(u16::MAX)) as u16);
                write_rule_pairs(rules, &mut w);
            }
        }
        w.into_bytes()
    }
}

/// Protocol, name, map, mod, mode, description, version, game port (BE), players, max,
/// server type, environment, password, secure, average FPS, round, max rounds, time left (BE).
fn read_info(r: &mut Reader) -> Result<Reply> {
    let protocol = r.u8("protocol")?;
    let name = read_str(r, "name")?;
    let map = read_str(r, "map")?;
    let folder = read_str(r, "mod")?;
    let mode = read_str(r, "game mode")?;
    let game = read_str(r, "description")?;
    let version = read_str(r, "version")?;
    let game_port = r.u16_be("game port")?;
    let players = r.u8("players")?;
    let max_players = r.u8("max players")?;
    let server_type = super::info::letter(r.u8("server type")?, &super::info::TYPES);
    let environment = super::info::letter(r.u8("environment")?, &super::info::ENVIRONMENTS);
    let info = Info {
        protocol,
        name,
        map,
        folder,
        game,
        players,
        max_players,
        server_type,
        environment,
        password: r.u8("password")? != 0,
        vac: r.u8("secure")? != 0,
        version,
        game_port: Some(game_port),
        ..Info::default()
    };
    let ffow = Ffow {
        mode,
        average_fps: r.u8("average fps")?,
        round: r.u8("round")?,
        max_rounds: r.u8("max rounds")?,
        time_left: r.u16_be("time left")?,
    };
    Ok(Reply::Info(info, ffow))
}

fn write_info(info: &Info, ffow: &Ffow, w: &mut Writer) {
    w.u8(b'I').u8(info.protocol);
    for s in [
        &info.name,
        &info.map,
        &info.folder,
        &ffow.mode,
        &info.game,
        &info.version,
    ] {
        w.bytes(s.as_bytes()).u8(0);
    }
    w.u16_be(info.game_port.unwrap_or(0))
        .u8(info.players)
        .u8(info.max_players)
        .u8(super::info::letter_of(&info.server_type, &super::info::TYPES))
        .u8(super::info::letter_of(&info.environment, &super::info::ENVIRONMENTS))
        .u8(info.password.into())
        .u8(info.vac.into())
        .u8(ffow.average_fps)
        .u8(ffow.round)
        .u8(ffow.max_rounds)
        .u16_be(ffow.time_left);
}
