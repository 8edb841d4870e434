//! An RCON session on tokio: connects and logs in within the call's deadline, then runs
//! the commands it is given one after another on that connection, each within its own
//! deadline (`timeout`). What to send and what a reply means is [`Session`]'s.

use std::net::SocketAddr;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, oneshot, Mutex};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::resolve::resolve;
use super::trace::Clock;
use crate::call::session::SessionArgs;
use crate::error::{Error, ErrorCode, Result};
use crate::source_rcon::session::{Event, Session};

struct Job {
    command: String,
    cancel: CancellationToken,
    reply: oneshot::Sender<Result<Vec<String>>>,
}

/// A logged-in connection. Dropping it (or `close()`) ends the connection.
pub struct RconSession {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    end: CancellationToken,
    args: SessionArgs,
    addr: SocketAddr,
}

struct Link {
    args: SessionArgs,
    addr: SocketAddr,
    stream: TcpStream,
    session: Session,
    buf: Vec<u8>,
}

impl Link {
    /// Sends what the session queued, then reads until it has something to say, by `until`.
    async fn next_event(&mut self, until: Instant, cancel: &CancellationToken) -> Result<Event> {
        loop {
            while let Some(bytes) = self.session.poll_transmit() {
                self.stream
                    .write_all(&bytes)
                    .await
                    .map_err(|e| Error::new(ErrorCode::Network, format!("send: {e}")))?;
            }
            if let Some(event) = self.session.poll_event() {
                return Ok(event);
            }
            let read = tokio::select! {
                _ = cancel.cancelled() => return Err(Error::aborted()),
                r = tokio::time::timeout_at(until, self.stream.read(&mut self.buf)) => r,
            };
            match read {
                Err(_) => return Err(self.args.timed_out(&self.session, Some(self.addr))),
                Ok(Ok(0)) | Ok(Err(_)) => self.session.handle_close(),
                Ok(Ok(n)) => self.session.handle_input(&self.buf[..n]),
            }
        }
    }

    fn name(&self, e: Error) -> Error {
        self.args.name(e, Some(self.addr))
    }
}

impl RconSession {
    /// `target` and `options` are JSON text, as for `rcon()`.
    pub async fn open(protocol: &str, target: &str, options: &str, cancel: CancellationToken) -> Result<Self> {
        let target: Value = super::json_arg("target", target)?;
        let args = SessionArgs::parse(protocol, &target, super::json_arg("options", options)?)?;
        let common = args.request.common;
        let clock = Clock::start();
        let until = clock.instant(common.timeout_ms);
        let addr = resolve(&args.host, args.port, common.family, &clock, common.timeout_ms, &cancel)
            .await
            .map_err(|e| args.name(e, None))?;
        let connect = tokio::select! {
            _ = cancel.cancelled() => return Err(Error::aborted()),
            r = tokio::time::timeout_at(until, TcpStream::connect(addr)) => r,
        };
        let session = args.session()?;
        let stream = match connect {
            Err(_) => return Err(args.timed_out(&session, None)),
            Ok(Err(e)) if e.kind() == std::io::ErrorKind::ConnectionRefused => return Err(args.refused(Some(addr))),
            Ok(Err(e)) => return Err(args.failed(&format!("connect: {e}"), Some(addr))),
            Ok(Ok(s)) => s,
        };
        let _ = stream.set_nodelay(true);
        let mut link = Link {
            args,
            addr,
            stream,
            session,
            buf: vec![0; 16 * 1024],
        };
        match link.next_event(until, &cancel).await {
            Ok(Event::LoggedIn) => {}
            Ok(Event::Failed(e)) | Err(e) => return Err(link.name(e)),
            Ok(Event::Output(_)) => unreachable!("no command before the login"),
        }
        let (tx, rx) = mpsc::channel(64);
        let end = CancellationToken::new();
        let args = link.args.clone();
        tokio::spawn(serve_jobs(link, rx, end.clone()));
        Ok(Self {
            jobs: Mutex::new(Some(tx)),
            end,
            args,
            addr,
        })
    }

    /// Runs `command` after those before it; its lines, or why not.
    pub async fn run(&self, command: &str, cancel: CancellationToken) -> Result<Vec<String>> {
        crate::source_rcon::session::check_command(command)?;
        let (reply, answer) = oneshot::channel();
        let job = Job {
            command: command.to_string(),
            cancel,
            reply,
        };
        let sent = match &*self.jobs.lock().await {
            Some(jobs) => jobs.send(job).await.is_ok(),
            None => false,
        };
        let closed = || self.args.name(closed(), Some(self.addr));
        if !sent {
            return Err(closed());
        }
        answer.await.unwrap_or_else(|_| Err(closed()))
    }

    /// Ends the connection; commands still queued fail as closed.
    pub async fn close(&self) {
        self.jobs.lock().await.take();
        self.end.cancel();
    }
}

impl Drop for RconSession {
    fn drop(&mut self) {
        self.end.cancel();
    }
}

fn closed() -> Error {
    Error::new(ErrorCode::Network, "the RCON session is closed")
}

async fn serve_jobs(mut link: Link, mut jobs: mpsc::Receiver<Job>, end: CancellationToken) {
    let timeout = link.args.request.common.timeout_ms;
    loop {
        let job = tokio::select! {
            _ = end.cancelled() => return,
            j = jobs.recv() => match j { Some(j) => j, None => return },
        };
        if link.session.is_closed() {
            let _ = job.reply.send(Err(link.name(closed())));
            continue;
        }
        if let Err(e) = link.session.command(&job.command) {
            let _ = job.reply.send(Err(link.name(e)));
            continue;
        }
        let clock = Clock::start();
        let stop = CancellationToken::new();
        // A bug of ours reading the reply is this command's GQ_INTERNAL, and ends the session.
        let next = crate::internal::Contained::new("an RCON session", link.next_event(clock.instant(timeout), &stop));
        let result = tokio::select! {
            _ = end.cancelled() => Err(closed()),
            _ = job.cancel.cancelled() => Err(Error::aborted()),
            r = next => match r {
                Ok(Event::Output(lines)) => Ok(lines),
                Ok(Event::Failed(e)) | Err(e) => Err(e),
                Ok(Event::LoggedIn) => Err(Error::new(ErrorCode::Malformed, "a second login answer")),
            },
        };
        // A command given up on leaves its reply in flight (or the session's state is a
        // panic's): the connection cannot be trusted for the next one.
        let broken = result.is_err();
        let _ = job.reply.send(result.map_err(|e| link.name(e)));
        if broken {
            let _ = link.stream.shutdown().await;
            link.session.handle_close();
            while link.session.poll_event().is_some() {}
        }
    }
}
