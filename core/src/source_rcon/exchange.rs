//! One command over Source RCON as a call: log in, run it, end with its lines or by the
//! deadline. The protocol is [`Session`]'s.

use super::session::{check_command, Event, Session};
pub use super::session::{RconFormat, MAX_MINECRAFT_COMMAND};
use crate::error::{Error, Result};
use crate::exchange::{Deadline, Millis};

#[derive(Debug)]
pub struct SourceRconExchange {
    session: Session,
    /// Sent once the login is answered.
    command: Option<String>,
    deadline: Millis,
    finished: bool,
    result: Option<Result<Vec<String>>>,
}

impl SourceRconExchange {
    pub fn new(password: &str, command: &str, format: RconFormat, budget: Deadline) -> Result<Self> {
        check_command(command)?;
        Ok(Self {
            session: Session::new(password, format)?,
            command: Some(command.to_string()),
            deadline: budget.end,
            finished: false,
            result: None,
        })
    }

    fn finish(&mut self, result: Result<Vec<String>>) {
        if !self.finished {
            self.finished = true;
            self.result = Some(result);
        }
    }

    fn events(&mut self) {
        while let Some(event) = self.session.poll_event() {
            match event {
                Event::LoggedIn => {
                    if let Some(command) = self.command.take() {
                        if let Err(e) = self.session.command(&command) {
                            self.finish(Err(e));
                        }
                    }
                }
                Event::Output(lines) => self.finish(Ok(lines)),
                Event::Failed(e) => self.finish(Err(e)),
            }
        }
    }
}

impl crate::exchange::Exchange for SourceRconExchange {
    type Output = Vec<String>;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.session.poll_transmit()
    }

    fn handle_input(&mut self, _now: Millis, bytes: &[u8]) {
        if !self.finished {
            self.session.handle_input(bytes);
            self.events();
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        (!self.finished).then_some(self.deadline)
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.finished || now < self.deadline {
            return;
        }
        let what = self.session.waiting_for().unwrap_or("the command's reply");
        self.finish(Err(Error::timeout(what, 1)));
    }

    fn handle_close(&mut self, _now: Millis) {
        if !self.finished {
            self.session.handle_close();
            self.events();
        }
    }

    fn poll_result(&mut self) -> Option<Result<Vec<String>>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::super::packet::{Packet, AUTH_RESPONSE, COMMAND, LOGIN, RESPONSE_VALUE};
    use super::*;
    use crate::error::ErrorCode;
    use crate::exchange::Exchange;

    fn p(id: i32, kind: i32, body: &str) -> Vec<u8> {
        Packet::new(id, kind, body).encode().unwrap()
    }

    fn run(server: &[Vec<u8>], split: bool) -> (Vec<Packet>, Option<Result<Vec<String>>>) {
        let mut ex = SourceRconExchange::new("pw", "list", RconFormat::Plain, Deadline::for_call(1000.0, 0)).unwrap();
        let mut sent = vec![];
        let mut drain = |ex: &mut SourceRconExchange| {
            while let Some(b) = ex.poll_transmit() {
                sent.push(Packet::decode(&b).unwrap());
            }
        };
        drain(&mut ex);
        for bytes in server {
            if split {
                for b in bytes.chunks(3) {
                    ex.handle_input(1.0, b);
                }
            } else {
                ex.handle_input(1.0, bytes);
            }
            drain(&mut ex);
        }
        (sent, ex.poll_result())
    }

    #[test]
    fn minecraft_login_command_sentinel() {
        let server = [
            p(1, AUTH_RESPONSE, ""),
            p(
                2,
                RESPONSE_VALUE,
                "§6There are 2 of a max of 20 players online: §fSteve, Alex",
            ),
            p(3, RESPONSE_VALUE, "Unknown request 0"),
        ];
        for split in [false, true] {
            let (sent, result) = run(&server, split);
            let kinds: Vec<_> = sent.iter().map(|p| (p.id, p.kind)).collect();
            assert_eq!(kinds, [(1, LOGIN), (2, COMMAND), (3, RESPONSE_VALUE)]);
            assert_eq!(
                result.unwrap().unwrap(),
                ["There are 2 of a max of 20 players online: Steve, Alex"]
            );
        }
    }

    #[test]
    fn source_quirks_and_multi_packet_replies() {
        let server = [
            [p(1, RESPONSE_VALUE, ""), p(1, AUTH_RESPONSE, "")].concat(),
            p(2, RESPONSE_VALUE, "first half "),
            [
                p(2, RESPONSE_VALUE, "second half\nline 2\n"),
                p(3, RESPONSE_VALUE, ""),
                p(3, RESPONSE_VALUE, "\0\x01\0\0"),
            ]
            .concat(),
        ];
        let (sent, result) = run(&server, false);
        assert_eq!(sent.len(), 3, "one sentinel");
        assert_eq!(result.unwrap().unwrap(), ["first half second half", "line 2"]);
    }

    #[test]
    fn refused_password_and_long_commands() {
        let (_, result) = run(&[p(-1, AUTH_RESPONSE, "")], false);
        assert_eq!(result.unwrap().unwrap_err().code, ErrorCode::RconAuth);
        let long = "x".repeat(MAX_MINECRAFT_COMMAND + 1);
        let e = SourceRconExchange::new("pw", &long, RconFormat::Plain, Deadline::for_call(1.0, 0)).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
    }
}
