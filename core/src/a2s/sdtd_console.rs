//! 7 Days to Die's console over telnet (TCP), the sans-IO client: it waits for the
//! password prompt, logs on, then runs its commands one at a time, each one's output
//! ending when the server goes quiet (the console has no end marker, nor a prompt). What
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

#[derive(Debug)]
pub struct ConsoleExchange {
    password: String,
    commands: Vec<&'static str>,
    budget: Deadline,
    phase: Phase,
    text: String,
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
            text: String::new(),
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
            self.outputs.push(std::mem::take(&mut self.text));
            self.run(k + 1, now);
        }
    }
}

/// Telnet's option negotiation (`FF` and two bytes) is not text; 7 Days to Die sends none,
/// but a proxy might.
fn text_of(bytes: &[u8]) -> String {
    let mut plain = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0xff {
            i += 3;
            continue;
        }
        plain.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&plain).into_owned()
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
        self.text.push_str(&text_of(bytes));
        let lower = self.text.to_ascii_lowercase();
        match self.phase {
            Phase::Prompt if lower.contains("password:") => {
                self.outbox.push(format!("{}\r\n", self.password).into_bytes());
                self.text.clear();
                self.phase = Phase::Logon;
            }
            Phase::Logon if lower.contains("logon successful") => self.run(0, now),
            Phase::Logon if lower.contains("password incorrect") || lower.contains("incorrect password") => self
                .finish(Err(Error::new(
                    ErrorCode::RconAuth,
                    "the 7 Days to Die console refused the password",
                ))),
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
    fn logs_on_then_runs_each_command_until_quiet() {
        let budget = Deadline::for_call(3000.0, 1);
        let mut ex = ConsoleExchange::new("secret".into(), vec!["listplayers", "gettime"], budget);
        assert_eq!(ex.poll_transmit(), None, "nothing before the prompt");
        ex.handle_input(1.0, b"*** Connected with 7DTD server.\r\nPlease enter pass");
        assert_eq!(ex.poll_transmit(), None);
        ex.handle_input(2.0, b"word:\r\n");
        assert_eq!(sent(&mut ex), "secret\r\n");
        ex.handle_input(3.0, b"Logon successful.\r\n");
        assert_eq!(sent(&mut ex), "listplayers\r\n");
        ex.handle_input(10.0, b"0. id=171, Kane, pos=(1, 2, 3), remote=True\r\n");
        ex.handle_input(20.0, b"Total of 1 in the game\r\n");
        assert_eq!(ex.poll_timeout(), Some(20.0 + IDLE_MS));
        ex.handle_timeout(20.0 + IDLE_MS);
        assert_eq!(sent(&mut ex), "gettime\r\n");
        ex.handle_input(300.0, b"Day 14, 22:05\r\n");
        ex.handle_timeout(300.0 + IDLE_MS);
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!(
            out,
            [
                "0. id=171, Kane, pos=(1, 2, 3), remote=True\r\nTotal of 1 in the game\r\n",
                "Day 14, 22:05\r\n"
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

        // Closed mid-command: what arrived is the output.
        let mut ex = ConsoleExchange::new("x".into(), vec!["listplayers", "gettime"], budget);
        ex.handle_input(1.0, b"Please enter password:\xff\xfb\x01\r\n");
        ex.handle_input(2.0, b"Logon successful.\r\n");
        ex.handle_input(3.0, b"Total of 0 in the game\r\n");
        ex.handle_close(4.0);
        assert_eq!(ex.poll_result().unwrap().unwrap(), ["Total of 0 in the game\r\n"]);
    }
}
