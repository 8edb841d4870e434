//! A vendor's API that answers about game servers (Factorio's matchmaking server, about one;
//! BeamMP's list, about all of them, the one asked for found in it by address): the query
//! connects there, not to the target ([`QueryPlan::elsewhere`]),
//! over HTTPS unless the caller's `api` URL says `http` (a mirror, a local responder). Each
//! protocol says where its API is, what it asks for the server and how the reply reads
//! ([`Vendor`]); the plan ([`VendorPlan`]) and the responder's side ([`VendorServer`]) are
//! written once.

use std::net::IpAddr;

use serde_json::Value;

use super::api::Api;
use super::lists::Listing;
use super::part::get;
use super::serve::{reply, Head};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Millis;
use crate::options::Common;
use crate::spec::query::{About, Elsewhere};
use crate::spec::{Listed, QueryPlan, Running, Start};
use crate::status::Status;
use crate::tls::Tls;

/// The option `api`: `http[s]://host[:port][/base path]`. Parsed here rather than by the
/// `url` crate: an API's address is a plain ASCII URL, and `url`'s IDNA tables would be in
/// the WASM engine's download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiUrl {
    pub secure: bool,
    pub host: String,
    pub port: u16,
    /// The path the API's own paths follow, without a trailing `/` (empty for the root).
    pub base: String,
}

impl ApiUrl {
    pub fn parse(url: &str) -> Result<Self> {
        let bad = |why: &str| {
            Error::invalid(format!(
                "option api must be an http(s) URL ({why}), got {}",
                crate::error::quoted(url)
            ))
        };
        if url.bytes().any(|b| b <= b' ' || b == 0x7f) {
            return Err(bad("no spaces or control characters"));
        }
        let (scheme, rest) = url.split_once("://").ok_or_else(|| bad("http:// or https://"))?;
        let secure = match scheme.to_ascii_lowercase().as_str() {
            "https" => true,
            "http" => false,
            _ => return Err(bad("http:// or https://")),
        };
        if rest.contains(['?', '#']) {
            return Err(bad("no query string or fragment"));
        }
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        if authority.contains('@') {
            return Err(bad("no user name"));
        }
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => {
                let port = port
                    .parse::<u16>()
                    .ok()
                    .filter(|p| *p > 0)
                    .ok_or_else(|| bad("a port from 1 to 65535"))?;
                (host, port)
            }
            _ => (authority, if secure { 443 } else { 80 }),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() {
            return Err(bad("a host"));
        }
        Ok(Self {
            secure,
            host: host.to_string(),
            port,
            base: path.trim_end_matches('/').to_string(),
        })
    }

    /// The URL of `path` (after the base) on this API.
    pub fn url(&self, path: &str) -> String {
        let scheme = if self.secure { "https" } else { "http" };
        let host = match self.host.contains(':') {
            true => format!("[{}]", self.host),
            false => self.host.clone(),
        };
        format!("{scheme}://{host}:{}{}{path}", self.port, self.base)
    }

    /// The option `api` as given, or `default`.
    pub fn given(given: Option<&str>, default: &str) -> Result<Self> {
        Self::parse(given.unwrap_or(default))
    }
}

/// A vendor's API, as a protocol asks it.
pub trait Vendor: Clone + Send + 'static {
    /// The reply's body read at most.
    const MAX_BODY: usize;
    /// The API knows game servers by address: the target is looked up first.
    const BY_ADDRESS: bool;
    /// A responder's state in messages (`Factorio state`).
    const STATE: &'static str;
    /// What the API's replies are (the responder's `Content-Type`).
    const CONTENT_TYPE: &'static str = "application/json; charset=utf-8";
    type Raw: serde::Serialize + Send + 'static;
    /// The path asked (after the API's base) for the server `about`.
    fn path(&self, about: &About<'_>) -> Result<String>;
    /// The reply read into the status of the server `asked` about (a list's: its entry).
    fn status(&self, body: &[u8], latency_ms: f64, asked: &Asked) -> Result<Status<Self::Raw>>;
    /// A reply other than 2xx as the error it is (`e`, the HTTP refusal), with what to
    /// check: the API's own message, why it may not list the server.
    fn refused(&self, e: Error, _status: u16, _body: &[u8]) -> Error {
        e
    }
    /// A responder's reply to `path` from its state: the status and body, `None` for 404.
    fn answer(state: &Value, path: &str) -> Option<(u16, Vec<u8>)>;
}

