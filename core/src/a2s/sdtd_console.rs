//! 7 Days to Die's console over telnet (TCP), the sans-IO client: it waits for the
//! password prompt, logs on, then runs its commands one at a time, each one's output
//! ending at its known last line (`Total of <n> in the game`, the `Day` line) or, for one
//! without (`version`), when the server goes quiet (the console has no prompt). What
//! gamedig's `sdtd` class asks (`listplayers`; `gettime` and `version` for `moreData`);
//! the prompts are the game's ("Please enter password:", "Logon successful.").

use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};

/// Quiet this long ends a command's output (SA:MP's RCON waits as long).
pub const IDLE_MS: Millis = 250.0;
/// A command that printed nothing for this long printed nothing.
const FIRST_OUTPUT_MS: Millis = 1000.0;
/// A console's output is text in lines; more than this from one call is not a console.
const MAX_TEXT: usize = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Prompt,
    Logon,
    Command(usize),
    Done,
}

/// Where the telnet filter is: in text, after `FF`, after `FF` and a verb that takes an
/// option byte, or inside a subnegotiation (`FF FA … FF F0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Telnet {
    Data,
    Iac,
    Option,
    Sub,
    SubIac,
}

#[derive(Debug)]
pub struct ConsoleExchange {
    password: String,
    commands: Vec<&'static str>,
    budget: Deadline,
    phase: Phase,
    /// The phase's text so far, as bytes: decoded once, when the phase ends (a character
    /// may arrive split over two reads).
    text: Vec<u8>,
    telnet: Telnet,
    total: usize,
    outputs: Vec<String>,
    outbox: Vec<Vec<u8>>,
    deadline: Option<Millis>,
    result: Option<Result<Vec<String>>>,
}

impl ConsoleExchange {
    pub fn new(password: String, commands: Vec<&'static str>, budget: Deadline) -> Self {
        Self {
            password,
            commands,
            deadline: Some(budget.end),
            budget,
            phase: Phase::Prompt,
            text: Vec::new(),
            telnet: Telnet::Data,
            total: 0,
            outputs: Vec::new(),
            outbox: Vec::new(),
            result: None,
        }
    }

    fn finish(&mut self, result: Result<Vec<String>>) {
        self.phase = Phase::Done;
        self.deadline = None;
        self.result = Some(result);
    }

    fn run(&mut self, k: usize, now: Millis) {
        match self.commands.get(k) {
            // Past the deadline no command runs: what was read is the result.
            Some(_) if now >= self.budget.end => {
                let outputs = std::mem::take(&mut self.outputs);
                self.finish(Ok(outputs));
            }
            Some(command) => {
                self.phase = Phase::Command(k);
                self.text.clear();
                self.outbox.push(format!("{command}\r\n").into_bytes());
                // The first output may take a while; then quiet ends it.
                self.deadline = Some((now + FIRST_OUTPUT_MS).min(self.budget.end.max(now)));
            }
            None => {
                let outputs = std::mem::take(&mut self.outputs);
                self.finish(Ok(outputs));
            }
        }
    }

    fn command_done(&mut self, now: Millis) {
        if let Phase::Command(k) = self.phase {
            // Nothing printed when the call ran out (or the console closed): no answer, not
            // an empty one; the commands before it are the result.
            if self.text.is_empty() && now >= self.budget.end {
                let outputs = std::mem::take(&mut self.outputs);
                return self.finish(Ok(outputs));
            }
            let text = String::from_utf8_lossy(&std::mem::take(&mut self.text)).into_owned();
            self.outputs.push(text);
            self.run(k + 1, now);
        }
    }

    /// Appends a read's text, telnet's commands taken out (state kept across reads).
    fn push_text(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.telnet = match (self.telnet, b) {
                (Telnet::Data, 0xff) => Telnet::Iac,
                (Telnet::Data, b) => {
                    self.text.push(b);
                    Telnet::Data
                }
                // `FF FF` is a 0xFF byte of text.
                (Telnet::Iac, 0xff) => {
                    self.text.push(0xff);
                    Telnet::Data
                }
                (Telnet::Iac, 0xfa) => Telnet::Sub,
                // WILL, WONT, DO, DONT: an option byte follows.
                (Telnet::Iac, 0xfb..=0xfe) => Telnet::Option,
                (Telnet::Iac | Telnet::Option, _) => Telnet::Data,
                (Telnet::Sub | Telnet::SubIac, 0xff) => Telnet::SubIac,
                (Telnet::SubIac, 0xf0) => Telnet::Data,
                (Telnet::Sub | Telnet::SubIac, _) => Telnet::Sub,
            };
        }
    }

    /// The phase's text contains `word` (ASCII, any case), looking only at what the last
    /// read could have completed (from `from`, the text's length before it).
    fn said(&self, word: &str, from: usize) -> bool {
        let start = from.saturating_sub(word.len());
        self.text[start..]
            .windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word.as_bytes()))
    }
}

