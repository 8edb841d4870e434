//! The native engine's TLS: rustls over a connected TCP stream, as a call's `Io::Open`
//! asks ([`crate::tls::Tls`]). Certificates are checked against webpki-roots (Mozilla's
//! roots, which Node bundles too) and the certificates `NODE_EXTRA_CA_CERTS` names (as Node
//! adds them to its own: a company's TLS proxy, a test's CA), or the caller's `tls.ca`
//! alone; `tls.insecure` skips the
//! certificate but still checks the handshake's signatures. A failed handshake is
//! classified for the call ([`TlsFailure`]) from rustls' typed errors. A responder's
//! connections are served with its identity ([`acceptor`]).

use std::io::ErrorKind;
use std::sync::{Arc, Mutex, OnceLock};

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio::net::TcpStream;
use tokio_rustls::client::TlsStream;
use tokio_rustls::TlsConnector;

use crate::error::{Error, Result};
use crate::tls::identity::Identity;
use crate::tls::{Tls, TlsFailure};

/// A failed handshake: why, and rustls' words.
pub type Failure = (TlsFailure, String);

/// The handshake over `stream`, checked as `tls` says.
pub async fn handshake(stream: TcpStream, tls: &Tls) -> Result<TlsStream<TcpStream>, Failure> {
    let config = config(tls)?;
    let name = ServerName::try_from(tls.name().to_string())
        .map_err(|e| (TlsFailure::Other, format!("{}: {e}", tls.name())))?;
    TlsConnector::from(config)
        .connect(name, stream)
        .await
        .map_err(|e| (classify(&e), e.to_string()))
}

fn provider() -> Arc<CryptoProvider> {
    static PROVIDER: OnceLock<Arc<CryptoProvider>> = OnceLock::new();
    PROVIDER
        .get_or_init(|| Arc::new(rustls::crypto::ring::default_provider()))
        .clone()
}

/// The default and the insecure configurations are built once, and one for each of the
/// last few `tls.ca` given: each configuration keeps the sessions its servers gave
/// (rustls' in-memory cache), so the next connection to one of them resumes its session
/// (an abbreviated handshake, no certificate sent or checked again) rather than starting
/// over — a bot asking its own self-signed server every minute, a `queryMany` over one
/// host's servers.
fn config(tls: &Tls) -> Result<Arc<ClientConfig>, Failure> {
    static TRUSTED: OnceLock<Arc<ClientConfig>> = OnceLock::new();
    static UNCHECKED: OnceLock<Arc<ClientConfig>> = OnceLock::new();
    if tls.insecure {
        return Ok(UNCHECKED
            .get_or_init(|| {
                let verifier = Arc::new(Unchecked(provider()));
                finish(builder().dangerous().with_custom_certificate_verifier(verifier))
            })
            .clone());
    }
    let Some(pem) = &tls.ca else {
        return Ok(TRUSTED
            .get_or_init(|| {
                let mut roots = RootCertStore {
                    roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
                };
                for cert in extra_certs() {
                    // One Node could not read either, it ignores too.
                    let _ = roots.add(cert);
                }
                finish(builder().with_root_certificates(roots))
            })
            .clone());
    };
    with_roots(pem)
}

/// Configurations with a caller's roots kept at most, the oldest let go first.
const KEPT_WITH_ROOTS: usize = 8;

/// The configuration trusting the certificates `pem` holds alone.
fn with_roots(pem: &Arc<str>) -> Result<Arc<ClientConfig>, Failure> {
    static KEPT: Mutex<Vec<(Arc<str>, Arc<ClientConfig>)>> = Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, config)) = kept.iter().find(|(p, _)| **p == **pem) {
        return Ok(config.clone());
    }
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(pem.as_bytes()) {
        let cert = cert.map_err(|e| (TlsFailure::Other, format!("tls.ca: {e}")))?;
        roots
            .add(cert)
            .map_err(|e| (TlsFailure::Other, format!("tls.ca: {e}")))?;
    }
    if roots.is_empty() {
        return Err((TlsFailure::Other, "tls.ca: no certificate could be read".to_string()));
    }
    let config = finish(builder().with_root_certificates(roots));
    if kept.len() == KEPT_WITH_ROOTS {
        kept.remove(0);
    }
    kept.push((pem.clone(), config.clone()));
    Ok(config)
}

