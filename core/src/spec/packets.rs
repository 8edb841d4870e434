//! A protocol's packets as values: [`Codec`] names its request and reply types and their
//! encoders and decoders; [`Packets::of`] turns it into the table of plain functions the
//! registry holds, and [`Decoders`] one table per output form ([`super::sink`]), each a
//! direct monomorphic call — the same code the hand-written dispatch compiled to.

use serde::Serialize;

use super::sink::Sink;
use crate::error::Result;
use crate::input::{self, Input};

/// Options a reply decoder takes (`decodeResponse(name, bytes, options)`).
pub trait DecodeOptions: Sized {
    /// `None` (no options, the usual call) is the default, without a parse.
    fn parse(text: Option<&str>) -> Result<Self>;
}

/// A decoder that takes no options ignores what it is given.
impl DecodeOptions for () {
    fn parse(_: Option<&str>) -> Result<()> {
        Ok(())
    }
}

impl<T: Input + Default> DecodeOptions for T {
    fn parse(text: Option<&str>) -> Result<T> {
        match text {
            None | Some("null") | Some("undefined") | Some("") | Some("{}") => Ok(T::default()),
            Some(o) => input::from_json("decode options", o),
        }
    }
}

pub trait Codec {
    type Request: Serialize + Input;
    type Response: Serialize + Input;
    type DecodeOptions: DecodeOptions;
    /// What messages call a request and a reply: `A2S request`, `A2S response`.
    const REQUEST: &'static str;
    const RESPONSE: &'static str;
    fn encode_request(request: &Self::Request) -> Result<Vec<u8>>;
    fn decode_request(bytes: &[u8]) -> Result<Self::Request>;
    fn encode_response(response: &Self::Response) -> Result<Vec<u8>>;
    fn decode_response(bytes: &[u8], options: &Self::DecodeOptions) -> Result<Self::Response>;
}

/// `plain_codec!(Type, Request "request's name", Response "reply's name")`: a [`Codec`]
/// whose packets encode with `encode(&self)` and decode with `decode(bytes)`, and whose
/// replies take no decode options.
macro_rules! plain_codec {
    ($codec:ty, $request:ty, $request_name:literal, $response:ty, $response_name:literal) => {
        impl $crate::spec::Codec for $codec {
            type Request = $request;
            type Response = $response;
            type DecodeOptions = ();
            const REQUEST: &'static str = $request_name;
            const RESPONSE: &'static str = $response_name;
            fn encode_request(request: &$request) -> $crate::Result<Vec<u8>> {
                request.encode()
            }
            fn decode_request(bytes: &[u8]) -> $crate::Result<$request> {
                <$request>::decode(bytes)
            }
            fn encode_response(response: &$response) -> $crate::Result<Vec<u8>> {
                response.encode()
            }
            fn decode_response(bytes: &[u8], _: &()) -> $crate::Result<$response> {
                <$response>::decode(bytes)
            }
        }
    };
}
pub(crate) use plain_codec;

/// [`plain_codec!`] for a protocol whose only decode option is the code page of its text
/// (`{ encoding }`): its response's `decode(bytes, encoding)`.
macro_rules! encoding_codec {
    ($codec:ty, $request:ty, $request_name:literal, $response:ty, $response_name:literal) => {
        impl $crate::spec::Codec for $codec {
            type Request = $request;
            type Response = $response;
            type DecodeOptions = $crate::text::EncodingOptions;
            const REQUEST: &'static str = $request_name;
            const RESPONSE: &'static str = $response_name;
            fn encode_request(request: &$request) -> $crate::Result<Vec<u8>> {
                request.encode()
            }
            fn decode_request(bytes: &[u8]) -> $crate::Result<$request> {
                <$request>::decode(bytes)
            }
            fn encode_response(response: &$response) -> $crate::Result<Vec<u8>> {
                response.encode()
            }
            fn decode_response(bytes: &[u8], options: &$crate::text::EncodingOptions) -> $crate::Result<$response> {
                <$response>::decode(bytes, options.encoding.as_deref())
            }
        }
    };
}
pub(crate) use encoding_codec;

