//! TLS as a call asks its host for it. The handshake is the host's (rustls in the native
//! engine, Node's `tls` or a Worker's `connect()` in the WASM one): TLS stacks are what a
//! host already keeps patched, and a query never holds key material. The call says
//! whether a connection speaks TLS and how its certificate is checked ([`Tls`], the option
//! `tls` of the protocols that speak HTTP); the host reports a failed handshake as one of
//! a few reasons ([`TlsFailure`]), which the call turns into a `GQ_TLS` error saying what
//! to check, the same in both engines. A responder that speaks HTTPS makes its own
//! self-signed identity here ([`identity`]), for its host to serve with.

pub mod identity;

use std::sync::Arc;

use serde_json::Value;

use crate::error::{quoted, Error, ErrorCode, Result};

/// The PEM text `tls.ca` may hold at most: a few CA certificates are a few KiB.
pub const MAX_CA: usize = 1024 * 1024;

/// How a connection's TLS is checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tls {
    /// The certificates to trust (PEM), instead of the default roots (Mozilla's, as in
    /// Node and in webpki-roots): a self-signed server's own certificate, or a private CA.
    pub ca: Option<Arc<str>>,
    /// No certificate check at all (the handshake's signatures still are): a server whose
    /// self-signed certificate the caller does not have.
    pub insecure: bool,
    /// The name the certificate must hold. Given: the caller's; on an [`crate::call::Io::Open`],
    /// always set (the target's host name, or its address).
    pub server_name: Option<String>,
}

impl Tls {
    /// This configuration for a connection to `host` (a name or an address).
    pub fn to(&self, host: &str) -> Tls {
        let name = self.server_name.as_deref().unwrap_or(host);
        Tls {
            server_name: Some(name.trim_matches(['[', ']']).to_string()),
            ..self.clone()
        }
    }

    /// The name the certificate is checked against.
    pub fn name(&self) -> &str {
        self.server_name.as_deref().unwrap_or("")
    }
}

/// `tls` of a protocol over HTTP(S): its TypeScript shape. Read by [`read`], not through this.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "TlsOptions", rename_all = "camelCase", optional_fields)]
pub struct TlsOptions {
    /// The certificates to trust (PEM text, or a list of them), instead of Mozilla's roots:
    /// a self-signed server's own certificate, or a private CA's.
    #[ts(optional, type = "string | string[]")]
    pub ca: Option<()>,
    /// Accept any certificate (the handshake's signatures are still checked): a server
    /// whose self-signed certificate you do not have. Anyone on the path can read and
    /// change what it says.
    pub insecure: Option<bool>,
    /// The name the certificate must hold, when it is not the target's host (a server
    /// asked by its address).
    pub server_name: Option<String>,
}

/// The option `tls` (`true`, `false`, or `{ ca, insecure, serverName }`); absent: `default`
/// (on for a protocol that speaks only HTTPS).
pub fn read(value: Option<Value>, default: bool) -> Result<Option<Tls>> {
    let map = match value {
        None | Some(Value::Null) => return Ok(default.then(Tls::default)),
        Some(Value::Bool(on)) => return Ok(on.then(Tls::default)),
        Some(Value::Object(map)) => map,
        Some(other) => {
            return Err(Error::invalid(format!(
                "option tls must be true, false or {{ ca, insecure, serverName }}, got {}",
                crate::json::kind(&other)
            )))
        }
    };
    let mut tls = Tls::default();
    for (key, value) in map {
        match (key.as_str(), value) {
            (_, Value::Null) => {}
            ("ca", v) => tls.ca = Some(ca(v)?),
            ("insecure", Value::Bool(b)) => tls.insecure = b,
            ("serverName", Value::String(s)) if valid_name(&s) => tls.server_name = Some(s),
            ("insecure", v) => {
                return Err(Error::invalid(format!(
                    "option tls.insecure must be a boolean, got {}",
                    crate::json::kind(&v)
                )))
            }
            ("serverName", v) => {
                return Err(Error::invalid(format!(
                    "option tls.serverName must be a host name or an IP address, got {}",
                    v.as_str().map_or_else(|| crate::json::kind(&v).to_string(), quoted)
                )))
            }
            (other, _) => {
                return Err(Error::invalid(format!(
                    "unknown option tls.{other}: tls takes ca, insecure and serverName"
                )))
            }
        }
    }
    Ok(Some(tls))
}

/// `tls.ca`: PEM text, or a list of them (Node's `ca` takes both).
fn ca(value: Value) -> Result<Arc<str>> {
    let texts: Vec<String> = match value {
        Value::String(s) => vec![s],
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::String(s) => Ok(s),
                other => Err(Error::invalid(format!(
                    "option tls.ca must be PEM text or a list of PEM texts, got a list holding {}",
                    crate::json::kind(&other)
                ))),
            })
            .collect::<Result<_>>()?,
        other => {
            return Err(Error::invalid(format!(
                "option tls.ca must be PEM text or a list of PEM texts, got {}",
                crate::json::kind(&other)
            )))
        }
    };
    let pem = texts.join("\n");
    if pem.len() > MAX_CA {
        return Err(Error::invalid(format!("option tls.ca is over {} KiB", MAX_CA / 1024)));
    }
    if !pem.contains("-----BEGIN CERTIFICATE-----") {
        return Err(Error::invalid(
            "option tls.ca holds no PEM certificate (-----BEGIN CERTIFICATE----- …): give the text of the file, not its path",
        ));
    }
    Ok(pem.into())
}

