//! The client's conversation, sans-IO: the banner's first line (`TS3`, or TeaSpeak's
//! `TeaSpeak`) tells a ServerQuery apart; then the commands go at once, one line each —
//! `use`, `serverinfo`, `clientlist`, `channellist -topic`, `quit` (five: the default flood
//! limit is 10 in 3 s) — and each reply is read up to its `error id=… msg=…` line, data
//! lines before it. Lines end `\n\r` (TeaSpeak may write `\r\n` or `\n`): a line is what
//! ends at `\n`, with `\r` trimmed at both ends.

use super::text::{self, Record};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};

/// A whole conversation's text past this is no ServerQuery's (a server of thousands of
/// clients and channels with topics writes a few hundred KiB).
pub const MAX_TEXT: usize = 8 << 20;
/// A banner's first line is short: this much without one is something else.
const MAX_HEADER: usize = 64;

/// What to ask: the virtual server (`use port=` or `use sid=`) and the lists.
#[derive(Debug, Clone)]
pub struct Ask {
    pub select: Select,
    pub clients: bool,
    pub channels: bool,
}

#[derive(Debug, Clone, Copy)]
pub enum Select {
    /// The voice port (`use port=9987`).
    Port(u16),
    /// The virtual server's id (`use sid=1`).
    Id(u32),
}

/// The conversation's result: the records as sent (unescaped).
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The banner's first line: `TS3` or `TeaSpeak`.
    pub server: String,
    pub serverinfo: Record,
    pub clients: Option<Vec<Record>>,
    pub channels: Option<Vec<Record>>,
    /// A list the server refused (its error line), the status still whole.
    pub warnings: Vec<String>,
    /// From the commands sent to the `use` reply.
    pub latency_ms: Millis,
}

/// An `error id=… msg=…` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorLine {
    pub id: u32,
    pub msg: String,
    pub fields: Record,
}

impl ErrorLine {
    /// An error as WebQuery's `status` gives it (`code`, `message`).
    pub fn new(id: u32, msg: impl Into<String>) -> Self {
        Self {
            id,
            msg: msg.into(),
            fields: Record::default(),
        }
    }

    /// The line, if it is one.
    pub fn parse(line: &str) -> Option<Self> {
        let rest = line.strip_prefix("error ")?;
        let fields = text::record(rest).ok()?;
        let id = fields.get("id")?.parse().ok()?;
        let msg = fields.get("msg").unwrap_or_default().to_string();
        Some(Self { id, msg, fields })
    }