/// The command's output is complete: `listplayers` ends with `Total of <n> in the game`,
/// `gettime` is its one `Day <n>, <hh:mm>` line; `version` has no last line (its mods
/// follow), so quiet ends it. `tail`: the text's end, where the last read landed.
fn ended(command: &str, tail: &[u8]) -> bool {
    let Some(line) = complete_last_line(tail) else {
        return false;
    };
    match command {
        "listplayers" => line.starts_with(b"Total of ") && line.ends_with(b" in the game"),
        "gettime" => line.starts_with(b"Day ") && line.contains(&b','),
        _ => false,
    }
}

/// The last line of `text` when `text` ends with its line break, without it.
fn complete_last_line(text: &[u8]) -> Option<&[u8]> {
    let body = text.strip_suffix(b"\n")?;
    let body = body.strip_suffix(b"\r").unwrap_or(body);
    let start = body.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    Some(body[start..].trim_ascii())
}

impl crate::exchange::Exchange for ConsoleExchange {
    type Output = Vec<String>;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        (!self.outbox.is_empty()).then(|| self.outbox.remove(0))
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.phase == Phase::Done {
            return;
        }
        self.total += bytes.len();
        if self.total > MAX_TEXT {
            return self.finish(Err(Error::new(
                ErrorCode::FrameTooLarge,
                "the 7 Days to Die console sent more than 1 MiB",
            )));
        }
        let from = self.text.len();
        self.push_text(bytes);
        match self.phase {
            Phase::Prompt if self.said("password:", from) => {
                self.outbox.push(format!("{}\r\n", self.password).into_bytes());
                self.text.clear();
                self.phase = Phase::Logon;
            }
            Phase::Logon if self.said("logon successful", from) => self.run(0, now),
            Phase::Logon if self.said("password incorrect", from) || self.said("incorrect password", from) => self
                .finish(Err(Error::new(
                    ErrorCode::RconAuth,
                    "the 7 Days to Die console refused the password",
                ))),
            // A command whose output has a last line ends there, without waiting for quiet.
            Phase::Command(k) if ended(self.commands[k], &self.text[from.saturating_sub(64)..]) => {
                self.command_done(now)
            }
            Phase::Command(_) => self.deadline = Some((now + IDLE_MS).min(self.budget.end.max(now))),
            _ => {}
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        match (self.phase, self.deadline) {
            (_, Some(d)) if now < d => {}
            (Phase::Command(_), _) => self.command_done(now),
            (Phase::Prompt | Phase::Logon, _) => {
                let what = if self.phase == Phase::Prompt {
                    "the 7 Days to Die console's password prompt"
                } else {
                    "the 7 Days to Die console's logon"
                };
                self.finish(Err(Error::timeout(what, 1)));
            }
            _ => {}
        }
    }

    fn handle_close(&mut self, now: Millis) {
        match self.phase {
            Phase::Command(_) if self.text.is_empty() => {
                let outputs = std::mem::take(&mut self.outputs);
                self.finish(Ok(outputs));
            }
            Phase::Command(_) => {
                // What the last command printed before the console closed, then no more.
                self.command_done(now);
                if self.phase != Phase::Done {
                    let outputs = std::mem::take(&mut self.outputs);
                    self.finish(Ok(outputs));
                }
            }
            Phase::Prompt | Phase::Logon => self.finish(Err(Error::new(
                ErrorCode::Network,
                "the 7 Days to Die console closed the connection before the logon",
            ))),
            Phase::Done => {}
        }
    }

    fn poll_result(&mut self) -> Option<Result<Vec<String>>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;

    fn sent(ex: &mut ConsoleExchange) -> String {
        String::from_utf8(ex.poll_transmit().expect("a line")).unwrap()
    }