/// The server a query asks about, as its reply is read: the target's address (none where
/// the host resolves names itself), its host as given, and its port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    pub ip: Option<IpAddr>,
    pub host: String,
    pub port: u16,
}

impl Asked {
    /// Whether `listed` (an address as a list writes it) is this server's: its IP, or the
    /// host name it was asked by (a list that keeps the name a server announced).
    pub fn is(&self, listed: &str) -> bool {
        let listed = listed.trim().trim_start_matches('[').trim_end_matches(']');
        match (self.ip, listed.parse::<IpAddr>()) {
            (Some(ip), Ok(other)) => ip == other || ip.to_canonical() == other.to_canonical(),
            _ => listed.eq_ignore_ascii_case(&self.host),
        }
    }
}

impl Asked {
    /// The server a call that connects elsewhere asks about ([`Start::about`]); the one it
    /// connected to where there is none.
    pub fn of(at: &Start<'_>) -> Self {
        let about = at.about.unwrap_or(About {
            addr: at.peer,
            host: at.host,
            port: at.port,
        });
        Self::from(&about)
    }
}

impl From<&About<'_>> for Asked {
    fn from(about: &About<'_>) -> Self {
        Self {
            ip: about.addr.map(|a| a.ip()),
            host: about.host.to_string(),
            port: about.port,
        }
    }
}

impl Asked {
    /// Whether `listed`, a `host:port` as a list writes it, is this server's host (or IP) and
    /// port.
    pub fn at(&self, listed: &str) -> bool {
        crate::target::Target::parse(listed).is_ok_and(|t| t.port == Some(self.port) && self.is(&t.host))
    }
}

#[cfg(test)]
impl Asked {
    /// A server asked about by a name that is not looked up.
    pub fn named(host: &str, port: u16) -> Self {
        Self {
            ip: None,
            host: host.into(),
            port,
        }
    }
}

/// An option that names a server in a URL's path (`serverId`): letters, digits, `-`, `_` and
/// `.` only, as the vendors' ids are, so that it stays one segment of the path.
pub fn segment(name: &str, given: Option<&str>) -> Result<Option<String>> {
    match given {
        None | Some("") => Ok(None),
        Some(id)
            if id.len() <= 128
                && !id.starts_with('.')
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)) =>
        {
            Ok(Some(id.to_string()))
        }
        Some(id) => Err(Error::invalid(format!(
            "option {name} must be a server's id (letters, digits, '-', '_', '.'), got {}",
            crate::error::quoted(id)
        ))),
    }
}

/// A list's entries: the JSON array that is the body, or its `member` (`{ "list": [...] }`).
/// `what` names the list in messages (`BeamMP's list`).
pub fn entries(body: &[u8], path: &str, member: Option<&str>, what: &str) -> Result<Vec<Value>> {
    let value = serde_json::from_slice::<Value>(body).map_err(|e| {
        Error::new(ErrorCode::BadJson, format!("GET {path} is not JSON: {e}")).with_text(super::excerpt(body))
    })?;
    let list = match (member, value) {
        (None, Value::Array(list)) => return Ok(list),
        (Some(key), Value::Object(mut o)) => o.remove(key),
        _ => None,
    };
    match list {
        Some(Value::Array(list)) => Ok(list),
        _ => Err(Error::new(
            ErrorCode::WrongProtocol,
            format!("GET {path} answered JSON that is not {what}"),
        )),
    }
}

/// A list's entry: an object as the list writes it.
pub type Entry = serde_json::Map<String, Value>;
/// How a list's entry for the server asked about is found among its entries.
pub type FindEntry = fn(Vec<Value>, &Asked) -> Option<Entry>;