/// Whole packets out of pieces: a TCP stream's frames, or a reply's split datagrams.
pub trait Frames: Send {
    fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>>;
}

impl Frames for crate::wire::FrameDecoder {
    fn push(&mut self, chunk: &[u8]) -> Result<Vec<Vec<u8>>> {
        crate::wire::FrameDecoder::push(self, chunk)
    }
}

impl std::fmt::Debug for dyn Frames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Frames")
    }
}

/// `new FrameDecoder(name, { maxFrame, goldSrc })`.
pub type FramesFn = fn(max_frame: Option<u32>, gold_src: bool) -> Box<dyn Frames>;

/// A protocol's encoders and frame joiner as plain functions.
#[derive(Debug, Clone, Copy)]
pub struct Packets {
    pub encode_request: fn(&str) -> Result<Vec<u8>>,
    pub encode_response: fn(&str) -> Result<Vec<u8>>,
    /// Stream and split-reply protocols: their frame joiner.
    pub frames: Option<FramesFn>,
}

impl Packets {
    pub const fn of<C: Codec>() -> Self {
        Self {
            encode_request: encode_request::<C>,
            encode_response: encode_response::<C>,
            frames: None,
        }
    }

    pub const fn with_frames(self, frames: FramesFn) -> Self {
        Self {
            frames: Some(frames),
            ..self
        }
    }
}

/// A protocol's decoders into one form (`O`: what the sink makes).
#[derive(Debug)]
pub struct Decoders<O> {
    pub request: fn(&[u8]) -> Result<O>,
    /// Options as JSON text.
    pub response: fn(&[u8], Option<&str>) -> Result<O>,
}

impl<O> Decoders<O> {
    pub const fn of<C: Codec, S: Sink<Out = O> + Default>() -> Self {
        Self {
            request: decode_request::<C, S>,
            response: decode_response::<C, S>,
        }
    }
}

/// The codec of a protocol without packets of its own: its `PACKETS` is `None`, so the
/// registry answers for it before any of these is reached.
pub enum NoCodec {}

/// No value: what [`NoCodec`] encodes and decodes.
#[derive(Serialize)]
pub enum Never {}

impl Input for Never {
    fn read(_: crate::json::Json, _: input::At<'_>) -> Result<Self> {
        Err(no_packets())
    }
}

fn no_packets() -> crate::error::Error {
    crate::error::Error::invalid("this protocol has no packets")
}

impl Codec for NoCodec {
    type Request = Never;
    type Response = Never;
    type DecodeOptions = ();
    const REQUEST: &'static str = "request";
    const RESPONSE: &'static str = "response";
    fn encode_request(never: &Never) -> Result<Vec<u8>> {
        match *never {}
    }
    fn decode_request(_: &[u8]) -> Result<Never> {
        Err(no_packets())
    }
    fn encode_response(never: &Never) -> Result<Vec<u8>> {
        match *never {}
    }
    fn decode_response(_: &[u8], _: &()) -> Result<Never> {
        Err(no_packets())
    }
}

fn encode_request<C: Codec>(text: &str) -> Result<Vec<u8>> {
    C::encode_request(&input::from_json::<C::Request>(C::REQUEST, text)?)
}

fn encode_response<C: Codec>(text: &str) -> Result<Vec<u8>> {
    C::encode_response(&input::from_json::<C::Response>(C::RESPONSE, text)?)
}

fn decode_request<C: Codec, S: Sink + Default>(bytes: &[u8]) -> Result<S::Out> {
    Ok(S::default().emit(&C::decode_request(bytes)?, bytes.len()))
}

fn decode_response<C: Codec, S: Sink + Default>(bytes: &[u8], options: Option<&str>) -> Result<S::Out> {
    let options = C::DecodeOptions::parse(options)?;
    Ok(S::default().emit(&C::decode_response(bytes, &options)?, bytes.len()))
}
