//! Requests and replies as bytes. A request is `FF FF FF FF` + a command (`getstatus`,
//! `getinfo`; Quake 2 and QuakeWorld: `status`), an optional challenge the reply echoes,
//! and a line end. A reply is `FF FF FF FF` + its command line (`statusResponse`,
//! `infoResponse`; Quake 2: `print`; QuakeWorld: `n`, with no line end), the infostring,
//! then a status's player lines. Incomplete is an error here: a reply is one datagram.

use crate::error::{Error, ErrorCode, Result};
pub use crate::idtech::{Dialect, OOB};
use crate::idtech::{Info, PlayerLine, MAX_PLAYERS};

/// The longest challenge ioquake3 echoes; longer requests it drops.
pub const MAX_CHALLENGE: usize = 128;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// Quake 3: the infostring and the players.
    GetStatus,
    /// Quake 3: a short infostring (name, map, counts), no players.
    GetInfo,
    /// Quake 2 and QuakeWorld: the infostring and the players.
    Status,
}

impl Command {
    pub fn name(self) -> &'static str {
        match self {
            Self::GetStatus => "getstatus",
            Self::GetInfo => "getinfo",
            Self::Status => "status",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    pub command: Command,
    pub challenge: Option<&'a [u8]>,
}

impl<'a> Request<'a> {
    /// The datagram: ended by `\n`, as ioquake3's own tools and qstat send it.
    pub fn encode(&self) -> Result<Vec<u8>> {
        let mut out = OOB.to_vec();
        out.extend_from_slice(self.command.name().as_bytes());
        if let Some(challenge) = self.challenge {
            if challenge.len() > MAX_CHALLENGE || challenge.iter().any(|b| matches!(b, b' ' | b'\n' | b'\\' | 0)) {
                return Err(Error::invalid(format!(
                    "a challenge is at most {MAX_CHALLENGE} bytes, without spaces, backslashes or line ends"
                )));
            }
            out.push(b' ');
            out.extend_from_slice(challenge);
        }
        out.push(b'\n');
        Ok(out)
    }

    /// A request as a server reads it: the line may end in `\n` or `\0` (gamedig) or not at all.
    pub fn decode(bytes: &'a [u8]) -> Result<Self> {
        let body = bytes
            .strip_prefix(&OOB)
            .ok_or_else(|| Error::at(ErrorCode::BadMagic, "out-of-band marker", 0, "not FF FF FF FF"))?;
        let end = body.iter().position(|b| matches!(b, b'\n' | 0)).unwrap_or(body.len());
        let line = &body[..end];
        let (word, challenge) = match line.iter().position(|b| *b == b' ') {
            Some(i) => (&line[..i], Some(&line[i + 1..]).filter(|c| !c.is_empty())),
            None => (line, None),
        };
        let command = match word {
            b"getstatus" => Command::GetStatus,
            b"getinfo" => Command::GetInfo,
            b"status" => Command::Status,
            _ => {
                return Err(Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "command",
                    OOB.len(),
                    "not a query",
                ))
            }
        };
        if challenge.is_some_and(|c| c.len() > MAX_CHALLENGE) {
            let at = OOB.len() + word.len() + 1;
            return Err(Error::at(
                ErrorCode::BadLength,
                "challenge",
                at,
                format!("over {MAX_CHALLENGE} bytes"),
            ));
        }
        Ok(Self { command, challenge })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyKind {
    /// Quake 3 `statusResponse`.
    Status,
    /// Quake 3 `infoResponse`.
    Info,
    /// Quake 2 `print`.
    Print,
    /// QuakeWorld `n`.
    World,
}

impl ReplyKind {
    /// The command line as sent (QuakeWorld's has no line end).
    fn line(self) -> &'static [u8] {
        match self {
            Self::Status => b"statusResponse\n",
            Self::Info => b"infoResponse\n",
            Self::Print => b"print\n",
            Self::World => b"n",
        }
    }
}

/// A reply, borrowed from its datagram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply<'a> {
    pub kind: ReplyKind,
    pub info: Info<'a>,
    pub players: Vec<PlayerLine<'a>>,
}