/// The status of the server `asked` about from a list's `body` (the array that is the body,
/// or its `member`): its entry found by `entry`, read by `status`; none is `GQ_NOT_LISTED`.
/// `what` names the list in messages.
pub fn listed<R>(
    body: &[u8],
    (path, member, what): (&str, Option<&str>, &str),
    asked: &Asked,
    entry: FindEntry,
    status: impl FnOnce(Entry) -> Status<R>,
) -> Result<Status<R>> {
    let list = entries(body, path, member, what)?;
    let size = list.len();
    match entry(list, asked) {
        Some(found) => Ok(status(found)),
        None => Err(not_listed(what, size, asked)),
    }
}

/// The list (`what`, of `size` servers) holds no server at the address and port `asked`.
pub fn not_listed(what: &str, size: usize, asked: &Asked) -> Error {
    let at = asked.ip.map_or_else(|| asked.host.clone(), |ip| ip.to_string());
    Error::new(
        ErrorCode::NotListed,
        format!(
            "{what} ({size} servers) has none at {at} port {}: the server is down, private, or listed under another address",
            asked.port
        ),
    )
}

/// A responder's state as a list: its entries, or its one entry (a saved query's `raw`).
pub fn as_list(state: &Value) -> Vec<Value> {
    match state {
        Value::Array(list) => list.clone(),
        one => vec![one.clone()],
    }
}

/// gamedig's options → ours for a vendor's protocol: our `api`, `tls` and `maxAge` pass
/// through (a mirror, a test's responder, a central list's copies); gamedig has none of its
/// own for these.
pub fn gamedig_options(gamedig: &Value, ours: &mut serde_json::Map<String, Value>) {
    for key in ["api", "tls", "maxAge"] {
        if let Some(v) = gamedig.get(key) {
            ours.insert(key.into(), v.clone());
        }
    }
}

/// [`gamedig_options`], and gamedig's own options for the protocol named `keys` as they are
/// (`serverId`, `guildId` …).
pub fn gamedig_options_and(gamedig: &Value, ours: &mut serde_json::Map<String, Value>, keys: &[&str]) {
    gamedig_options(gamedig, ours);
    for key in keys {
        if let Some(v) = gamedig.get(*key) {
            ours.insert((*key).into(), v.clone());
        }
    }
}

