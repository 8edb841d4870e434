//! The sans-IO server side, behaving as open.mp does: exact request lengths, the request's
//! header echoed, rules sorted, open.mp's string caps, no `c` reply above 100 players,
//! `d` only in `legacy` (SA:MP 0.3.7) mode, RCON through the caller's handler — plus a
//! per-source token bucket so the responder cannot be used as a traffic amplifier.

use std::net::IpAddr;

use encoding_rs::Encoding;

use super::exchange::PLAYER_LIST_LIMIT;
use super::header::{Dialect, HEADER_LEN, MAGIC, VCMP_MAGIC};
use super::info::{Info, OpenMpInfo};
use super::players::PlayerList;
use super::reply_text::ReplyText;
use super::request::{Request, RequestBody};
use super::response::{RconLine, ResponseBody};
use super::rules::Rules;
use super::state::ServerState;
use crate::error::Result;
use crate::limit::{Buckets, RateLimit};
use crate::text::{encode, encoding_name};
use crate::values::RuleList;
use crate::wire::Writer;

/// open.mp's byte caps.
const HOSTNAME_CAP: usize = 63;
const GAMEMODE_CAP: usize = 39;
const LANGUAGE_CAP: usize = 39;
const DISCORD_CAP: usize = 50;
const URL_CAP: usize = 160;
const PLAYER_NAME_CAP: usize = 24;

#[derive(Debug, Clone)]
pub struct ResponderOptions {
    /// Answer like SA:MP 0.3.7: `d` answered, `o` not.
    pub legacy: bool,
    /// RCON is answered only when a password is set.
    pub rcon_password: Option<String>,
    /// Token bucket per source address: burst size and refill per second.
    pub burst: u32,
    pub per_second: u32,
    /// Bound on the table of source addresses.
    pub max_sources: usize,
}

impl Default for ResponderOptions {
    fn default() -> Self {
        Self {
            legacy: false,
            rcon_password: None,
            burst: 60,
            per_second: 30,
            max_sources: 4096,
        }
    }
}

/// What to do with a received datagram.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Not a valid query, rate-limited, or a request this mode leaves unanswered.
    Ignore,
    Send(Vec<u8>),
    /// A correctly authenticated RCON command: run it, then send
    /// [`Responder::rcon_lines`] of its output.
    Rcon {
        header: [u8; HEADER_LEN],
        command: String,
    },
}

#[derive(Debug)]
pub struct Responder {
    state: ServerState,
    encoding: &'static Encoding,
    options: ResponderOptions,
    buckets: Buckets,
}

impl Responder {
    pub fn new(state: ServerState, options: ResponderOptions) -> Result<Self> {
        let encoding = ReplyText {
            encoding: state.encoding.clone(),
            raw_strings: Vec::new(),
        }
        .encoding()?;
        Ok(Self {
            state,
            encoding,
            buckets: Buckets::bounded(
                RateLimit {
                    burst: options.burst,
                    per_second: options.per_second,
                },
                options.max_sources,
            ),
            options,
        })
    }

    pub fn update(&mut self, state: ServerState) -> Result<()> {
        *self = Self {
            buckets: std::mem::take(&mut self.buckets),
            ..Self::new(state, self.options.clone())?
        };
        Ok(())
    }

    pub fn state(&self) -> &ServerState {
        &self.state
    }

    pub fn handle(&mut self, now_ms: u64, source: IpAddr, datagram: &[u8]) -> Reply {
        // Requests only: SA:MP's magic, or VC:MP's (answered in its own).
        let magic = datagram.get(..4);
        let asked = magic == Some(MAGIC) || magic == Some(VCMP_MAGIC);
        if datagram.len() < HEADER_LEN || !asked || !self.buckets.allow(now_ms, source) {
            return Reply::Ignore;
        }
        let Ok(request) = Request::decode(datagram) else {
            return Reply::Ignore;
        };
        let mut header = [0; HEADER_LEN];
        header.copy_from_slice(&datagram[..HEADER_LEN]);
        let dialect = request.dialect;
        header[..4].copy_from_slice(dialect.reply_magic());
        if dialect == Dialect::Vcmp {
            // VC:MP 0.4 answers the info and the names; nothing else.
            let body = match request.body {
                RequestBody::Info => ResponseBody::Info(self.info()),
                RequestBody::Clients if self.state.info.players <= PLAYER_LIST_LIMIT => {
                    ResponseBody::Clients(self.players())
                }
                _ => return Reply::Ignore,
            };
            return self.reply(&header, &body, dialect).map_or(Reply::Ignore, Reply::Send);
        }
        let body = match request.body {
            RequestBody::Info => ResponseBody::Info(self.info()),
            RequestBody::Rules => ResponseBody::Rules(self.rules()),
            RequestBody::Clients if self.state.info.players <= PLAYER_LIST_LIMIT => {
                ResponseBody::Clients(self.players())
            }
            RequestBody::Players if self.options.legacy && self.state.info.players <= PLAYER_LIST_LIMIT => {
                ResponseBody::Players(self.players())
            }
            RequestBody::OpenMp if !self.options.legacy => ResponseBody::OpenMp(self.open_mp()),
            RequestBody::Ping { payload } => ResponseBody::Ping { payload },
            RequestBody::Rcon { password, command, .. } => match &self.options.rcon_password {
                Some(p) if *p == password => return Reply::Rcon { header, command },
                Some(_) => {
                    return self
                        .rcon_line(&header, super::rcon::INVALID_PASSWORD)
                        .map_or(Reply::Ignore, Reply::Send)
                }
                None => return Reply::Ignore,
            },
            _ => return Reply::Ignore,
        };
        self.reply(&header, &body, dialect).map_or(Reply::Ignore, Reply::Send)
    }