impl<'a> Reply<'a> {
    pub fn decode(bytes: &'a [u8]) -> Result<Self> {
        let body = bytes
            .strip_prefix(&OOB)
            .ok_or_else(|| Error::at(ErrorCode::BadMagic, "out-of-band marker", 0, "not FF FF FF FF"))?;
        let kind = [ReplyKind::Status, ReplyKind::Info, ReplyKind::Print]
            .into_iter()
            .find(|k| body.starts_with(k.line()))
            // QuakeWorld's `n` is followed by the infostring's backslash at once.
            .or_else(|| body.starts_with(b"n\\").then_some(ReplyKind::World))
            .ok_or_else(|| {
                Error::at(
                    ErrorCode::UnexpectedOpcode,
                    "command",
                    OOB.len(),
                    "not a status or info reply",
                )
            })?;
        let start = OOB.len() + kind.line().len();
        // QuakeWorld ends its reply with a NUL.
        let mut rest = &bytes[start..];
        while let [head @ .., 0] = rest {
            rest = head;
        }
        let mut lines = rest.split(|b| *b == b'\n');
        let info = Info::parse(lines.next().unwrap_or_default(), start)?;
        let mut at = start + info_len(rest);
        let mut players = Vec::new();
        for line in lines {
            let line_at = at;
            at += line.len() + 1;
            // ioquake3 ends the last line with `\n`; some servers add `\r`.
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.is_empty() {
                continue;
            }
            if kind == ReplyKind::Info {
                return Err(Error::at(
                    ErrorCode::TrailingBytes,
                    "infoResponse",
                    line_at,
                    "lines after the infostring",
                ));
            }
            if players.len() == MAX_PLAYERS {
                return Err(Error::at(
                    ErrorCode::BadLength,
                    "players",
                    line_at,
                    format!("more than {MAX_PLAYERS} lines"),
                ));
            }
            players.push(match kind {
                ReplyKind::World => PlayerLine::parse_world(line, line_at)?,
                _ => PlayerLine::parse(line, line_at)?,
            });
        }
        Ok(Self { kind, info, players })
    }

