//! Requests and replies as bytes (idBitMsg's: little-endian, strings NUL-ended). A request
//! is `FF FF` + `getInfo` (ET:QW also `getInfoEx`) + NUL + a 32-bit challenge. A reply is
//! `FF FF` + `infoResponse` (`infoExResponse`) + NUL; ET:QW then a task id; the challenge
//! echoed; the protocol version (`major << 16 | minor`); ET:QW the size of what follows;
//! the server's settings as `key\0value\0` pairs ended by two empty strings (a dictionary
//! and its empty list of deleted keys); one entry per client, each led by its slot, ended
//! by the slot count (32; Wolfenstein 16); the OS mask; ET:QW's server state, and after
//! `getInfoEx` each client's campaign figures. What a client entry holds is the game's:
//! Doom 3 and Prey ping, rate and name; Quake 4 a clan too; ET:QW and Wolfenstein, after
//! the name, where the clan goes, the clan and a bot flag (ET:QW dropped the rate after
//! protocol 10.19). Facts from dhewm3's `AsyncServer.cpp` and `BitMsg.cpp`, qstat's
//! `doom3.c` and GameQ's captures.

use crate::error::{Error, ErrorCode, Result};
use crate::wire::{Reader, Writer};

/// What every connectionless packet starts with (a short of -1).
pub const OOB: [u8; 2] = [0xFF; 2];
/// Slots at most (`MAX_ASYNC_CLIENTS`): the slot count ends the client list.
pub const MAX_CLIENTS: u8 = 32;
/// Wolfenstein's slot count, which ends its list instead.
pub const WOLFENSTEIN_CLIENTS: u8 = 16;
/// Settings at most: a reply is one datagram of at most 16 KiB (`MAX_MESSAGE_SIZE`).
pub const MAX_PAIRS: usize = 4096;

/// Which game's layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Doom3,
    Quake4,
    Etqw,
    Prey,
    Wolfenstein,
}

impl Dialect {
    pub const ALL: [Dialect; 5] = [Self::Doom3, Self::Quake4, Self::Etqw, Self::Prey, Self::Wolfenstein];

