//! A responder's TLS identity: the caller's certificate and key (`serve(…, { tls: { cert,
//! key } })`), or a self-signed certificate and its key, made at `serve()` as a Satisfactory
//! server makes its own when it has none. Made in the core, so both engines'
//! responders present the same kind: rcgen writes the certificate, a P-256 key signs it
//! (RustCrypto's pure-Rust p256: it builds for wasm, where ring would need clang). The key
//! comes from 32 bytes of the host's randomness; the serial from the public key's hash.
//! Feature `identity` (the engines'): the browser's codec, which serves nothing, is built
//! without it.

#[cfg(feature = "identity")]
use p256::ecdsa::signature::Signer;
#[cfg(feature = "identity")]
use p256::pkcs8::{EncodePrivateKey, LineEnding};
#[cfg(feature = "identity")]
use sha2::Digest;

use crate::error::{Error, ErrorCode, Result};
use crate::input::{At, Input, Obj};
use crate::json::Json;

/// What a responder's TLS host needs: the certificate (its chain after it) and the key, as
/// PEM (rustls' `PemObject` reads it in the native engine, Node's `tls.createServer` in the
/// WASM engine's host).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub cert_pem: String,
    pub key_pem: String,
}

/// A P-256 key as rcgen signs with it.
#[cfg(feature = "identity")]
struct Key {
    signing: p256::ecdsa::SigningKey,
    /// The public point, uncompressed (SEC 1): what the certificate carries.
    public: Vec<u8>,
}

#[cfg(feature = "identity")]
impl rcgen::PublicKeyData for Key {
    fn der_bytes(&self) -> &[u8] {
        &self.public
    }

    fn algorithm(&self) -> &'static rcgen::SignatureAlgorithm {
        &rcgen::PKCS_ECDSA_P256_SHA256
    }
}

#[cfg(feature = "identity")]
impl rcgen::SigningKey for Key {
    fn sign(&self, message: &[u8]) -> std::result::Result<Vec<u8>, rcgen::Error> {
        let signature: p256::ecdsa::DerSignature = self.signing.sign(message);
        Ok(signature.as_bytes().to_vec())
    }
}

#[cfg(feature = "identity")]
fn internal(what: &str, e: impl std::fmt::Display) -> Error {
    Error::new(ErrorCode::Internal, format!("making the TLS certificate: {what}: {e}"))
}

/// A responder's TLS, as its options give it.
#[derive(Debug, Clone, PartialEq)]
pub enum ServeTls {
    Off,
    /// A self-signed certificate, made at `serve()`.
    On,
    /// The caller's certificate (PEM: the certificate, then its chain) and key (PEM).
    Own {
        cert: String,
        key: String,
    },
}

/// `{ cert, key }`: a responder's own TLS certificate and key, both PEM text.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "TlsIdentity")]
pub struct TlsIdentity {
    /// The certificate, then the chain up to (not including) the root, PEM.
    pub cert: String,
    /// Its private key, PEM (PKCS #8, SEC 1 or PKCS #1).
    pub key: String,
}

impl Input for ServeTls {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        match value {
            Json::Bool(true) => Ok(Self::On),
            Json::Bool(false) => Ok(Self::Off),
            Json::Object(_) => {
                let mut o = Obj::new(value, at)?;
                let tls = Self::Own {
                    cert: o.req("cert")?,
                    key: o.req("key")?,
                };
                o.deny_unknown()?;
                Ok(tls)
            }
            other => Err(at.expected("true, false, or { cert, key } in PEM", &other)),
        }
    }
}

impl Identity {
    /// A responder's identity as its options' `tls` says: none when off, the caller's when
    /// given, else a self-signed one for `host` ([`Self::for_host`]).
    pub fn serving(tls: Option<&ServeTls>, host: Option<&str>, secret: &[u8; 32]) -> Result<Option<Self>> {
        match tls {
            Some(ServeTls::Off) => Ok(None),
            Some(ServeTls::Own { cert, key }) => Self::from_pem(cert, key).map(Some),
            Some(ServeTls::On) | None => Self::for_host(host, secret).map(Some),
        }
    }