    /// The datagrams answering an RCON command: one per console line.
    pub fn rcon_lines(&self, header: &[u8; HEADER_LEN], lines: &[String]) -> Vec<Vec<u8>> {
        lines.iter().filter_map(|l| self.rcon_line(header, l)).collect()
    }

    fn rcon_line(&self, header: &[u8; HEADER_LEN], line: &str) -> Option<Vec<u8>> {
        let body = ResponseBody::RconLine(RconLine {
            line: line.into(),
            text: self.text(),
        });
        self.reply(header, &body, Dialect::Samp)
    }

    fn reply(&self, header: &[u8; HEADER_LEN], body: &ResponseBody, dialect: Dialect) -> Option<Vec<u8>> {
        let mut w = Writer::with_capacity(256);
        w.bytes(header);
        body.write(&mut w, dialect).ok()?;
        Some(w.into_bytes())
    }

    fn text(&self) -> ReplyText {
        ReplyText {
            encoding: Some(encoding_name(self.encoding)),
            raw_strings: Vec::new(),
        }
    }

    fn info(&self) -> Info {
        let i = &self.state.info;
        Info {
            password: i.password,
            players: i.players,
            max_players: i.max_players,
            hostname: self.cap(&i.hostname, HOSTNAME_CAP),
            gamemode: self.cap(&i.gamemode, GAMEMODE_CAP),
            language: self.cap(&i.language, LANGUAGE_CAP),
            version: i.version.clone(),
            text: self.text(),
        }
    }

    fn rules(&self) -> Rules {
        let mut pairs: Vec<(String, String)> = self
            .state
            .rules
            .0
            .iter()
            .map(|(n, v)| (self.cap(n, 255), self.cap(v, 255)))
            .collect();
        // open.mp keeps rules in a std::map: sorted bytewise by name.
        pairs.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        Rules {
            rules: RuleList(pairs),
            text: self.text(),
        }
    }

    fn players(&self) -> PlayerList {
        let mut players = self.state.players.clone();
        for (i, p) in players.iter_mut().enumerate() {
            p.name = self.cap(&p.name, PLAYER_NAME_CAP);
            p.id = p.id.or(u8::try_from(i).ok());
            p.ping = p.ping.or(Some(0));
        }
        PlayerList {
            players,
            text: self.text(),
        }
    }

    fn open_mp(&self) -> OpenMpInfo {
        let o = self.state.open_mp.clone().unwrap_or_default();
        let discord = if encode(&o.discord, self.encoding).len() > DISCORD_CAP {
            String::new()
        } else {
            o.discord
        };
        OpenMpInfo {
            discord,
            light_banner: self.cap(&o.light_banner, URL_CAP),
            dark_banner: self.cap(&o.dark_banner, URL_CAP),
            logo: Some(self.cap(o.logo.as_deref().unwrap_or(""), URL_CAP)),
            text: self.text(),
        }
    }

    /// Cuts text so its encoded form fits `cap` bytes, at a character boundary (open.mp
    /// cuts bytes and can split a UTF-8 character; we don't).
    fn cap(&self, text: &str, cap: usize) -> String {
        let mut used = 0;
        let mut end = 0;
        let mut buf = [0; 4];
        for (at, ch) in text.char_indices() {
            used += encode(ch.encode_utf8(&mut buf), self.encoding).len();
            if used > cap {
                break;
            }
            end = at + ch.len_utf8();
        }
        text[..end].to_string()
    }

    pub fn tracked_sources(&self) -> usize {
        self.buckets.len()
    }
}
