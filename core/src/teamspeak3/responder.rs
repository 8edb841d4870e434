//! The server side: a ServerQuery console for one virtual server. It greets each
//! connection with the banner, then answers one command per line — `use`, `serverinfo`,
//! `clientlist`, `channellist [-topic]`, `version`, `quit` — from a state, each reply's
//! lines ending `\n\r` and closed by its `error id=… msg=…` line, as a TeamSpeak 3 server
//! writes them. No logins (a query client here is a guest with every view permission)
//! and no flood limit: it serves tests and bots offline.

use super::state::TeamSpeak3State;
use super::text::{self, escape, Record};
use crate::spec::serve::{Stream, StreamOutput};

/// The banner a TeamSpeak 3 server greets a query client with (its two lines).
pub const BANNER: &str = "TS3\n\rWelcome to the TeamSpeak 3 ServerQuery interface, type \"help\" for a list of commands and \"help <command>\" for information on a specific command.\n\r";
/// A command line longer than this is no client's: the connection ends.
const MAX_LINE: usize = 64 * 1024;

#[derive(Debug)]
pub struct Responder {
    state: TeamSpeak3State,
}

/// One connection: its unfinished line, whether it selected the server, and whether it
/// quit (what follows `quit` is not answered).
#[derive(Debug, Default)]
struct Connection {
    line: Vec<u8>,
    selected: bool,
    ended: bool,
}

fn ok() -> String {
    "error id=0 msg=ok\n\r".into()
}

fn error(id: u32, msg: &str) -> String {
    format!("error id={id} msg={}\n\r", escape(msg))
}

impl Responder {
    pub fn new(state: TeamSpeak3State) -> Self {
        Self { state }
    }

    pub fn update(&mut self, state: TeamSpeak3State) {
        self.state = state;
    }

    /// The reply to one command line, and whether the connection ends after it.
    fn answer(&self, conn: &mut Connection, line: &str) -> (String, bool) {
        let mut words = line.split(' ').filter(|w| !w.is_empty());
        let Some(command) = words.next() else {
            return (String::new(), false);
        };
        let args: Vec<&str> = words.collect();
        let data = |line: String| format!("{line}\n\r{}", ok());
        match command.to_ascii_lowercase().as_str() {
            "quit" => (ok(), true),
            "use" => {
                let arg = text::record(&args.join(" ")).unwrap_or_default();
                let by_port = arg.get("port").and_then(|p| p.parse::<u16>().ok());
                // `use 1` and `use sid=1` select by id.
                let by_id = arg
                    .get("sid")
                    .or_else(|| args.first().filter(|a| !a.contains('=')).copied())
                    .and_then(|id| id.parse::<u32>().ok());
                let found = match (by_port, by_id) {
                    (Some(p), _) => self.state.server_port() == p,
                    (None, Some(id)) => self.state.server_id() == id,
                    (None, None) => return (error(1539, "parameter not found"), false),
                };
                conn.selected = found;
                (if found { ok() } else { error(1024, "invalid serverID") }, false)
            }
            "version" => (data(self.state.version().line()), false),
            "serverinfo" | "clientlist" | "channellist" if !conn.selected => (error(1024, "invalid serverID"), false),
            "serverinfo" => (data(self.state.serverinfo.line()), false),
            "clientlist" => (listed(&self.state.clients), false),
            "channellist" => (listed(&self.state.channels_listed(args.contains(&"-topic"))), false),
            "login" => (error(520, "invalid loginname or password"), false),
            _ => (error(256, "command not found"), false),
        }
    }
}

/// A list's reply: its records on one line, or a server's "empty result set".
fn listed(records: &[Record]) -> String {
    if records.is_empty() {
        return error(1281, "database empty result set");
    }
    format!("{}\n\r{}", text::line_of(records), ok())
}

impl crate::spec::Responder for Responder {
    fn update(&mut self, state: &str) -> crate::Result<()> {
        let state = crate::input::from_json::<TeamSpeak3State>("TeamSpeak 3 state", state)?;
        Responder::update(self, state);
        Ok(())
    }

    fn open_stream(&self) -> Option<Stream> {
        Some(Box::new(Connection::default()))
    }

    fn greet(&self, _stream: &mut Stream) -> Vec<u8> {
        BANNER.as_bytes().to_vec()
    }

    fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        let Some(conn) = stream.downcast_mut::<Connection>().filter(|c| !c.ended) else {
            return StreamOutput {
                write: vec![],
                close: true,
            };
        };
        let mut write = String::new();
        for &b in chunk {
            if b != b'\n' {
                conn.line.push(b);
                if conn.line.len() > MAX_LINE {
                    return StreamOutput {
                        write: write.into_bytes(),
                        close: true,
                    };
                }
                continue;
            }
            let line = String::from_utf8_lossy(&std::mem::take(&mut conn.line))
                .trim_matches(['\r', ' '])
                .to_string();
            let (reply, close) = self.answer(conn, &line);
            write.push_str(&reply);
            if close {
                conn.ended = true;
                return StreamOutput {
                    write: write.into_bytes(),
                    close: true,
                };
            }
        }
        StreamOutput {
            write: write.into_bytes(),
            close: false,
        }
    }
}