/// A protocol answered by a vendor's API: its options (`api`, `tls`, the common ones and
/// any of its own, declared as `options::declare!` declares them), its default API and its
/// `plan`, declared once. `vendor_query!("beammp", BeamMpPlan("BeamMP query"), ts
/// BeamMpQueryOptions, "https://backend.beammp.com", list, |_| Listed)` in the protocol's
/// `query.rs`; the last argument makes the [`Vendor`] from the options read. `list`: the API
/// is a central list, held between queries ([`super::lists`]; the option `maxAge`).
macro_rules! vendor_query {
    ($id:literal, $plan:ident($what:literal), ts $ts:ident, $api:literal, list, $vendor:expr $(, own { $($own:tt)* })?) => {
        $crate::http::vendor::vendor_query!(@impl $id, $plan($what), ts $ts, $api, $vendor, |o: &$plan| o.max_age, own {
            /// How old (ms) a copy of the list fetched by an earlier query may be to answer this
            /// one, without a fetch (default 30000; 0: always fetch). Queries that find the list
            /// being fetched wait for that fetch: a `queryMany` over one list fetches it once.
            max_age: $crate::exchange::Millis = "maxAge" by number(0.0, $crate::http::lists::MAX_AGE_LIMIT, $crate::http::lists::MAX_AGE), ts "number", flag("max-age", Number, "MS");
            $($($own)*)?
        });
    };
    ($id:literal, $plan:ident($what:literal), ts $ts:ident, $api:literal, $vendor:expr $(, own { $($own:tt)* })?) => {
        $crate::http::vendor::vendor_query!(@impl $id, $plan($what), ts $ts, $api, $vendor, |_: &$plan| 0.0, own { $($($own)*)? });
    };
    (@impl $id:literal, $plan:ident($what:literal), ts $ts:ident, $api:literal, $vendor:expr, $max_age:expr, own { $($own:tt)* }) => {
        $crate::options::declare! {
            #[doc = concat!("`query('", $id, "', target, options)`: `target` is the game server's address.")]
            pub struct $plan($what), ts $ts, cli "";
            #[doc = concat!("The API's URL (default `", $api, "`): a mirror, or a local responder (`serve('", $id, "')`) in tests.")]
            api: $crate::http::vendor::ApiUrl = "api" by text(api), ts "string", flag("api", Text, "URL");
            /// How the API's certificate is checked (`{ ca, insecure, serverName }`), where its
            /// URL is `https` (default: Mozilla's roots and `NODE_EXTRA_CA_CERTS`').
            tls: Option<$crate::tls::Tls> = "tls" by tls(false), ts "TlsOptions", flag("tls", Tls, "");
            $($own)*
        }

        /// The vendor's API.
        pub const API: &str = $api;

        fn api(given: Option<&str>) -> $crate::error::Result<$crate::http::vendor::ApiUrl> {
            $crate::http::vendor::ApiUrl::given(given, API)
        }

        pub fn plan(
            options: serde_json::Value,
            _target: &$crate::target::Target,
        ) -> $crate::error::Result<Box<dyn $crate::spec::QueryPlan>> {
            let o = $plan::read(options)?;
            let vendor = ($vendor)(&o);
            let max_age = ($max_age)(&o);
            $crate::http::vendor::VendorPlan::boxed(o.common, o.api, o.tls, vendor, max_age)
        }
    };
}
pub(crate) use vendor_query;