    pub fn name(self) -> &'static str {
        match self {
            Self::Doom3 => "doom3",
            Self::Quake4 => "quake4",
            Self::Etqw => "etqw",
            Self::Prey => "prey",
            Self::Wolfenstein => "wolfenstein",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The protocol version a responder of it reports unless its state says another.
    pub fn protocol(self) -> u32 {
        match self {
            Self::Doom3 => 1 << 16 | 41,
            Self::Quake4 => 2 << 16 | 85,
            Self::Etqw => 10 << 16 | 21,
            Self::Prey => 3 << 16,
            // The first with clan tags in qstat's reading.
            Self::Wolfenstein => 10 << 16 | 17,
        }
    }

    /// What one client entry holds in it, for `protocol`.
    fn entry(self, protocol: u32) -> Entry {
        let clans = protocol >= 0xA_0011;
        match self {
            Self::Doom3 | Self::Prey => Entry::default(),
            Self::Quake4 => Entry {
                clan: Clan::Plain,
                ..Entry::default()
            },
            Self::Etqw => Entry {
                rate: protocol <= 0xA_0013,
                clan: if clans { Clan::Placed } else { Clan::None },
                bot: true,
            },
            Self::Wolfenstein => Entry {
                rate: true,
                clan: if clans { Clan::Placed } else { Clan::None },
                bot: true,
            },
        }
    }

    /// ET:QW leads with a task id and follows the version with a size.
    fn framed(self) -> bool {
        self == Self::Etqw
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clan {
    None,
    /// Quake 4: the clan after the name.
    Plain,
    /// ET:QW, Wolfenstein: after the name, where the clan goes (a byte), then the clan.
    Placed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    rate: bool,
    clan: Clan,
    bot: bool,
}

impl Default for Entry {
    fn default() -> Self {
        Self {
            rate: true,
            clan: Clan::None,
            bot: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    GetInfo,
    /// ET:QW: the reply adds each client's campaign figures.
    GetInfoEx,
}

impl Command {
    pub fn name(self) -> &'static str {
        match self {
            Self::GetInfo => "getInfo",
            Self::GetInfoEx => "getInfoEx",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    pub command: Command,
    pub challenge: u32,
}

impl Request {
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer::with_capacity(16);
        w.bytes(&OOB)
            .bytes(self.command.name().as_bytes())
            .u8(0)
            .u32_le(self.challenge);
        w.into_bytes()
    }

    /// The engine compares the command without case and reads the challenge as an int; a
    /// request without one (or a shorter one) reads as challenge 0, as its bit reader does.
    pub fn decode(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.take(2, "magic")? != OOB {
            return Err(Error::at(ErrorCode::BadMagic, "magic", 0, "not FF FF"));
        }
        let at = r.offset();
        let name = r.cstr("command")?;
        let command = [Command::GetInfo, Command::GetInfoEx]
            .into_iter()
            .find(|c| name.eq_ignore_ascii_case(c.name().as_bytes()))
            .ok_or_else(|| Error::at(ErrorCode::UnexpectedOpcode, "command", at, "not getInfo or getInfoEx"))?;
        let mut challenge = [0; 4];
        let rest = r.rest();
        let n = rest.len().min(4);
        challenge[..n].copy_from_slice(&rest[..n]);
        Ok(Self {
            command,
            challenge: u32::from_le_bytes(challenge),
        })
    }
}

/// One client's entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Client<'a> {
    /// Its slot.
    pub id: u8,
    pub ping: u16,
    pub rate: Option<u32>,
    pub name: &'a [u8],
    pub clan: Option<&'a [u8]>,
    /// ET:QW, Wolfenstein: 0 the clan before the name, 1 after.
    pub clan_position: Option<u8>,
    pub bot: Option<bool>,
}

/// ET:QW's campaign figures of one client (`getInfoEx`).
#[derive(Debug, Clone, PartialEq)]
pub struct Figures<'a> {
    pub id: u8,
    pub xp: f32,
    pub team: &'a [u8],
    pub kills: i32,
    pub deaths: i32,
}

/// ET:QW's server state after the OS mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct EtqwServer {
    pub ranked: bool,
    /// Milliseconds.
    pub time_left: u32,
    pub game_state: u8,
    /// 0 a game server, 1 an ETQW TV repeater.
    pub server_type: u8,
    /// A game server's clients that asked to join.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interested_clients: Option<u8>,
    /// A TV repeater's viewers and its limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub connected_clients: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_clients: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Reply<'a> {
    /// `infoExResponse`: ET:QW's answer to `getInfoEx`.
    pub extended: bool,
    pub dialect: Dialect,
    pub task_id: Option<u32>,
    pub challenge: u32,
    /// `major << 16 | minor`.
    pub protocol: u32,
    pub info: Vec<(&'a [u8], &'a [u8])>,
    pub clients: Vec<Client<'a>>,
    pub os_mask: Option<u32>,
    pub server: Option<EtqwServer>,
    pub figures: Vec<Figures<'a>>,
    /// What follows the last field the layout names (Quake 4 sends five bytes after its OS
    /// mask), kept so that a reply encodes back as it came.
    pub trailing: &'a [u8],
}

impl<'a> Reply<'a> {
    /// `dialect`: the game's layout, or `None` to tell it from the reply (ET:QW's frame,
    /// the version's major: 1 Doom 3, 2 Quake 4, 3 and 4 Prey; else the layout that reads).
    pub fn decode(bytes: &'a [u8], dialect: Option<Dialect>) -> Result<Self> {
        let mut r = Reader::new(bytes);
        if r.take(2, "magic")? != OOB {
            return Err(Error::at(ErrorCode::BadMagic, "magic", 0, "not FF FF"));
        }
        let at = r.offset();
        let extended = match r.peek() {
            p if p.starts_with(b"infoResponse\0") => false,
            p if p.starts_with(b"infoExResponse\0") => true,
            _ => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "reply",
                    at,
                    "not infoResponse or infoExResponse",
                ))
            }
        };
        r.cstr("reply")?;
        // ET:QW's size counts what follows it: the sign of its frame.
        let framed = match dialect {
            Some(d) => d.framed(),
            None => {
                extended || {
                    let p = r.peek();
                    p.len() >= 16 && u32::from_le_bytes([p[12], p[13], p[14], p[15]]) as usize == p.len() - 16
                }
            }
        };
        let task_id = framed.then(|| r.u32_le("task id")).transpose()?;
        let challenge = r.u32_le("challenge")?;
        let protocol = r.u32_le("protocol")?;
        if framed {
            r.u32_le("size")?;
        }
        let info = read_info(&mut r)?;
        let given;
        let candidates: &[Dialect] = match (dialect, framed, protocol >> 16) {
            (Some(d), _, _) => {
                given = [d];
                &given
            }
            (None, true, _) => &[Dialect::Etqw],
            (None, false, 1) => &[Dialect::Doom3],
            (None, false, 2) => &[Dialect::Quake4],
            (None, false, 3 | 4) => &[Dialect::Prey],
            (None, false, _) => &[Dialect::Wolfenstein, Dialect::Doom3, Dialect::Quake4],
        };
        let mut first_error = None;
        for &dialect in candidates {
            let mut attempt = r.clone();
            match read_rest(&mut attempt, dialect, protocol, extended) {
                Ok((clients, os_mask, server, figures)) => {
                    return Ok(Self {
                        trailing: attempt.rest(),
                        extended,
                        dialect,
                        task_id,
                        challenge,
                        protocol,
                        info,
                        clients,
                        os_mask,
                        server,
                        figures,
                    })
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        let e = first_error.expect("one dialect at least was tried");
        // The game asked for did not read it: if another game of the family does, that is
        // what answered (`quake4` asked of a Doom 3 server), and the way to ask it.
        if let Some(asked) = dialect {
            if let Ok(other) = Self::decode(bytes, None).map(|r| r.dialect) {
                if other != asked {
                    return Err(Error::new(
                        ErrorCode::WrongProtocol,
                        format!(
                            "a {} server answered (protocol {}.{}), whose reply is not {}'s layout: query it as '{}'",
                            other.name(),
                            protocol >> 16,
                            protocol & 0xffff,
                            asked.name(),
                            other.name()
                        ),
                    ));
                }
            }
        }
        Err(e)
    }

    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut w = Writer::with_capacity(256);
        w.bytes(&OOB)
            .bytes(if self.extended {
                b"infoExResponse"
            } else {
                b"infoResponse"
            })
            .u8(0);
        let framed = self.dialect.framed();
        if framed {
            w.u32_le(self.task_id.unwrap_or(0));
        }
        w.u32_le(self.challenge).u32_le(self.protocol);
        let mut body = Writer::with_capacity(256);
        for (key, value) in &self.info {
            if key.is_empty() {
                return Err(Error::invalid(
                    "a setting's key cannot be empty: an empty key ends the settings",
                ));
            }
            cstr(&mut body, key, "setting")?;
            cstr(&mut body, value, "setting")?;
        }
        body.u8(0).u8(0);
        let entry = self.dialect.entry(self.protocol);
        let end = self.end();
        let mut last = None;
        for c in &self.clients {
            if c.id >= end || last.is_some_and(|l| c.id <= l) {
                return Err(Error::invalid(format!(
                    "client ids must rise and stay below {end}, the slot count"
                )));
            }
            last = Some(c.id);
            body.u8(c.id).u16_le(c.ping);
            if entry.rate {
                body.u32_le(c.rate.unwrap_or(0));
            }
            cstr(&mut body, c.name, "client name")?;
            if entry.clan == Clan::Placed {
                body.u8(c.clan_position.unwrap_or(0));
            }
            if entry.clan != Clan::None {
                cstr(&mut body, c.clan.unwrap_or_default(), "clan")?;
            }
            if entry.bot {
                body.u8(u8::from(c.bot.unwrap_or(false)));
            }
        }
        body.u8(end);
        body.u32_le(self.os_mask.unwrap_or(u32::MAX));
        if self.dialect == Dialect::Etqw {
            let s = self.server.unwrap_or(EtqwServer {
                ranked: false,
                time_left: 0,
                game_state: 0,
                server_type: 0,
                interested_clients: Some(0),
                connected_clients: None,
                max_clients: None,
            });
            body.u8(u8::from(s.ranked))
                .u32_le(s.time_left)
                .u8(s.game_state)
                .u8(s.server_type);
            match s.server_type {
                0 => {
                    body.u8(s.interested_clients.unwrap_or(0));
                }
                1 => {
                    body.u32_le(s.connected_clients.unwrap_or(0))
                        .u32_le(s.max_clients.unwrap_or(0));
                }
                _ => {}
            }
        }
        if self.extended {
            for f in &self.figures {
                body.u8(f.id).u32_le(f.xp.to_bits());
                cstr(&mut body, f.team, "team")?;
                body.i32_le(f.kills).i32_le(f.deaths);
            }
            body.u8(MAX_CLIENTS);
        }
        body.bytes(self.trailing);
        let body = body.into_bytes();
        if framed {
            w.u32_le(body.len() as u32);
        }
        w.bytes(&body);
        Ok(w.into_bytes())
    }

    /// The slot count that ends the client list.
    fn end(&self) -> u8 {
        match self.dialect {
            Dialect::Wolfenstein => WOLFENSTEIN_CLIENTS,
            _ => MAX_CLIENTS,
        }
    }
}

fn cstr(w: &mut Writer, s: &[u8], what: &str) -> Result<()> {
    if s.contains(&0) {
        return Err(Error::invalid(format!("a {what} cannot hold a NUL byte")));
    }
    w.bytes(s).u8(0);
    Ok(())
}

/// The settings: pairs until an empty key, and the (empty) list of deleted keys after it.
fn read_info<'a>(r: &mut Reader<'a>) -> Result<Vec<(&'a [u8], &'a [u8])>> {
    let mut info = Vec::new();
    loop {
        let at = r.offset();
        let key = r.cstr("setting key")?;
        let value = r.cstr("setting value")?;
        if key.is_empty() {
            return Ok(info);
        }
        if info.len() == MAX_PAIRS {
            return Err(Error::at(ErrorCode::BadLength, "settings", at, "more than 4096 pairs"));
        }
        info.push((key, value));
    }
}