    #[test]
    fn logs_on_then_runs_each_command_to_its_last_line_or_quiet() {
        let budget = Deadline::for_call(3000.0, 1);
        let mut ex = ConsoleExchange::new("secret".into(), vec!["listplayers", "gettime", "version"], budget);
        assert_eq!(ex.poll_transmit(), None, "nothing before the prompt");
        ex.handle_input(1.0, b"*** Connected with 7DTD server.\r\nPlease enter pass");
        assert_eq!(ex.poll_transmit(), None);
        ex.handle_input(2.0, b"word:\r\n");
        assert_eq!(sent(&mut ex), "secret\r\n");
        ex.handle_input(3.0, b"Logon successful.\r\n");
        assert_eq!(sent(&mut ex), "listplayers\r\n");
        ex.handle_input(10.0, b"0. id=171, Kane, pos=(1, 2, 3), remote=True\r\n");
        assert_eq!(
            ex.poll_timeout(),
            Some(10.0 + IDLE_MS),
            "no last line yet: quiet would end it"
        );
        // Its last line ends the list at once: the next command goes out.
        ex.handle_input(20.0, b"Total of 1 in the game\r\n");
        assert_eq!(sent(&mut ex), "gettime\r\n");
        ex.handle_input(30.0, b"Day 14, 22:05\r\n");
        assert_eq!(sent(&mut ex), "version\r\n");
        // `version` has no last line: quiet ends it.
        ex.handle_input(40.0, b"Game version: V 1.2 (b27)\r\nMod A: 1.0\r\n");
        assert_eq!(ex.poll_result(), None);
        ex.handle_timeout(40.0 + IDLE_MS);
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!(
            out,
            [
                "0. id=171, Kane, pos=(1, 2, 3), remote=True\r\nTotal of 1 in the game\r\n",
                "Day 14, 22:05\r\n",
                "Game version: V 1.2 (b27)\r\nMod A: 1.0\r\n"
            ]
        );
    }

    #[test]
    fn a_wrong_password_a_silent_server_and_a_flood_end_in_typed_errors() {
        let budget = Deadline::for_call(1000.0, 1);
        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers"], budget);
        ex.handle_input(1.0, b"Please enter password:\r\n");
        ex.handle_input(2.0, b"Password incorrect, please enter password:\r\n");
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::RconAuth);

        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers"], budget);
        ex.handle_timeout(budget.end);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::Timeout);

        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers"], budget);
        ex.handle_input(1.0, b"Please enter password:\r\n");
        ex.handle_input(2.0, b"Logon successful.\r\n");
        let line = vec![b'a'; 64 * 1024];
        for t in 0..20 {
            ex.handle_input(3.0 + f64::from(t), &line);
        }
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::FrameTooLarge);

        // A name split over two reads, telnet commands split too: read whole.
        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers"], budget);
        ex.handle_input(1.0, b"Please enter \xff");
        ex.handle_input(2.0, b"\xfb\x01password:\r\n");
        assert_eq!(sent(&mut ex), "x\r\n");
        ex.handle_input(3.0, b"Logon successful.\r\n");
        ex.handle_input(4.0, "0. id=1, Д".as_bytes().split_last().unwrap().1);
        ex.handle_input(5.0, &[*"Д".as_bytes().last().unwrap(), b'\xff', b'\xff']);
        ex.handle_input(6.0, b"\xff\xfa\x18\x01\xff\xf0, pos\r\n");
        ex.handle_timeout(6.0 + IDLE_MS);
        assert_eq!(ex.poll_result().unwrap().unwrap(), ["0. id=1, Д\u{fffd}, pos\r\n"]);

        // The deadline during the first command: the commands after it do not run.
        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers", "gettime", "version"], budget);
        ex.handle_input(1.0, b"Please enter password:\r\n");
        ex.handle_input(2.0, b"Logon successful.\r\n");
        ex.handle_input(budget.end - 10.0, b"Total of 0 in the game\r\n");
        ex.handle_timeout(budget.end);
        assert_eq!(ex.poll_result().unwrap().unwrap(), ["Total of 0 in the game\r\n"]);

        // Closed mid-command: what arrived is the output.
        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers", "gettime"], budget);
        ex.handle_input(1.0, b"Please enter password:\xff\xfb\x01\r\n");
        ex.handle_input(2.0, b"Logon successful.\r\n");
        ex.handle_input(3.0, b"Total of 0 in the game\r\n");
        ex.handle_close(4.0);
        assert_eq!(ex.poll_result().unwrap().unwrap(), ["Total of 0 in the game\r\n"]);
    }
}