/// A DNS name or an IP address, as a certificate may hold it.
fn valid_name(s: &str) -> bool {
    !s.is_empty() && s.len() <= 253 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]_".contains(&b))
}

/// Why a handshake failed, as the host classifies its TLS stack's error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsFailure {
    /// The certificate is not signed by a trusted authority (self-signed, a private CA).
    Untrusted,
    /// The certificate is not for the name checked.
    Name,
    /// The certificate has expired or is not valid yet.
    Expired,
    /// What answered is not TLS (a plain HTTP server) or closed in the handshake.
    NotTls,
    /// Anything else (no common cipher, a protocol version refused …): the message says.
    Other,
}

impl TlsFailure {
    /// The names the hosts give across FFI.
    pub fn parse(s: &str) -> Self {
        match s {
            "untrusted" => Self::Untrusted,
            "name" => Self::Name,
            "expired" => Self::Expired,
            "not-tls" => Self::NotTls,
            _ => Self::Other,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Untrusted => "untrusted",
            Self::Name => "name",
            Self::Expired => "expired",
            Self::NotTls => "not-tls",
            Self::Other => "other",
        }
    }
}

/// The call's error for a failed handshake with `tls`: what failed, what to check, and
/// the host's own words last.
pub fn failed(tls: &Tls, why: TlsFailure, detail: &str) -> Error {
    let name = tls.name();
    let what = match why {
        TlsFailure::Untrusted if tls.ca.is_some() => {
            "the server's certificate is not signed by the certificates in tls.ca".to_string()
        }
        TlsFailure::Untrusted => "the server's certificate is not signed by a trusted authority (self-signed?): give it or its CA as tls.ca, or set tls.insecure to skip the check".to_string(),
        TlsFailure::Name => format!(
            "the server's certificate is not for {name}: set tls.serverName to a name it holds"
        ),
        TlsFailure::Expired => "the server's certificate has expired or is not valid yet".to_string(),
        TlsFailure::NotTls => {
            "the server did not answer in TLS: is this its HTTPS port? (tls: false speaks plain HTTP)".to_string()
        }
        TlsFailure::Other => "the TLS handshake failed".to_string(),
    };
    let detail = detail.trim();
    let message = if detail.is_empty() {
        what
    } else {
        format!("{what} ({detail})")
    };
    Error::new(ErrorCode::Tls, message)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const PEM: &str = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

    #[test]
    fn the_option_reads_as_node_takes_it() {
        assert_eq!(read(None, false).unwrap(), None);
        assert_eq!(read(None, true).unwrap(), Some(Tls::default()));
        assert_eq!(read(Some(json!(true)), false).unwrap(), Some(Tls::default()));
        assert_eq!(read(Some(json!(false)), true).unwrap(), None);
        let t = read(
            Some(json!({ "ca": [PEM, PEM], "insecure": true, "serverName": "a.example" })),
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!(t.ca.as_deref(), Some(format!("{PEM}\n{PEM}").as_str()));
        assert!(t.insecure);
        assert_eq!(t.to("10.0.0.1").name(), "a.example");
        assert_eq!(Tls::default().to("[::1]").name(), "::1");
    }

    #[test]
    fn a_wrong_option_names_what_it_takes() {
        let message = |v: Value| read(Some(v), false).unwrap_err().message;
        assert_eq!(
            message(json!(1)),
            "option tls must be true, false or { ca, insecure, serverName }, got a number"
        );
        assert!(message(json!({ "ca": "/etc/ssl/ca.pem" })).contains("not its path"));
        assert!(message(json!({ "ca": [1] })).contains("a list holding a number"));
        assert_eq!(
            message(json!({ "rejectUnauthorized": false })),
            "unknown option tls.rejectUnauthorized: tls takes ca, insecure and serverName"
        );
        assert!(message(json!({ "serverName": "a b" })).contains("\"a b\""));
        assert!(message(json!({ "insecure": "yes" })).contains("must be a boolean"));
        let big = "x".repeat(MAX_CA) + PEM;
        assert!(message(json!({ "ca": big })).contains("over 1024 KiB"));
    }

    #[test]
    fn each_failure_says_what_to_check() {
        let tls = Tls::default().to("example.org");
        let e = failed(&tls, TlsFailure::Untrusted, "invalid peer certificate: UnknownIssuer");
        assert_eq!(e.code, ErrorCode::Tls);
        assert!(e.message.contains("tls.ca, or set tls.insecure"), "{}", e.message);
        assert!(e.message.ends_with("(invalid peer certificate: UnknownIssuer)"));
        let e = failed(&tls, TlsFailure::Name, "");
        assert_eq!(
            e.message,
            "the server's certificate is not for example.org: set tls.serverName to a name it holds"
        );
        assert!(failed(&tls, TlsFailure::NotTls, "x").message.contains("HTTPS port"));
        for why in ["untrusted", "name", "expired", "not-tls", "other"] {
            assert_eq!(TlsFailure::parse(why).as_str(), why);
        }
    }
}