type Rest<'a> = (Vec<Client<'a>>, Option<u32>, Option<EtqwServer>, Vec<Figures<'a>>);

/// The clients and what follows them, as `dialect` lays them out.
fn read_rest<'a>(r: &mut Reader<'a>, dialect: Dialect, protocol: u32, extended: bool) -> Result<Rest<'a>> {
    let entry = dialect.entry(protocol);
    let mut clients = Vec::new();
    let mut last: Option<u8> = None;
    loop {
        let at = r.offset();
        let id = r.u8("client id")?;
        // Wolfenstein ends with 16 and, in qstat's reading, sometimes 32.
        if id == MAX_CLIENTS || (dialect == Dialect::Wolfenstein && id == WOLFENSTEIN_CLIENTS) {
            break;
        }
        if id > MAX_CLIENTS || last.is_some_and(|l| id <= l) {
            return Err(Error::at(
                ErrorCode::Malformed,
                "client id",
                at,
                "slots must rise, below 32",
            ));
        }
        last = Some(id);
        let ping = r.u16_le("client ping")?;
        let rate = entry.rate.then(|| r.u32_le("client rate")).transpose()?;
        let name = r.cstr("client name")?;
        let clan_position = (entry.clan == Clan::Placed)
            .then(|| r.u8("clan position"))
            .transpose()?;
        let clan = (entry.clan != Clan::None).then(|| r.cstr("clan")).transpose()?;
        let bot = entry.bot.then(|| r.u8("bot flag").map(|b| b != 0)).transpose()?;
        clients.push(Client {
            id,
            ping,
            rate,
            name,
            clan,
            clan_position,
            bot,
        });
    }
    let os_mask = (r.remaining() >= 4).then(|| r.u32_le("os mask")).transpose()?;
    let server = match (dialect, r.is_empty()) {
        (Dialect::Etqw, false) => Some(read_server(r)?),
        _ => None,
    };
    let mut figures = Vec::new();
    if extended {
        loop {
            let at = r.offset();
            let id = r.u8("figures id")?;
            if id == MAX_CLIENTS {
                break;
            }
            if id > MAX_CLIENTS || figures.last().is_some_and(|f: &Figures<'_>| id <= f.id) {
                return Err(Error::at(
                    ErrorCode::Malformed,
                    "figures id",
                    at,
                    "slots must rise, below 32",
                ));
            }
            figures.push(Figures {
                id,
                xp: f32::from_bits(r.u32_le("xp")?),
                team: r.cstr("team")?,
                kills: r.i32_le("kills")?,
                deaths: r.i32_le("deaths")?,
            });
        }
    }
    Ok((clients, os_mask, server, figures))
}

fn read_server(r: &mut Reader<'_>) -> Result<EtqwServer> {
    let ranked = r.u8("ranked")? != 0;
    let time_left = r.u32_le("time left")?;
    let game_state = r.u8("game state")?;
    let server_type = r.u8("server type")?;
    let (mut interested_clients, mut connected_clients, mut max_clients) = (None, None, None);
    match server_type {
        0 => interested_clients = Some(r.u8("interested clients")?),
        1 => {
            connected_clients = Some(r.u32_le("connected clients")?);
            max_clients = Some(r.u32_le("max clients")?);
        }
        _ => {}
    }
    Ok(EtqwServer {
        ranked,
        time_left,
        game_state,
        server_type,
        interested_clients,
        connected_clients,
        max_clients,
    })
}