/// A vendor protocol's side for the machinery (`spec::Protocol`) and its `serve` (the API from a
/// state), declared once: `vendor_protocol!(BeamMp, "beammp", "BeamMP query", "BeamMP (its
/// server list)", BeamMpPlan, raw "BeamMpQueryResult", state "…", Listed, [BeamMpReply,
/// BeamMpQueryOptions])` in the protocol's `spec.rs`, beside its `DEFAULT_PORT`, `query.rs`
/// ([`vendor_query!`]), `unified.rs`, `gamedig.rs` and `sample.json`.
macro_rules! vendor_protocol {
    // A query in parts (several requests: EOS's, BROKE PROTOCOL's fallback), and a responder
    // of its own (`$server`, an `http::api::Api`).
    ($protocol:ident, $id:literal, $title:literal, $label:literal, $plan:ident, raw $raw:literal, state $state:literal, parts, serve $server:ty, [$($decl:ty),* $(,)?] $(, sample_target $target:literal)? $(, sample_options $options:literal)?) => {
        $crate::http::vendor::vendor_protocol!(@impl Parts, $server, $protocol, $id, $title, $label, $plan, $raw, $state, [$($decl),*] $(, sample_target $target)? $(, sample_options $options)?);
    };
    ($protocol:ident, $id:literal, $title:literal, $label:literal, $plan:ident, raw $raw:literal, state $state:literal, $vendor:ty, [$($decl:ty),* $(,)?] $(, sample_target $target:literal)? $(, sample_options $options:literal)?) => {
        $crate::http::vendor::vendor_protocol!(@impl Plan, $crate::http::vendor::VendorServer<$vendor>, $protocol, $id, $title, $label, $plan, $raw, $state, [$($decl),*] $(, sample_target $target)? $(, sample_options $options)?);
    };
    (@impl $query:ident, $server:ty, $protocol:ident, $id:literal, $title:literal, $label:literal, $plan:ident, $raw:literal, $state:literal, [$($decl:ty),*] $(, sample_target $target:literal)? $(, sample_options $options:literal)?) => {
        pub struct $protocol;

        impl $crate::spec::Protocol for $protocol {
            type Codec = $crate::spec::packets::NoCodec;
            const SPEC: $crate::spec::Spec = $crate::spec::Spec::http($id, $title, $label, super::DEFAULT_PORT);
            const TYPES: $crate::spec::Types = $crate::spec::Types::packetless($raw, super::query::$plan::TS, $state);
            const CLI: $crate::spec::Cli = super::query::$plan::CLI;
            const QUERY: Option<$crate::spec::Query> = Some($crate::spec::Query::$query(super::query::plan));
            const DESCRIBE: Option<$crate::spec::DescribeFn> = Some(super::gamedig::describe);
            const GAMEDIG: Option<$crate::spec::gamedig::Gamedig> = Some(super::gamedig::GAMEDIG);
            const SERVE: Option<$crate::spec::ServeFn> = Some(serve);
            const SERVED_AT: Option<&'static str> = Some("api");
            const SAMPLE: Option<&'static str> = Some(include_str!("sample.json"));
            $(const SAMPLE_TARGET: Option<&'static str> = Some($target);)?
            $(const SAMPLE_OPTIONS: Option<&'static str> = Some($options);)?

            #[cfg(feature = "ts")]
            fn declarations(cfg: &ts_rs::Config) -> Vec<String> {
                $crate::spec::decls![cfg; $($decl),*]
            }
        }

        #[doc = concat!("`serve('", $id, "', state, options)`: the vendor's API over HTTP, from the state (its reply as the vendor writes it).")]
        fn serve(
            args: $crate::spec::ServeArgs<'_>,
        ) -> $crate::error::Result<(Box<dyn $crate::spec::Responder>, $crate::spec::Listen)> {
            $crate::http::api::serve::<$server>(args, 8080)
        }
    };
}
pub(crate) use vendor_protocol;

/// The TLS of a connection to `api`, given the option `tls`: an `https` API's (by default,
/// the usual roots); none for `http`, where the option is a mistake.
pub fn api_tls(api: &ApiUrl, tls: Option<Tls>) -> Result<Option<Tls>> {
    match (api.secure, tls) {
        (true, tls) => Ok(Some(tls.unwrap_or_default())),
        (false, None) => Ok(None),
        (false, Some(_)) => Err(Error::invalid(
            "option tls is for an https api: the api's scheme says whether it speaks TLS",
        )),
    }
}

/// `GET` the vendor's API about the target.
pub struct VendorPlan<V> {
    common: Common,
    api: ApiUrl,
    tls: Option<Tls>,
    vendor: V,
    /// A central list's copies answer up to this old (0: not a list, or none wanted).
    max_age: Millis,
    /// The list read, once the target is known ([`QueryPlan::listed`]).
    listing: Option<Listing>,
}

impl<V: Vendor> VendorPlan<V> {
    /// The plan for `vendor` at `api`, its certificate checked as `tls` says (an `https` API
    /// only: the scheme says whether there is TLS); a central list's copies taken up to
    /// `max_age` old.
    pub fn boxed(
        common: Common,
        api: ApiUrl,
        tls: Option<Tls>,
        vendor: V,
        max_age: Millis,
    ) -> Result<Box<dyn QueryPlan>> {
        let tls = api_tls(&api, tls)?;
        Ok(Box::new(Self {
            common,
            api,
            tls,
            vendor,
            max_age,
            listing: None,
        }))
    }
}

impl<V: Vendor> QueryPlan for VendorPlan<V> {
    super::over_tcp!();

    fn elsewhere(&self) -> Option<Elsewhere> {
        Some(Elsewhere {
            host: self.api.host.clone(),
            port: self.api.port,
            by_address: V::BY_ADDRESS,
        })
    }

    fn listed(&mut self, at: Start<'_>) -> Option<Listed> {
        let about = at.about?;
        let path = self.vendor.path(&about).ok()?;
        let mut listing = Listing::at(&self.api.url(&path), self.tls.as_ref(), self.max_age)?;
        let asked = Asked::from(&about);
        let vendor = &self.vendor;
        let answer = listing.look(&at, |body, latency_ms| {
            at.answer(vendor.status(body, latency_ms, &asked))
        });
        self.listing = Some(listing);
        answer
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        let about = at.about.unwrap_or(About {
            addr: at.peer,
            host: at.host,
            port: at.port,
        });
        let path = format!("{}{}", self.api.base, self.vendor.path(&about)?);
        let asked = Asked::from(&about);
        let exchange = get(&at, &path, &[], V::MAX_BODY).reading_refusals();
        let vendor = self.vendor.clone();
        // Dropped with the exchange: a fetch that ends without a list lets those waiting go.
        let keep = self.listing.as_mut().map(Listing::keeper);
        Ok(at.report(exchange, move |reply| match reply.refused {
            Some(e) => Err(vendor.refused(e, reply.status, &reply.body)),
            None => {
                if let Some(keep) = keep {
                    keep.keep(&reply.body, reply.latency_ms);
                }
                vendor.status(&reply.body, reply.latency_ms, &asked)
            }
        }))
    }
}

/// A responder's state: JSON as the vendor writes it (an object, a list's entries).
#[derive(Debug, Clone, PartialEq)]
pub struct VendorState(pub Value);

impl crate::input::Input for VendorState {
    fn read(value: crate::json::Json, at: crate::input::At<'_>) -> Result<Self> {
        match serde_json::to_value(&value) {
            Ok(v @ (Value::Object(_) | Value::Array(_))) => Ok(Self(v)),
            _ => Err(at.expected("an object or a list (as the vendor's API writes it)", &value)),
        }
    }
}

/// The vendor's API from a state (its reply, as the vendor writes it), one request per
/// connection.
#[derive(Debug)]
pub struct VendorServer<V> {
    state: Value,
    vendor: std::marker::PhantomData<fn() -> V>,
}

impl<V: Vendor> Api for VendorServer<V> {
    const STATE: &'static str = V::STATE;
    type State = VendorState;

    fn new(state: VendorState) -> Self {
        Self {
            state: state.0,
            vendor: std::marker::PhantomData,
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        match V::answer(&self.state, &head.path) {
            Some((status, body)) => reply(status, V::CONTENT_TYPE, &body),
            None => reply(404, "text/plain; charset=utf-8", b"Not Found"),
        }
    }
}

/// The target's address as the API knows it: `ip:port` (`[ip]:port` for IPv6), or the host
/// as given where it was not looked up (the host resolves names itself).
pub fn address_of(about: &About<'_>) -> String {
    match about.addr {
        Some(a) => std::net::SocketAddr::new(a.ip(), about.port).to_string(),
        None => format!("{}:{}", about.host, about.port),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_urls() {
        let u = ApiUrl::parse("https://multiplayer.factorio.com").unwrap();
        assert_eq!(
            (u.secure, u.host.as_str(), u.port, u.base.as_str()),
            (true, "multiplayer.factorio.com", 443, "")
        );
        let u = ApiUrl::parse("HTTP://127.0.0.1:8080/mirror/").unwrap();
        assert_eq!(
            (u.secure, u.host.as_str(), u.port, u.base.as_str()),
            (false, "127.0.0.1", 8080, "/mirror")
        );
        let u = ApiUrl::parse("http://[::1]:9/").unwrap();
        assert_eq!((u.host.as_str(), u.port), ("::1", 9));
        assert_eq!(ApiUrl::parse("http://[::1]").unwrap().port, 80);
        for bad in [
            "ftp://x",
            "x.org",
            "https://",
            "https://a@b",
            "https://x:0",
            "https://x:99999",
            "https://x/?a=1",
            "https://x y",
        ] {
            assert!(ApiUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn addresses_as_apis_know_them() {
        let v6: std::net::SocketAddr = "[::1]:1".parse().unwrap();
        let about = |addr| About {
            addr,
            host: "h.example",
            port: 34197,
        };
        assert_eq!(address_of(&about(Some(v6))), "[::1]:34197");
        assert_eq!(address_of(&about(None)), "h.example:34197");
    }
}