/// The certificates of the PEM file `NODE_EXTRA_CA_CERTS` names, read once, as Node reads
/// it at start (an unreadable file adds none, as Node's warning says).
fn extra_certs() -> Vec<CertificateDer<'static>> {
    let Some(path) = std::env::var_os("NODE_EXTRA_CA_CERTS").filter(|p| !p.is_empty()) else {
        return vec![];
    };
    match CertificateDer::pem_file_iter(path) {
        Ok(certs) => certs.filter_map(|c| c.ok()).collect(),
        Err(_) => vec![],
    }
}

fn builder() -> rustls::ConfigBuilder<ClientConfig, rustls::WantsVerifier> {
    ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("ring's provider supports TLS 1.2 and 1.3")
}

fn finish(builder: rustls::ConfigBuilder<ClientConfig, rustls::client::WantsClientCert>) -> Arc<ClientConfig> {
    let mut config = builder.with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Arc::new(config)
}

fn classify(e: &std::io::Error) -> TlsFailure {
    let Some(tls) = e.get_ref().and_then(|inner| inner.downcast_ref::<rustls::Error>()) else {
        // Closed or reset in the handshake: what listens there does not speak TLS.
        return match e.kind() {
            ErrorKind::UnexpectedEof | ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted => TlsFailure::NotTls,
            _ => TlsFailure::Other,
        };
    };
    match tls {
        rustls::Error::InvalidCertificate(c) => match c {
            CertificateError::UnknownIssuer | CertificateError::BadSignature => TlsFailure::Untrusted,
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. } => TlsFailure::Name,
            CertificateError::Expired
            | CertificateError::ExpiredContext { .. }
            | CertificateError::NotValidYet
            | CertificateError::NotValidYetContext { .. } => TlsFailure::Expired,
            _ => TlsFailure::Other,
        },
        // Bytes that are no TLS record: a plain HTTP server's reply.
        rustls::Error::InvalidMessage(_) => TlsFailure::NotTls,
        _ => TlsFailure::Other,
    }
}

/// `tls.insecure`: any certificate, for any name — the handshake's signatures still
/// checked, so the session is at least with the holder of the certificate's key.
#[derive(Debug)]
struct Unchecked(Arc<CryptoProvider>);

impl ServerCertVerifier for Unchecked {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// What a responder's TLS connections are accepted with: its certificate and key.
pub fn acceptor(identity: &Identity) -> Result<tokio_rustls::TlsAcceptor> {
    let invalid = |what: &str, e: &dyn std::fmt::Display| Error::invalid(format!("serve option tls: {what}: {e}"));
    let certs = CertificateDer::pem_slice_iter(identity.cert_pem.as_bytes())
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|e| invalid("the certificate", &e))?;
    let key = rustls::pki_types::PrivateKeyDer::from_pem_slice(identity.key_pem.as_bytes())
        .map_err(|e| invalid("the key", &e))?;
    let config = rustls::ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("ring's provider supports TLS 1.2 and 1.3")
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| invalid("the certificate and key", &e))?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

/// 32 bytes of the operating system's randomness (ring's), for a responder's key.
pub fn secret() -> [u8; 32] {
    let mut out = [0u8; 32];
    // The OS's generator does not fail where a process runs; were it to, the time-seeded
    // bytes below still make a key, for a responder whose certificate no one trusts anyway.
    if provider().secure_random.fill(&mut out).is_err() {
        out[..8].copy_from_slice(&super::seed().to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use rustls::HandshakeKind;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};

    use super::*;

    /// Two connections to one server with its certificate as `tls.ca`: the second resumes.
    #[tokio::test]
    async fn the_next_connection_to_a_server_resumes_its_session() {
        let identity = Identity::self_signed(&["localhost"], &[7; 32]).unwrap();
        let acceptor = acceptor(&identity).unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let at = listener.local_addr().unwrap();
        let server = tokio::spawn(async move {
            for _ in 0..2 {
                let (stream, _) = listener.accept().await.unwrap();
                let mut tls = acceptor.accept(stream).await.unwrap();
                tls.write_all(b"x").await.unwrap();
                tls.shutdown().await.unwrap();
            }
        });
        let tls = Tls {
            ca: Some(identity.cert_pem.as_str().into()),
            server_name: Some("localhost".into()),
            ..Tls::default()
        };
        let mut kinds = vec![];
        for _ in 0..2 {
            let mut stream = handshake(TcpStream::connect(at).await.unwrap(), &tls).await.unwrap();
            // Reading after the handshake takes in the session tickets sent with it.
            let mut byte = [0u8; 1];
            stream.read_exact(&mut byte).await.unwrap();
            kinds.push(stream.get_ref().1.handshake_kind());
        }
        server.await.unwrap();
        assert_eq!(kinds, [Some(HandshakeKind::Full), Some(HandshakeKind::Resumed)]);
    }
}