    /// `error 2568 (insufficient client permissions, failed_permid=4)`.
    pub(super) fn said(&self) -> String {
        let extra: Vec<String> = self
            .fields
            .0
            .iter()
            .filter(|(k, _)| k != "id" && k != "msg")
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let extra = if extra.is_empty() {
            String::new()
        } else {
            format!(", {}", extra.join(", "))
        };
        format!("error {} ({}{extra})", self.id, self.msg)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Command {
    Use,
    ServerInfo,
    ClientList,
    ChannelList,
}

#[derive(Debug, PartialEq, Eq)]
enum Phase {
    Banner,
    Replies,
    Done,
}

#[derive(Debug)]
pub struct Conversation {
    ask: Ask,
    commands: Vec<Command>,
    budget: Deadline,
    phase: Phase,
    /// Bytes of the line being read.
    line: Vec<u8>,
    total: usize,
    server: String,
    /// The data lines of the reply being read.
    data: Vec<String>,
    /// Each command's reply, in order: its data lines, or its error line.
    replies: Vec<std::result::Result<Vec<String>, ErrorLine>>,
    outbox: Option<Vec<u8>>,
    sent_at: Millis,
    latency_ms: Millis,
    result: Option<Result<Answered>>,
}

impl Conversation {
    pub fn new(ask: Ask, budget: Deadline) -> Self {
        let mut commands = vec![Command::Use, Command::ServerInfo];
        if ask.clients {
            commands.push(Command::ClientList);
        }
        if ask.channels {
            commands.push(Command::ChannelList);
        }
        Self {
            ask,
            commands,
            budget,
            phase: Phase::Banner,
            line: Vec::new(),
            total: 0,
            server: String::new(),
            data: Vec::new(),
            replies: Vec::new(),
            outbox: None,
            sent_at: 0.0,
            latency_ms: 0.0,
            result: None,
        }
    }

    fn finish(&mut self, result: Result<Answered>) {
        self.phase = Phase::Done;
        self.result = Some(result);
    }

    /// Every command at once, after the banner's first line: `quit` last, so that the
    /// server frees the query slot when it has answered.
    fn send_commands(&mut self, now: Millis) {
        let mut out = match self.ask.select {
            Select::Port(p) => format!("use port={p}\n"),
            Select::Id(id) => format!("use sid={id}\n"),
        };
        for c in &self.commands[1..] {
            out.push_str(match c {
                Command::ServerInfo => "serverinfo\n",
                Command::ClientList => "clientlist\n",
                Command::ChannelList => "channellist -topic\n",
                Command::Use => unreachable!("use is first"),
            });
        }
        out.push_str("quit\n");
        self.outbox = Some(out.into_bytes());
        self.sent_at = now;
        self.phase = Phase::Replies;
    }

    fn header(&mut self, line: &str, now: Millis) {
        let line = line.trim();
        if line == "TS3" || line.starts_with("TeaSpeak") {
            self.server = line.split(' ').next().unwrap_or(line).to_string();
            self.send_commands(now);
        } else {
            self.finish(Err(not_server_query(line.as_bytes())));
        }
    }

    fn reply_line(&mut self, line: String, now: Millis) {
        if let Some(error) = ErrorLine::parse(&line) {
            let k = self.replies.len();
            if k == 0 {
                self.latency_ms = now - self.sent_at;
            }
            let data = std::mem::take(&mut self.data);
            // `use` has no data: lines before its reply are the banner's welcome.
            let reply = match (self.commands[k], error.id) {
                (_, 0) => Ok(if k == 0 { vec![] } else { data }),
                // An empty list (some servers' way of saying it).
                (Command::ClientList | Command::ChannelList, 1281) => Ok(vec![]),
                _ => Err(error),
            };
            // Without the server selected and described there is no status: no need to
            // wait for the lists' replies.
            let fatal = reply.is_err() && matches!(self.commands[k], Command::Use | Command::ServerInfo);
            self.replies.push(reply);
            if fatal || self.replies.len() == self.commands.len() {
                self.done();
            }
        } else if !line.starts_with("notify") && !line.is_empty() {
            self.data.push(line);
        }
    }

    /// Every reply read (or the connection closed after `serverinfo`'s): the status, or
    /// why there is none.
    fn done(&mut self) {
        let result = self.answered();
        self.finish(result);
    }

    fn answered(&mut self) -> Result<Answered> {
        let replies = std::mem::take(&mut self.replies);
        let answered = replies.len();
        let mut warnings = Vec::new();
        let mut serverinfo = Record::default();
        let (mut clients, mut channels) = (None, None);
        for (command, reply) in self.commands.iter().zip(replies) {
            match (command, reply) {
                (Command::Use, Err(e)) => return Err(not_selected(self.ask.select, &e)),
                (Command::ServerInfo, Err(e)) => return Err(refused("serverinfo", &e)),
                (Command::ServerInfo, Ok(lines)) => {
                    serverinfo = lines.first().map(|l| text::record(l)).transpose()?.unwrap_or_default();
                }
                (Command::ClientList, Ok(lines)) => clients = Some(listed(&lines)?),
                (Command::ChannelList, Ok(lines)) => channels = Some(listed(&lines)?),
                (Command::ClientList | Command::ChannelList, Err(e)) => {
                    let name = if *command == Command::ClientList {
                        "clientlist"
                    } else {
                        "channellist"
                    };
                    warnings.push(format!("{name}: {}", refused(name, &e).message));
                }
                (Command::Use, Ok(_)) => {}
            }
        }
        for missing in &self.commands[answered.min(self.commands.len())..] {
            let name = if *missing == Command::ClientList {
                "clientlist"
            } else {
                "channellist"
            };
            warnings.push(format!(
                "{name}: the ServerQuery closed the connection before answering it"
            ));
        }
        Ok(Answered {
            server: std::mem::take(&mut self.server),
            serverinfo,
            clients,
            channels,
            warnings,
            latency_ms: self.latency_ms,
        })
    }
}

/// `use` (or, over WebQuery, the first command at the server's path) refused: the voice
/// port or id names no virtual server running.
pub(super) fn not_selected(select: Select, e: &ErrorLine) -> Error {
    let which = match select {
        Select::Port(p) => format!("voice port {p}"),
        Select::Id(id) => format!("server id {id}"),
    };
    match e.id {
        // invalid serverID, server is not running
        1024 | 1033 => Error::new(
            ErrorCode::PortClosed,
            format!(
                "this ServerQuery has no virtual server running at {which} ({}): give the voice port players connect to",
                e.said()
            ),
        ),
        _ => refused("use", e),
    }
}

/// A list reply's records (none for an empty line).
fn listed(lines: &[String]) -> Result<Vec<Record>> {
    Ok(lines.first().map(|l| text::records(l)).transpose()?.unwrap_or_default())
}

/// A command's error line as an error a caller can act on.
pub(super) fn refused(command: &str, e: &ErrorLine) -> Error {
    let said = e.said();
    match e.id {
        2568 => Error::new(
            ErrorCode::Auth,
            format!(
                "the ServerQuery refused {command}: {said}; its guest group needs b_virtualserver_info_view, b_virtualserver_client_list and b_virtualserver_channel_list"
            ),
        ),
        // client is flooding, connection failed you are banned, flood ban
        524 | 3329 | 3331 => Error::new(
            ErrorCode::RateLimited,
            format!(
                "the ServerQuery refused {command}: {said}; it bans an address that sends more than its flood limit (10 commands in 3 s by default) unless query_ip_whitelist.txt lists it"
            ),
        ),
        _ => Error::new(ErrorCode::Forbidden, format!("the ServerQuery refused {command}: {said}")),
    }
}

/// Whether a banner's first line, not yet ended, may still be `TS3` or `TeaSpeak…`.
fn may_be_banner(partial: &[u8]) -> bool {
    let head = partial.strip_prefix(b"\r").unwrap_or(partial);
    let prefix_of = |whole: &[u8]| whole.starts_with(&head[..head.len().min(whole.len())]);
    prefix_of(b"TS3\r") && head.len() <= 4 || prefix_of(b"TeaSpeak")
}

/// The first bytes were no ServerQuery banner.
fn not_server_query(head: &[u8]) -> Error {
    let what = crate::sniff::looks_like_service(head)
        .map(|s| format!(": it answered like {s}"))
        .unwrap_or_else(|| {
            format!(
                ": it began {}",
                crate::error::quoted(&String::from_utf8_lossy(&head[..head.len().min(32)]))
            )
        });
    Error::new(ErrorCode::WrongProtocol, format!("not a TeamSpeak ServerQuery{what}"))
}

impl crate::exchange::Exchange for Conversation {
    type Output = Answered;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.take()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.phase == Phase::Done {
            return;
        }
        self.total += bytes.len();
        if self.total > MAX_TEXT {
            return self.finish(Err(Error::new(
                ErrorCode::FrameTooLarge,
                format!("the ServerQuery sent more than {} MiB", MAX_TEXT >> 20),
            )));
        }
        for &b in bytes {
            if b != b'\n' {
                self.line.push(b);
                // No banner line this long: something else answered.
                if self.phase == Phase::Banner && self.line.len() > MAX_HEADER {
                    let head = std::mem::take(&mut self.line);
                    return self.finish(Err(not_server_query(&head)));
                }
                continue;
            }
            let raw = std::mem::take(&mut self.line);
            let line = String::from_utf8_lossy(&raw);
            let line = line.trim_matches('\r').to_string();
            match self.phase {
                Phase::Banner if line.is_empty() => {}
                Phase::Banner => self.header(&line, now),
                Phase::Replies => self.reply_line(line, now),
                Phase::Done => return,
            }
        }
        // A first line that cannot become a banner's: no need to wait for its end.
        if self.phase == Phase::Banner && !may_be_banner(&self.line) {
            let head = std::mem::take(&mut self.line);
            self.finish(Err(not_server_query(&head)));
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        (self.phase != Phase::Done).then_some(self.budget.end)
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.phase == Phase::Done || now < self.budget.end {
            return;
        }
        let what = match self.phase {
            Phase::Banner => "no ServerQuery banner (TS3) came".to_string(),
            _ => format!(
                "{} of {} replies came (a reply ends at its error line)",
                self.replies.len(),
                self.commands.len()
            ),
        };
        self.finish(Err(Error::new(
            ErrorCode::Timeout,
            format!("{what} before the deadline"),
        )));
    }

    fn handle_close(&mut self, _now: Millis) {
        if self.phase == Phase::Done {
            return;
        }
        // The server selected and described: a status, the lists not answered warned of.
        if self.replies.len() >= 2 {
            return self.done();
        }
        let what = match self.phase {
            Phase::Banner => "before its banner",
            _ => "before answering every command",
        };
        self.finish(Err(Error::new(
            ErrorCode::Network,
            format!("the ServerQuery closed the connection {what}"),
        )));
    }

    fn poll_result(&mut self) -> Option<Result<Answered>> {
        self.result.take()
    }
}
