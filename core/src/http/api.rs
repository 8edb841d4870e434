//! A responder that answers one HTTP request per connection from a state (the REST APIs of
//! Palworld and TShock …): what `serve(name, state, options)` runs for such a protocol,
//! written once. The protocol says how a state becomes its replies ([`Api::new`], once per
//! state) and what a request head is answered with ([`Api::answer`]).

use super::serve::{closing, request_of, request_with_body, Head};
use crate::error::Result;
use crate::input::{self, Input};
use crate::options::{HttpsServeOptions, TcpServeOptions};
use crate::spec::serve::{Stream, StreamOutput};
use crate::spec::{self, Listen, ServeArgs};
use crate::tls::identity::Identity;

pub trait Api: Send + Sized + 'static {
    /// The state's name in messages (`Palworld state`).
    const STATE: &'static str;
    type State: Input;
    fn new(state: Self::State) -> Self;
    /// The whole reply to a request (the connection is closed after it).
    fn answer(&self, head: &Head) -> Vec<u8>;
    /// A request's body read at most, for an API whose replies depend on it (Hawakening's
    /// login): none by default, the head answered alone.
    const BODY: usize = 0;
    /// The reply to a request and its body, where [`Api::BODY`] is not 0.
    fn answer_with(&self, head: &Head, _body: &[u8]) -> Vec<u8> {
        self.answer(head)
    }
}

/// `serve(…)` of an [`Api`]: its state read, TCP at `options`' address (`default_port`).
pub fn serve<A: Api>(args: ServeArgs<'_>, default_port: u16) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: A::State = input::from_json(A::STATE, args.state)?;
    let o: TcpServeOptions = input::from_options("serve options", args.options)?;
    let listen = Listen::tcp(&o, default_port)?;
    Ok((Box::new(Served(A::new(state), None)), listen))
}

/// [`serve`] over TLS (unless `options.tls` is false), with a self-signed certificate.
pub fn serve_tls<A: Api>(args: ServeArgs<'_>, default_port: u16) -> Result<(Box<dyn spec::Responder>, Listen)> {
    let state: A::State = input::from_json(A::STATE, args.state)?;
    let o: HttpsServeOptions = input::from_options("serve options", args.options)?;
    let identity = Identity::serving(o.tls.as_ref(), o.tcp.host.as_deref(), &args.secret)?;
    let listen = Listen::tcp(&o.tcp, default_port)?;
    Ok((Box::new(Served(A::new(state), identity)), listen))
}

/// An [`Api`] as a responder, over TLS with `identity`: for a protocol whose serve options
/// are its own (TeamSpeak's WebQuery is one of two consoles).
pub fn served<A: Api>(api: A, identity: Option<Identity>) -> Box<dyn spec::Responder> {
    Box::new(Served(api, identity))
}

struct Served<A>(A, Option<Identity>);

impl<A: Api> spec::Responder for Served<A> {
    fn update(&mut self, state: &str) -> Result<()> {
        self.0 = A::new(input::from_json(A::STATE, state)?);
        Ok(())
    }

    fn identity(&self) -> Option<&Identity> {
        self.1.as_ref()
    }

    fn open_stream(&self) -> Option<Stream> {
        Some(Box::<Vec<u8>>::default())
    }

    fn handle_stream(&self, stream: &mut Stream, chunk: &[u8]) -> StreamOutput {
        if A::BODY > 0 {
            return match request_with_body(stream, chunk, A::BODY) {
                Ok((head, body)) => closing(self.0.answer_with(&head, &body)),
                Err(now) => now,
            };
        }
        match request_of(stream, chunk) {
            Ok(head) => closing(self.0.answer(&head)),
            Err(now) => now,
        }
    }
}
