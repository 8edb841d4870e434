//! 7 Days to Die: A2S for the status, and, when the caller gives its console's port and
//! password (`telnet: { port, password, more? }`), the console (`sdtd_console.rs`) for what
//! A2S leaves out — the players' names (`listplayers`), and with `more` the day and time
//! (`gettime`) and the game's version and mods (`version`). gamedig's `sdtd` class asks the
//! same; its patterns for reading the replies are facts we read the same way: a player's
//! name follows `id=<n>, ` up to the next comma, the day is `Day <n>, <hh:mm>` (a horde
//! comes every seventh day), versions look like `V 1.2 (b27)` and mods `Mod <name>: <1.2.3>`.
//!
//! Both connections run at once within the call's one deadline; the console failing costs
//! a warning, never the status.

use serde::Serialize;
use serde_json::Value;

use super::sdtd_console::ConsoleExchange;
use super::A2sQueryResult;
use crate::error::{Error, Result};
use crate::options::{Common, Options};
use crate::spec::query::Mapped;
use crate::spec::{Outcome, QueryPlan, Report, Running, Start, Transport};
use crate::status::{Status, StatusPlayer};

/// What the console said, read (`raw.console`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sSdtdConsole"))]
pub struct SdtdConsole {
    /// `listplayers`: each player's name and whole line.
    pub players: Vec<ConsolePlayer>,
    /// `gettime` (with `more`): the in-game day and time, and whether a horde comes tonight.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub day: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub horde_day: Option<bool>,
    /// `version` (with `more`): the game's version, the version clients need, the mods.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub game_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub compatibility_version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub mods: Option<Vec<ConsoleMod>>,
    /// Each command's output as the console printed it, by command.
    pub responses: Vec<ConsoleResponse>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sSdtdPlayer"))]
pub struct ConsolePlayer {
    pub name: String,
    pub line: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sSdtdMod"))]
pub struct ConsoleMod {
    pub name: String,
    pub version: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sSdtdResponse"))]
pub struct ConsoleResponse {
    pub command: String,
    pub output: String,
}

/// The game's console, for the games table (`sdtd`).
pub const CONSOLE: crate::spec::Console = crate::spec::Console {
    title: "7 Days to Die console",
    take,
    merge,
};

/// The console's commands: the players, then with `more` the time and the version.
fn commands(more: bool) -> Vec<&'static str> {
    let mut commands = vec!["listplayers"];
    if more {
        commands.extend(["gettime", "version"]);
    }
    commands
}

/// The console's plan: its options and where it listens.
struct ConsolePlan {
    common: Common,
    password: String,
    more: bool,
}

impl QueryPlan for ConsolePlan {
    fn common(&self) -> &Common {
        &self.common
    }
    fn transport(&self) -> Transport {
        Transport::Tcp
    }
    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let exchange = ConsoleExchange::new(self.password.clone(), commands(self.more), at.budget);
        Ok(Mapped::boxed(exchange, |outputs| Ok(Outcome::Lines(outputs))))
    }
}

/// Takes `telnet: { port, password, more? }` out of a query's options: the console's plan
/// and port, when given. The console shares the query's `timeout` and `family`.
pub fn take(options: &mut Value) -> Result<Option<crate::spec::ConsolePlan>> {
    let Some(given) = options.as_object_mut().and_then(|o| o.remove("telnet")) else {
        return Ok(None);
    };
    let mut o = Options::new("7 Days to Die console", given)?;
    let port = o.integer("port", 1, 65535, 0)? as u16;
    if port == 0 {
        return Err(Error::invalid(
            "option telnet.port is required: the console's TCP port (TelnetPort)",
        ));
    }
    let password = o
        .string("password")?
        .ok_or_else(|| Error::invalid("option telnet.password is required: the console's TelnetPassword"))?;
    let more = o.boolean("more", false)?;
    o.finish(&["port", "password", "more"])?;
    let common = Common::shared("7 Days to Die console", options, &["timeout", "family", "localAddress"])?;
    let plan = ConsolePlan { common, password, more };
    Ok(Some((Box::new(plan), port)))
}

/// The status with what the console said: its players' names as the list (A2S's is often
/// empty or nameless there) and `raw.console`; a failed console is a warning.
pub fn merge(status: Box<dyn Report>, console: Result<Outcome>) -> Box<dyn Report> {
    let mut status = match status.into_any().downcast::<Status<A2sQueryResult>>() {
        Ok(status) => status,
        Err(_) => unreachable!("7 Days to Die's status is A2S's"),
    };
    match console {
        Ok(Outcome::Lines(outputs)) => {
            let read = read(&outputs);
            if !read.players.is_empty() || status.players.list.is_empty() {
                status.players.list = read
                    .players
                    .iter()
                    .map(|p| StatusPlayer {
                        name: p.name.clone(),
                        id: None,
                        score: None,
                        ping: None,
                    })
                    .collect();
            }
            status.raw.console = Some(read);
        }
        Ok(Outcome::Status(_)) => {}
        Err(e) => status
            .raw
            .warnings
            .push(format!("7 Days to Die console: {}", e.message)),
    }
    status
}

/// The outputs of [`commands`], in order.
pub fn read(outputs: &[String]) -> SdtdConsole {
    let mut out = SdtdConsole::default();
    for (command, output) in commands(true).into_iter().zip(outputs) {
        out.responses.push(ConsoleResponse {
            command: command.into(),
            output: output.clone(),
        });
        let lines = output.lines().map(str::trim).filter(|l| !l.is_empty());
        match command {
            "listplayers" => out.players = lines.filter_map(player).collect(),
            "gettime" => {
                if let Some((day, time)) = lines.clone().find_map(day_and_time) {
                    out.day = Some(day);
                    out.time = Some(time);
                    out.horde_day = Some(day % 7 == 0);
                } else {
                    out.horde_day = Some(false);
                }
            }
            _ => {
                let lines: Vec<&str> = lines.collect();
                let versions = lines.first().map(|l| versions(l)).unwrap_or_default();
                out.game_version = versions.first().cloned();
                out.compatibility_version = versions.get(1).cloned();
                out.mods = Some(lines.iter().skip(1).filter_map(|l| a_mod(l)).collect());
            }
        }
    }
    out
}

/// `0. id=171, Kane, pos=(…), …`: the name after `id=<digits>,` and spaces, to the next
/// comma — on a line that starts `<n>. id=` (the game's log, which the console streams too,
/// has `entityid=171, name=Kane` lines that are not the list).
fn player(line: &str) -> Option<ConsolePlayer> {
    let number = line.bytes().take_while(u8::is_ascii_digit).count();
    let rest = line[number..].strip_prefix(". id=").filter(|_| number > 0)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let rest = rest[digits..].strip_prefix(',')?.trim_start();
    let name = &rest[..rest.find(',')?];
    (digits > 0 && !name.is_empty()).then(|| ConsolePlayer {
        name: name.to_string(),
        line: line.to_string(),
    })
}

/// `Day 14, 22:05` anywhere in the line.
fn day_and_time(line: &str) -> Option<(u32, String)> {
    let rest = &line[line.find("Day ")? + 4..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let day = rest[..digits].parse().ok()?;
    let time = rest[digits..].strip_prefix(',')?.trim_start();
    let clock = time.get(..5)?;
    let b = clock.as_bytes();
    let shape = b[..2].iter().chain(&b[3..]).all(u8::is_ascii_digit) && b[2] == b':';
    shape.then(|| (day, clock.to_string()))
}

/// Every `V <n>.<n>` (with ` (b<n>)` when it follows) in the line, in order.
fn versions(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("V ") {
        let tail = &rest[at + 2..];
        let major = tail.bytes().take_while(u8::is_ascii_digit).count();
        let minor = tail
            .get(major + 1..)
            .map_or(0, |t| t.bytes().take_while(u8::is_ascii_digit).count());
        if major > 0 && tail.as_bytes().get(major) == Some(&b'.') && minor > 0 {
            let mut end = major + 1 + minor;
            if let Some(build) = tail[end..].strip_prefix(" (b") {
                let n = build.bytes().take_while(u8::is_ascii_digit).count();
                if n > 0 && build.as_bytes().get(n) == Some(&b')') {
                    end += 3 + n + 1;
                }
            }
            found.push(format!("V {}", &tail[..end]));
            rest = &tail[end..];
        } else {
            rest = tail;
        }
    }
    found
}

/// `Mod <name>: <digits and dots>`.
fn a_mod(line: &str) -> Option<ConsoleMod> {
    let rest = line.strip_prefix("Mod")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let (name, version) = rest.trim_start().split_once(':')?;
    let version = version.trim_start();
    let ok = !name.is_empty() && !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    ok.then(|| ConsoleMod {
        name: name.to_string(),
        version: version.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_console_output_reads_as_gamedig_reads_it() {
        let outputs = [
            "0. id=171, Kane, pos=(-1.5, 61.0, 2.5), rot=(0.0, 90.0, 0.0), remote=True, health=100\r\n\
             1. id=172,  Lucia Two , pos=(0, 0, 0), remote=True\r\n\
             2. id=, Nobody, pos=(0, 0, 0)\r\n\
             2026-11-27T13:00:00 12.3 INF Player connected, entityid=173, name=Intruder, steamid=1\r\n\
             Total of 2 in the game\r\n"
                .to_string(),
            "Day 14, 22:05\r\n".to_string(),
            "Game version: V 1.2 (b27) Compatibility Version: V 1.2\r\nMod TFP_Harmony: 1.2.0.27\r\nMod Broken\r\nMod Other Mod: 2.0\r\n"
                .to_string(),
        ];
        let read = read(&outputs);
        let names: Vec<_> = read.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Kane", "Lucia Two "]);
        assert!(read.players[0].line.starts_with("0. id=171"));
        assert_eq!(
            (read.day, read.time.as_deref(), read.horde_day),
            (Some(14), Some("22:05"), Some(true))
        );
        assert_eq!(read.game_version.as_deref(), Some("V 1.2 (b27)"));
        assert_eq!(read.compatibility_version.as_deref(), Some("V 1.2"));
        let mods: Vec<_> = read.mods.unwrap().into_iter().map(|m| (m.name, m.version)).collect();
        assert_eq!(
            mods,
            [
                ("TFP_Harmony".into(), "1.2.0.27".into()),
                ("Other Mod".into(), "2.0".into())
            ]
        );
        assert_eq!(read.responses[1].command, "gettime");
        // Only the players asked: no time or version fields.
        let only = super::read(&outputs[..1]);
        assert_eq!((only.day, only.horde_day, only.mods), (None, None, None));
        assert_eq!(day_and_time("Day 3, 7:05"), None);
    }

    #[test]
    fn telnet_options_are_checked_and_taken_out() {
        let mut options =
            serde_json::json!({ "timeout": 1500, "rules": true, "telnet": { "port": 8081, "password": "pw" } });
        let (_, port) = take(&mut options).unwrap().unwrap();
        assert_eq!(port, 8081);
        assert_eq!(options, serde_json::json!({ "timeout": 1500, "rules": true }));
        let mut none = serde_json::json!({ "timeout": 1500 });
        assert!(take(&mut none).unwrap().is_none());
        for bad in [
            serde_json::json!({ "telnet": { "password": "pw" } }),
            serde_json::json!({ "telnet": { "port": 8081 } }),
            serde_json::json!({ "telnet": { "port": 8081, "password": "pw", "color": true } }),
            serde_json::json!({ "telnet": "8081" }),
        ] {
            let mut o = bad.clone();
            let e = take(&mut o).err().unwrap_or_else(|| panic!("{bad} is refused"));
            assert_eq!(e.code, crate::error::ErrorCode::InvalidArgument, "{bad}");
        }
    }
}