    /// The datagram: a responder's reply (Quake 3's layout, as ioquake3 writes it).
    pub fn encode(kind: ReplyKind, pairs: &[(&[u8], &[u8])], players: &[PlayerLine<'_>]) -> Result<Vec<u8>> {
        let mut out = OOB.to_vec();
        out.extend_from_slice(kind.line());
        Info::encode(pairs, &mut out)?;
        out.push(b'\n');
        for p in players {
            if p.name.iter().any(|b| matches!(b, b'\n' | 0)) {
                return Err(Error::invalid("a player name cannot hold a line end"));
            }
            let line = match &p.world {
                Some(w) => format!("{} {} {} {} \"", w.userid, p.score, w.time, p.ping),
                None => format!("{} {} \"", p.score, p.ping),
            };
            out.extend_from_slice(line.as_bytes());
            out.extend_from_slice(p.name);
            out.push(b'"');
            if let Some(w) = &p.world {
                out.extend_from_slice(b" \"");
                out.extend_from_slice(w.skin);
                out.extend_from_slice(format!("\" {} {}", w.top, w.bottom).as_bytes());
            } else if let Some(team) = p.team {
                out.push(b' ');
                out.extend_from_slice(team);
            }
            out.push(b'\n');
        }
        if kind == ReplyKind::World {
            out.push(0);
        }
        Ok(out)
    }
}

/// The infostring line's length with its line end, if it has one.
fn info_len(rest: &[u8]) -> usize {
    rest.iter().position(|b| *b == b'\n').map_or(rest.len(), |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GameQ's capture of a real Quake 3 1.32c server (Austinb/GameQ@122b6ba2,
    /// tests/Protocols/Providers/Quake3/1_response.txt), as bytes.
    fn gameq_quake3() -> Vec<u8> {
        let text = "ÿÿÿÿstatusResponse\n\\sv_maxclients\\64\\sv_privateClients\\0\\version\\Q3 1.32c linux-i386 May  8 2009\\com_protocol\\71\\protocol\\68\\dmflags\\0\\fraglimit\\30\\timelimit\\10\\g_gametype\\0\\mapname\\q3tourney4\\sv_hostname\\XXXADULTS*ONLYXXX\\sv_minRate\\0\\sv_maxRate\\25000\\sv_dlRate\\1000\\sv_minPing\\0\\sv_maxPing\\0\\sv_floodProtect\\1\\sv_allowDownload\\1\\bot_minplayers\\2\\ Administrator\\X\\ E-mail\\esclan@att.net\\ Location\\San Jose, CA\\ Website\\matchlessgaming.com\\g_maxGameClients\\0\\capturelimit\\8\\gamename\\baseq3\\g_needpass\\0\\Score_Time\\Starting\n0 46 \"^w*ES*^3Bro^7chillin\"\n0 92 \"^w*ES*^7a^6m^7and^6a\"\n0 13 \"^w*ES*yursofat\"\n0 26 \"^w*ES*guapo\"\n0 28 \"^w*ES*^7Darth Ni\"\n0 18 \"^w*ES*^3sunflarez\"\n0 18 \"^w*ES*^7^1Lovely^4Lisa\"\n0 29 \"^w*ES*^7tha mane\"\n0 20 \"^w*ES*^7^4NoStatic\"\n0 68 \"^w*ES*^7Hmmmmmm\"\n";
        // The file is Latin-1 text: each character one byte.
        text.chars().map(|c| c as u32 as u8).collect()
    }

    #[test]
    fn a_real_quake3_status_reads_whole() {
        let bytes = gameq_quake3();
        let reply = Reply::decode(&bytes).unwrap();
        assert_eq!(reply.kind, ReplyKind::Status);
        assert_eq!(reply.info.pairs.len(), 28);
        assert_eq!(reply.info.get("sv_hostname"), Some(&b"XXXADULTS*ONLYXXX"[..]));
        assert_eq!(reply.info.get(" Location"), Some(&b"San Jose, CA"[..]));
        assert_eq!(reply.info.get("version"), Some(&b"Q3 1.32c linux-i386 May  8 2009"[..]));
        assert_eq!(reply.players.len(), 10);
        assert_eq!((reply.players[1].score, reply.players[1].ping), (0, 92));
        assert_eq!(reply.players[6].name, b"^w*ES*^7^1Lovely^4Lisa");
        // Written again, it is the same datagram.
        let again = Reply::encode(reply.kind, &reply.info.pairs, &reply.players).unwrap();
        assert_eq!(again, bytes);
    }

    #[test]
    fn quake2_print_and_quakeworld_n_replies() {
        let q2 = b"\xff\xff\xff\xffprint\n\\hostname\\Kingpin\\time\\ \n5 40 \"Bob\"\n";
        let r = Reply::decode(q2).unwrap();
        assert_eq!(
            (r.kind, r.info.get("time"), r.players[0].name),
            (ReplyKind::Print, Some(&b" "[..]), &b"Bob"[..])
        );
        let qw = b"\xff\xff\xff\xffn\\*version\\2.40\\maxclients\\16\n7 12 30 45 \"\xe4x\" \"base\" 4 2\n\0";
        let r = Reply::decode(qw).unwrap();
        assert_eq!((r.kind, r.info.get("*version")), (ReplyKind::World, Some(&b"2.40"[..])));
        assert_eq!(r.players[0].world.as_ref().unwrap().userid, 7);
        assert_eq!(Reply::encode(r.kind, &r.info.pairs, &r.players).unwrap(), qw.to_vec());
    }

    #[test]
    fn requests_read_as_each_client_sends_them() {
        let r = Request {
            command: Command::GetStatus,
            challenge: Some(b"xyz"),
        };
        assert_eq!(r.encode().unwrap(), b"\xff\xff\xff\xffgetstatus xyz\n");
        assert_eq!(Request::decode(b"\xff\xff\xff\xffgetstatus xyz\n").unwrap(), r);
        // gamedig ends its request with a NUL; qstat sends none for getinfo.
        assert_eq!(
            Request::decode(b"\xff\xff\xff\xffgetinfo\0").unwrap().command,
            Command::GetInfo
        );
        assert_eq!(
            Request::decode(b"\xff\xff\xff\xffstatus").unwrap().command,
            Command::Status
        );
        let long = [&b"\xff\xff\xff\xffgetinfo "[..], &[b'a'; 129]].concat();
        assert_eq!(Request::decode(&long).unwrap_err().field, Some("challenge"));
        Request {
            command: Command::GetInfo,
            challenge: Some(b"a b"),
        }
        .encode()
        .unwrap_err();
    }

    #[test]
    fn what_is_no_reply_of_the_family_says_where() {
        assert_eq!(
            Reply::decode(b"\xff\xff\xff\xfe").unwrap_err().code,
            ErrorCode::BadMagic
        );
        let e = Reply::decode(b"\xff\xff\xff\xffdisconnect").unwrap_err();
        assert_eq!(
            (e.code, e.field, e.offset),
            (ErrorCode::UnexpectedOpcode, Some("command"), Some(4))
        );
        let e = Reply::decode(b"\xff\xff\xff\xffstatusResponse\n\\a\\1\n0 5 Bob\n").unwrap_err();
        assert_eq!((e.field, e.offset), (Some("player name"), Some(28)));
        let e = Reply::decode(b"\xff\xff\xff\xffinfoResponse\n\\a\\1\nextra\n").unwrap_err();
        assert_eq!(e.code, ErrorCode::TrailingBytes);
        let many = format!(
            "\u{ff}\u{ff}\u{ff}\u{ff}statusResponse\n\\a\\1\n{}",
            "0 0 \"x\"\n".repeat(MAX_PLAYERS + 1)
        );
        let bytes: Vec<u8> = many.chars().map(|c| c as u32 as u8).collect();
        assert_eq!(Reply::decode(&bytes).unwrap_err().field, Some("players"));
    }
}