    /// The caller's certificate and key, as far as the core checks them: each PEM of its
    /// kind (the engine's TLS reads them whole, and refuses a key that is not the
    /// certificate's).
    pub fn from_pem(cert: &str, key: &str) -> Result<Self> {
        if !cert.contains("-----BEGIN CERTIFICATE-----") {
            return Err(Error::invalid(
                "serve option tls.cert is no PEM certificate (-----BEGIN CERTIFICATE-----)",
            ));
        }
        if !(key.contains("-----BEGIN ") && key.contains("PRIVATE KEY-----")) {
            return Err(Error::invalid(
                "serve option tls.key is no PEM private key (-----BEGIN PRIVATE KEY-----)",
            ));
        }
        Ok(Self {
            cert_pem: cert.to_string(),
            key_pem: key.to_string(),
        })
    }

    /// A certificate for a responder listening on `host` (and loopback's names), as a
    /// game's server makes its own.
    pub fn for_host(host: Option<&str>, secret: &[u8; 32]) -> Result<Self> {
        let mut names = vec!["localhost", "127.0.0.1", "::1"];
        names.extend(host.filter(|h| !names.contains(h) && *h != "0.0.0.0" && *h != "::"));
        Self::self_signed(&names, secret)
    }

    /// A build without the feature makes none.
    #[cfg(not(feature = "identity"))]
    pub fn self_signed(_names: &[&str], _secret: &[u8; 32]) -> Result<Self> {
        Err(Error::new(
            ErrorCode::InvalidArgument,
            "this build serves no TLS (a browser's or a Worker's host has no TLS server to \
             give a responder): serve it from Node, with gamequery or gamequery-wasm's Node entry",
        ))
    }

    /// A certificate for `names` (host names or addresses), self-signed by a key made from
    /// `secret` (32 random bytes of the host's).
    #[cfg(feature = "identity")]
    pub fn self_signed(names: &[&str], secret: &[u8; 32]) -> Result<Self> {
        // One in 2^128 secrets is no scalar of the curve: hashed again until one is.
        let mut seed = *secret;
        let signing = loop {
            match p256::ecdsa::SigningKey::from_slice(&seed) {
                Ok(key) => break key,
                Err(_) => seed = sha2::Sha256::digest(seed).into(),
            }
        };
        let public = signing.verifying_key().to_encoded_point(false).as_bytes().to_vec();
        let mut params = rcgen::CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
            .map_err(|e| internal("the names", e))?;
        // Positive, 16 bytes, unique per key: what RFC 5280 asks of a serial.
        let mut serial = sha2::Sha256::digest(&public)[..16].to_vec();
        serial[0] &= 0x7f;
        params.serial_number = Some(rcgen::SerialNumber::from_slice(&serial));
        params.distinguished_name = rcgen::DistinguishedName::new();
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, names.first().copied().unwrap_or("gamequery"));
        let key = Key { signing, public };
        let cert = params.self_signed(&key).map_err(|e| internal("signing", e))?;
        let key_pem = key
            .signing
            .to_pkcs8_pem(LineEnding::LF)
            .map_err(|e| internal("the key", e))?;
        Ok(Self {
            cert_pem: cert.pem(),
            key_pem: key_pem.to_string(),
        })
    }
}

#[cfg(all(test, feature = "identity"))]
mod tests {
    use super::*;

    #[test]
    fn a_certificate_for_the_names_its_key_signed() {
        let a = Identity::self_signed(&["localhost", "127.0.0.1"], &[7; 32]).unwrap();
        assert!(a.cert_pem.starts_with("-----BEGIN CERTIFICATE-----\n"));
        assert!(a.key_pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
        // DER: a SEQUENCE, and the names in it.
        let (_, der) = p256::pkcs8::der::pem::decode_vec(a.cert_pem.as_bytes()).unwrap();
        assert_eq!(der[0], 0x30);
        assert!(der.windows(9).any(|w| w == b"localhost"));
        assert!(der.windows(4).any(|w| w == [127, 0, 0, 1]));
        // The same secret makes the same key; another, another.
        let b = Identity::self_signed(&["localhost"], &[7; 32]).unwrap();
        assert_eq!(a.key_pem, b.key_pem);
        assert_ne!(
            Identity::self_signed(&["localhost"], &[8; 32]).unwrap().key_pem,
            a.key_pem
        );
        // No scalar: hashed until one is.
        assert!(Identity::self_signed(&["localhost"], &[0; 32]).is_ok());
        assert!(Identity::self_signed(&["localhost"], &[0xff; 32]).is_ok());
    }
}
